/**
 * The dashboard's views, in the order of its navigation: one entry per view, so adding a section
 * is one entry here. Each view has its own address, `/admin/dashboard#<id>` (see use-section-route.ts).
 */
import type { ReactNode } from 'react';
import type { AccessibilityFinding } from '../../contract/accessibility.ts';
import type { AdminListKey, ReviewCounts } from '../../contract/admin-lists.ts';
import { isShowing } from '../../contract/alerts.ts';
import type { AdminSession } from '../../contract/api.ts';
import type { InboxMessage } from '../../contract/contact.ts';
import type { Page } from '../../contract/pages.ts';
import type { Publication } from '../../contract/publication.ts';
import { may, type Permission, ROLE_DUTIES, ROLE_NAMES, type Role } from '../../contract/roles.ts';
import type { Settings } from '../../contract/settings.ts';
import { waitingForReview } from '../../lib/publication-state.ts';
import { type AccountsList, AccountsSection } from './AccountsSection.tsx';
import { ActivitySection } from './ActivitySection.tsx';
import { AlertsSection } from './AlertsSection.tsx';
import { type AlumniList, AlumniSection } from './AlumniSection.tsx';
import { AccessibilitySection } from './accessibility/AccessibilitySection.tsx';
import { CIRCULARS } from './circulars.tsx';
import { EVENTS } from './events.tsx';
import { GALLERY, GallerySection, HOME_GALLERY } from './GallerySection.tsx';
import { HistorySection } from './HistorySection.tsx';
import { InboxSection } from './InboxSection.tsx';
import { ItemsSection } from './ItemsSection.tsx';
import { LeadershipSection } from './LeadershipSection.tsx';
import { LogosSection } from './LogosSection.tsx';
import { MediaSection } from './MediaSection.tsx';
import { NEWS } from './news.tsx';
import { PagesSection } from './PagesSection.tsx';
import { Panel } from './Panel.tsx';
import { PersonalDataSection } from './PersonalDataSection.tsx';
import { SiteSettingsSection } from './SiteSettingsSection.tsx';
import { SubscribersSection } from './SubscribersSection.tsx';
import { TwoFactorSettings } from './TwoFactorSettings.tsx';
import { type TranslationGaps, TranslationsSection } from './translations/TranslationsSection.tsx';
import type { DocumentContent, ListRevisions, useContentDocument } from './use-content-document.ts';
import type { useMessageSaver } from './use-message-saver.ts';
import type { FirstPages } from './use-server-list.ts';

/** What the views are drawn from: the dashboard's state and the ways to change it. */
export interface DashboardState {
  /** The content without its long lists, which each section reads a page at a time. */
  content: DocumentContent;
  document: ReturnType<typeof useContentDocument>['document'];
  /** Changes whenever this tab wrote to a long list: its shown pages are read again. */
  revisions: ListRevisions;
  /** The first page of each long list, read with the dashboard. */
  firstPages: FirstPages;
  /** How many items of each long list wait for review (asked of the server); null until known. */
  waiting: ReviewCounts | null;
  messages: ReturnType<typeof useMessageSaver>;
  onSettings: (settings: Settings) => void;
  onPages: (pages: Page[]) => void;
  username: string;
  role: Role;
  /** The signed-in account as the server last described it, and a way to ask again. */
  session: AdminSession;
  reloadSession: () => Promise<void>;
  alumni: AlumniList;
  /** Reads the alumni's first page and counts again (after a change, or to retry). */
  reloadAlumni: () => void;
  accounts: AccountsList;
  onAccounts: (accounts: AccountsList) => void;
  /** The inbox's messages once it loaded them, for its count; null until then. */
  inbox: InboxMessage[] | null;
  onInbox: (messages: InboxMessage[]) => void;
  /** How many times the inbox was asked to load again: it does whenever this changes. */
  inboxReloads: number;
  /** Loads the inbox and the alumni again: a person's data was erased from both. */
  reloadPersonalData: () => void;
  /** The accessibility checker's findings once read, for their count; null until then. */
  accessibility: AccessibilityFinding[] | null;
  onAccessibility: (findings: AccessibilityFinding[]) => void;
  /** What is left to translate into each other language once read, for its count; null until then. */
  translationGaps: TranslationGaps | null;
  onTranslationGaps: (gaps: TranslationGaps) => void;
}

export interface DashboardSection {
  /** Its address (`#id`) and the id of its view. */
  id: string;
  label: string;
  /** Who sees it: the accounts whose role may do this (site/contract/roles.ts)… */
  permission: Permission;
  /** …unless their role may also do this (they find the same elsewhere). */
  unless?: Permission;
  /** Shown only on a site whose settings say so (the Translations view, on a site of several languages). */
  when?: (settings: Settings) => boolean;
  render: (state: DashboardState) => ReactNode;
  /** A number worth the administrator's attention (new messages, registrations awaiting approval). */
  count?: (state: DashboardState) => { value: number; meaning: string } | null;
}

export const DASHBOARD_SECTIONS: readonly DashboardSection[] = [
  {
    id: 'site',
    label: 'School details',
    permission: 'content',
    render: (s) => (
      <>
        <SiteSettingsSection settings={s.content.settings} onSettings={s.onSettings} />
        <LogosSection logos={s.content.logos} onLogos={(logos) => s.document.saved({ logos })} />
      </>
    ),
  },
  {
    id: 'leadership',
    label: 'Leadership',
    permission: 'content',
    render: (s) => (
      <LeadershipSection
        content={s.content}
        messages={s.messages}
        onContent={(next, etag) => s.document.saved(next, etag)}
      />
    ),
  },
  {
    id: 'events',
    label: 'Events',
    permission: 'drafts',
    render: (s) => (
      <ItemsSection
        kind={EVENTS}
        revision={s.revisions.events}
        first={s.firstPages.events}
        onWritten={() => s.document.listWritten('events')}
      />
    ),
    count: (s) => listsWaiting(s, 'events'),
  },
  {
    id: 'news',
    label: 'News',
    permission: 'drafts',
    render: (s) => (
      <ItemsSection
        kind={NEWS}
        revision={s.revisions.news}
        first={s.firstPages.news}
        onWritten={() => s.document.listWritten('news')}
      />
    ),
    count: (s) => listsWaiting(s, 'news'),
  },
  {
    id: 'galleries',
    label: 'Galleries',
    permission: 'drafts',
    count: (s) => listsWaiting(s, 'homegallery', 'gallery'),
    // The id is the target of the navigation's #galleries link (each other view's panel has its own).
    render: (s) => (
      <div id="galleries" className="dashboard-view-group">
        <GallerySection
          texts={HOME_GALLERY}
          revision={s.revisions.homegallery}
          first={s.firstPages.homegallery}
          onWritten={() => s.document.listWritten('homegallery')}
        />
        <GallerySection
          texts={GALLERY}
          revision={s.revisions.gallery}
          first={s.firstPages.gallery}
          onWritten={() => s.document.listWritten('gallery')}
        />
      </div>
    ),
  },
  {
    id: 'circulars',
    label: 'Circulars',
    permission: 'drafts',
    render: (s) => (
      <ItemsSection
        kind={CIRCULARS}
        revision={s.revisions.circulars}
        first={s.firstPages.circulars}
        onWritten={() => s.document.listWritten('circulars')}
      />
    ),
    count: (s) => listsWaiting(s, 'circulars'),
  },
  {
    id: 'alerts',
    label: 'Alerts',
    permission: 'publish',
    render: (s) => <AlertsSection alerts={s.content.alerts} onAlerts={(alerts) => s.document.saved({ alerts })} />,
    count: (s) => ({
      value: s.content.alerts.filter((alert) => isShowing(alert, new Date())).length,
      meaning: 'showing now',
    }),
  },
  {
    id: 'media',
    label: 'Media',
    permission: 'drafts',
    render: () => <MediaSection />,
  },
  {
    id: 'pages',
    label: 'Pages',
    permission: 'content',
    render: (s) => <PagesSection pages={s.content.pages} onPages={s.onPages} />,
    count: (s) => waitingCount(s, s.content.pages),
  },
  {
    id: 'accessibility',
    label: 'Accessibility',
    permission: 'content',
    render: (s) => <AccessibilitySection content={s.content} revisions={s.revisions} onFindings={s.onAccessibility} />,
    count: (s) => s.accessibility && { value: s.accessibility.length, meaning: 'to fix' },
  },
  {
    id: 'translations',
    label: 'Translations',
    permission: 'drafts',
    when: (settings) => settings.languages.length > 1,
    render: (s) => (
      <TranslationsSection
        languages={s.content.settings.languages}
        content={s.content}
        revisions={s.revisions}
        onGaps={s.onTranslationGaps}
      />
    ),
    count: (s) =>
      s.translationGaps && {
        value: Object.values(s.translationGaps).reduce((sum, gaps) => sum + gaps.length, 0),
        meaning: 'to translate',
      },
  },
  {
    id: 'inbox',
    label: 'Inbox',
    permission: 'personalData',
    render: (s) => <InboxSection onMessages={s.onInbox} reloads={s.inboxReloads} />,
    count: (s) => s.inbox && { value: s.inbox.filter((message) => !message.read).length, meaning: 'unread' },
  },
  {
    id: 'alumni',
    label: 'Alumni',
    permission: 'personalData',
    render: (s) => <AlumniSection list={s.alumni} onChanged={s.reloadAlumni} onRetry={s.reloadAlumni} />,
    count: (s) => (s.alumni.ok ? { value: s.alumni.first.pending, meaning: 'pending' } : null),
  },
  {
    id: 'personal-data',
    label: 'Personal data',
    permission: 'personalData',
    render: (s) => <PersonalDataSection onErased={s.reloadPersonalData} />,
  },
  {
    id: 'subscribers',
    label: 'Subscribers',
    permission: 'personalData',
    render: () => <SubscribersSection />,
  },
  {
    id: 'accounts',
    label: 'Accounts',
    permission: 'accounts',
    render: (s) => (
      <>
        <AccountsSection username={s.username} list={s.accounts} onAccounts={s.onAccounts} />
        <ActivitySection />
      </>
    ),
  },
  {
    id: 'account',
    label: 'Your account',
    permission: 'signedIn',
    unless: 'accounts',
    render: (s) => (
      <Panel
        id="account"
        title="Your account"
        summary={`Signed in as ${s.username}: ${ROLE_NAMES[s.role]}. ${ROLE_DUTIES[s.role]}.`}
      >
        <TwoFactorSettings account={s.session} onChanged={s.reloadSession} />
      </Panel>
    ),
  },
  {
    id: 'history',
    label: 'History',
    permission: 'history',
    render: (s) => <HistorySection onRestored={(restored, etag) => s.document.saved(restored, etag)} />,
  },
];

/** Drafts waiting for a reviewer, counted for those who review. */
function waitingCount(s: DashboardState, ...lists: readonly (readonly Pick<Publication, 'status'>[])[]) {
  return may(s.role, 'publish') ? { value: waitingForReview(...lists), meaning: 'to review' } : null;
}

/** The same for long lists, which the server counts. */
function listsWaiting(s: DashboardState, ...keys: AdminListKey[]) {
  if (!may(s.role, 'publish') || !s.waiting) return null;
  const waiting = s.waiting;
  return { value: keys.reduce((sum, key) => sum + waiting[key], 0), meaning: 'to review' };
}

/** The sections the role `role` may use on a site of `settings`, in the navigation's order. */
export const sectionsFor = (role: Role, settings: Settings) =>
  DASHBOARD_SECTIONS.filter(
    (section) =>
      may(role, section.permission) &&
      !(section.unless && may(role, section.unless)) &&
      (section.when?.(settings) ?? true),
  );

/** The section of `sections` whose id is `id`, or the first one for an unknown or empty id. */
export function sectionNamed(sections: readonly DashboardSection[], id: string): DashboardSection {
  return sections.find((section) => section.id === id) ?? sections[0]!;
}
