/**
 * The dashboard's views, in the order of its navigation: one entry per view, so adding a section
 * is one entry here. Each view has its own address, `/admin/dashboard#<id>` (see use-section-route.ts).
 */
import type { ReactNode } from 'react';
import type { Alumni } from '../../contract/alumni.ts';
import type { InboxMessage } from '../../contract/contact.ts';
import type { SiteContent } from '../../contract/content.ts';
import type { Page } from '../../contract/pages.ts';
import type { Settings } from '../../contract/settings.ts';
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
import { SiteSettingsSection } from './SiteSettingsSection.tsx';
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
  alumni: AlumniList;
  onAlumni: (alumni: Alumni[]) => void;
  reloadAlumni: () => void;
  accounts: AccountsList;
  onAccounts: (accounts: AccountsList) => void;
  /** The inbox's messages once it loaded them, for its count; null until then. */
  inbox: InboxMessage[] | null;
  onInbox: (messages: InboxMessage[]) => void;
}

export interface DashboardSection {
  /** Its address (`#id`) and the id of its view. */
  id: string;
  label: string;
  render: (state: DashboardState) => ReactNode;
  /** A number worth the administrator's attention (new messages, registrations awaiting approval). */
  count?: (state: DashboardState) => { value: number; meaning: string } | null;
}

export const DASHBOARD_SECTIONS: readonly DashboardSection[] = [
  {
    id: 'site',
    label: 'School details',
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
    render: (s) => (
      <ItemsSection kind={EVENTS} items={s.content.events} onItems={(events) => s.document.saved({ events })} />
    ),
  },
  {
    id: 'news',
    label: 'News',
    render: (s) => <ItemsSection kind={NEWS} items={s.content.news} onItems={(news) => s.document.saved({ news })} />,
  },
  {
    id: 'galleries',
    label: 'Galleries',
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
    render: (s) => (
      <ItemsSection
        kind={CIRCULARS}
        items={s.content.circulars}
        onItems={(circulars) => s.document.saved({ circulars })}
      />
    ),
  },
  { id: 'pages', label: 'Pages', render: (s) => <PagesSection pages={s.content.pages} onPages={s.onPages} /> },
  {
    id: 'inbox',
    label: 'Inbox',
    render: (s) => <InboxSection onMessages={s.onInbox} />,
    count: (s) => s.inbox && { value: s.inbox.filter((message) => !message.read).length, meaning: 'unread' },
  },
  {
    id: 'alumni',
    label: 'Alumni',
    render: (s) => <AlumniSection list={s.alumni} onAlumni={s.onAlumni} onRetry={s.reloadAlumni} />,
    count: (s) =>
      s.alumni.ok
        ? { value: s.alumni.alumni.filter((alumnus) => !alumnus.isApproved).length, meaning: 'pending' }
        : null,
  },
  {
    id: 'accounts',
    label: 'Accounts',
    render: (s) => (
      <>
        <AccountsSection username={s.username} list={s.accounts} onAccounts={s.onAccounts} />
        <ActivitySection />
      </>
    ),
  },
  {
    id: 'history',
    label: 'History',
    render: (s) => <HistorySection onRestored={(restored, etag) => s.document.saved(restored, etag)} />,
  },
];

export const DEFAULT_SECTION = DASHBOARD_SECTIONS[0]!;

/** The section whose id is `id`, or the first one for an unknown or empty id. */
export function sectionNamed(id: string): DashboardSection {
  return DASHBOARD_SECTIONS.find((section) => section.id === id) ?? DEFAULT_SECTION;
}
