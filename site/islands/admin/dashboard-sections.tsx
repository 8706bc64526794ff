/**
 * The dashboard's views, in the order of its navigation: one entry per view, so adding a section
 * is one entry here. Each view has its own address, `/admin/dashboard#<id>` (see use-section-route.ts).
 */
import type { ReactNode } from 'react';
import type { Alumni } from '../../contract/alumni.ts';
import type { AdminSession } from '../../contract/api.ts';
import type { InboxMessage } from '../../contract/contact.ts';
import type { SiteContent } from '../../contract/content.ts';
import type { Page } from '../../contract/pages.ts';
import type { Publication } from '../../contract/publication.ts';
import { may, type Permission, ROLE_DUTIES, ROLE_NAMES, type Role } from '../../contract/roles.ts';
import type { Settings } from '../../contract/settings.ts';
import { waitingForReview } from '../../lib/publication-state.ts';
import { type AccountsList, AccountsSection } from './AccountsSection.tsx';
import { ActivitySection } from './ActivitySection.tsx';
import { type AlumniList, AlumniSection } from './AlumniSection.tsx';
import { CIRCULARS } from './circulars.tsx';
import { EVENTS } from './events.tsx';
import { GALLERY, GallerySection, HOME_GALLERY } from './GallerySection.tsx';
import { HistorySection } from './HistorySection.tsx';
import { InboxSection } from './InboxSection.tsx';
import { ItemsSection } from './ItemsSection.tsx';
import { LeadershipSection } from './LeadershipSection.tsx';
import { LogosSection } from './LogosSection.tsx';
import { NEWS } from './news.tsx';
import { PagesSection } from './PagesSection.tsx';
import { Panel } from './Panel.tsx';
import { PersonalDataSection } from './PersonalDataSection.tsx';
import { SiteSettingsSection } from './SiteSettingsSection.tsx';
import { TwoFactorSettings } from './TwoFactorSettings.tsx';
import type { useContentDocument } from './use-content-document.ts';
import type { useMessageSaver } from './use-message-saver.ts';

/** What the views are drawn from: the dashboard's state and the ways to change it. */
export interface DashboardState {
  content: SiteContent;
  document: ReturnType<typeof useContentDocument>['document'];
  messages: ReturnType<typeof useMessageSaver>;
  onSettings: (settings: Settings) => void;
  onPages: (pages: Page[]) => void;
  username: string;
  role: Role;
  /** The signed-in account as the server last described it, and a way to ask again. */
  session: AdminSession;
  reloadSession: () => Promise<void>;
  alumni: AlumniList;
  onAlumni: (alumni: Alumni[]) => void;
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
}

export interface DashboardSection {
  /** Its address (`#id`) and the id of its view. */
  id: string;
  label: string;
  /** Who sees it: the accounts whose role may do this (site/contract/roles.ts)… */
  permission: Permission;
  /** …unless their role may also do this (they find the same elsewhere). */
  unless?: Permission;
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
      <ItemsSection kind={EVENTS} items={s.content.events} onItems={(events) => s.document.saved({ events })} />
    ),
    count: (s) => waitingCount(s, s.content.events),
  },
  {
    id: 'news',
    label: 'News',
    permission: 'drafts',
    render: (s) => <ItemsSection kind={NEWS} items={s.content.news} onItems={(news) => s.document.saved({ news })} />,
    count: (s) => waitingCount(s, s.content.news),
  },
  {
    id: 'galleries',
    label: 'Galleries',
    permission: 'drafts',
    count: (s) => waitingCount(s, s.content.homegallery, s.content.gallery),
    render: (s) => (
      <>
        <GallerySection
          texts={HOME_GALLERY}
          items={s.content.homegallery}
          onItems={(homegallery) => s.document.saved({ homegallery })}
        />
        <GallerySection
          texts={GALLERY}
          items={s.content.gallery}
          onItems={(gallery) => s.document.saved({ gallery })}
        />
      </>
    ),
  },
  {
    id: 'circulars',
    label: 'Circulars',
    permission: 'drafts',
    render: (s) => (
      <ItemsSection
        kind={CIRCULARS}
        items={s.content.circulars}
        onItems={(circulars) => s.document.saved({ circulars })}
      />
    ),
    count: (s) => waitingCount(s, s.content.circulars),
  },
  {
    id: 'pages',
    label: 'Pages',
    permission: 'content',
    render: (s) => <PagesSection pages={s.content.pages} onPages={s.onPages} />,
    count: (s) => waitingCount(s, s.content.pages),
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
    render: (s) => <AlumniSection list={s.alumni} onAlumni={s.onAlumni} onRetry={s.reloadAlumni} />,
    count: (s) =>
      s.alumni.ok
        ? { value: s.alumni.alumni.filter((alumnus) => !alumnus.isApproved).length, meaning: 'pending' }
        : null,
  },
  {
    id: 'personal-data',
    label: 'Personal data',
    permission: 'personalData',
    render: (s) => <PersonalDataSection onErased={s.reloadPersonalData} />,
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

/** The sections the role `role` may use, in the navigation's order. */
export const sectionsFor = (role: Role) =>
  DASHBOARD_SECTIONS.filter(
    (section) => may(role, section.permission) && !(section.unless && may(role, section.unless)),
  );

/** The section of `sections` whose id is `id`, or the first one for an unknown or empty id. */
export function sectionNamed(sections: readonly DashboardSection[], id: string): DashboardSection {
  return sections.find((section) => section.id === id) ?? sections[0]!;
}
