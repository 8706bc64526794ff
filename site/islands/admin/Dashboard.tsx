import { useCallback, useEffect, useState } from 'react';
import type { Alumni } from '../../contract/alumni.ts';
import type { AdminSession } from '../../contract/api.ts';
import type { Page } from '../../contract/pages.ts';
import type { Settings } from '../../contract/settings.ts';
import { adminRequest } from '../../lib/admin-api.ts';
import { adminSession } from '../../lib/admin-session.ts';
import { ApiError, CONNECTION_MESSAGE } from '../../lib/api-client.ts';
import { type AccountsList, AccountsSection, loadAccounts } from './AccountsSection.tsx';
import { ActivitySection } from './ActivitySection.tsx';
import { type AlumniList, AlumniSection } from './AlumniSection.tsx';
import { CircularsSection } from './CircularsSection.tsx';
import { EVENTS } from './events.tsx';
import { GALLERY, GallerySection, HOME_GALLERY } from './GallerySection.tsx';
import { HistorySection } from './HistorySection.tsx';
import { InboxSection } from './InboxSection.tsx';
import { ItemsSection } from './ItemsSection.tsx';
import { LeadershipSection } from './LeadershipSection.tsx';
import { LogosSection } from './LogosSection.tsx';
import { NEWS } from './news.tsx';
import { PagesSection } from './PagesSection.tsx';
import { PasswordWarning } from './PasswordWarning.tsx';
import { PublishingIndicator, PublishingProblem } from './Publishing.tsx';
import { SiteSettingsSection } from './SiteSettingsSection.tsx';
import { SchoolTimeZone } from './time-zone.ts';
import { UndoBar } from './UndoBar.tsx';
import { type ContentVersion, fetchContent, useContentDocument } from './use-content-document.ts';
import { useMessageSaver } from './use-message-saver.ts';
import { usePublishing } from './use-publishing.ts';

interface Loaded {
  version: ContentVersion;
  session: AdminSession;
  alumni: AlumniList;
  accounts: AccountsList;
}

type LoadState = { kind: 'loading' } | { kind: 'failed'; message: string } | { kind: 'ready'; loaded: Loaded };

const SECTIONS = [
  ['site', 'School details'],
  ['pages', 'Pages'],
  ['logos', 'Logos'],
  ['leadership', 'Leadership'],
  ['events', 'Events'],
  ['news', 'News'],
  ['circulars', 'Circulars'],
  ['homegallery', 'Home gallery'],
  ['gallery', 'Gallery'],
  ['alumni', 'Alumni'],
  ['inbox', 'Inbox'],
  ['accounts', 'Accounts'],
  ['activity', 'Activity'],
] as const;

/**
 * /admin/dashboard. Without a stored token it opens the login; otherwise it loads the content,
 * the session (which checks the token) and the alumni together.
 */
export default function Dashboard() {
  const [state, setState] = useState<LoadState>({ kind: 'loading' });

  useEffect(() => {
    if (!adminSession.token()) return adminSession.end();
    load().then(
      (loaded) => setState({ kind: 'ready', loaded }),
      (error: unknown) => setState({ kind: 'failed', message: loadFailure(error) }),
    );
  }, []);

  if (state.kind === 'loading')
    return (
      <p className="admin-loading" role="status">
        Loading the dashboard…
      </p>
    );
  if (state.kind === 'failed') {
    return (
      <div className="load-failure" role="alert">
        <p>{state.message}</p>
        <button type="button" onClick={() => window.location.reload()}>
          Retry
        </button>
      </div>
    );
  }
  return <DashboardView loaded={state.loaded} />;
}

async function load(): Promise<Loaded> {
  const alumni = loadAlumni();
  const accounts = loadAccounts();
  const [version, session] = await Promise.all([fetchContent(), adminRequest<AdminSession>('/api/admin/session')]);
  return { version, session, alumni: await alumni, accounts: await accounts };
}

function loadAlumni(): Promise<AlumniList> {
  return adminRequest<Alumni[]>('/api/admin/alumni').then(
    (alumni) => ({ ok: true, alumni }),
    () => ({ ok: false }),
  );
}

function loadFailure(error: unknown): string {
  return error instanceof ApiError && error.isNetworkError ? CONNECTION_MESSAGE : 'Failed to load content';
}

function DashboardView({ loaded }: { loaded: Loaded }) {
  const publishing = usePublishing();
  const { content, document } = useContentDocument(loaded.version, publishing.watch);
  const messages = useMessageSaver(document);
  const [alumni, setAlumni] = useState(loaded.alumni);
  const [accounts, setAccounts] = useState(loaded.accounts);
  const [defaultPassword, setDefaultPassword] = useState(loaded.session.usesDefaultPassword);
  const [leaving, setLeaving] = useState(false);
  const { schoolName, timeZone } = content.settings;
  // The two long forms render again only when what they show changes (memo).
  const onSettings = useCallback((settings: Settings) => document.saved({ settings }), [document]);
  const onPages = useCallback((pages: Page[]) => document.saved({ pages }), [document]);

  useEffect(() => {
    window.document.title = `Administrator dashboard | ${schoolName}`;
  }, [schoolName]);

  async function logout() {
    setLeaving(true);
    await messages.idle();
    adminSession.end();
  }

  return (
    <SchoolTimeZone value={timeZone}>
      <div className="dashboard">
        <header className="admin-bar">
          <div className="admin-bar-inner">
            <h1 className="admin-brand">
              {schoolName} <span>Dashboard</span>
            </h1>
            <PublishingIndicator publishing={publishing} />
            <a className="button secondary" href="/" target="_blank" rel="noopener">
              View site
            </a>
            <button type="button" className="secondary" onClick={logout} disabled={leaving}>
              {leaving ? 'Logging out…' : 'Logout'}
            </button>
          </div>
          <nav className="section-nav" aria-label="Dashboard sections">
            <ul>
              {SECTIONS.map(([id, label]) => (
                <li key={id}>
                  <a href={`#${id}`}>{label}</a>
                </li>
              ))}
            </ul>
          </nav>
        </header>
        <div className="dashboard-body">
          <PublishingProblem publishing={publishing} />
          {defaultPassword && (
            <PasswordWarning username={loaded.session.username} onChanged={() => setDefaultPassword(false)} />
          )}
          <SiteSettingsSection settings={content.settings} onSettings={onSettings} />
          <PagesSection pages={content.pages} onPages={onPages} />
          <LogosSection logos={content.logos} onLogos={(logos) => document.saved({ logos })} />
          <LeadershipSection
            content={content}
            messages={messages}
            onContent={(next, etag) => document.saved(next, etag)}
          />
          <ItemsSection kind={EVENTS} items={content.events} onItems={(events) => document.saved({ events })} />
          <ItemsSection kind={NEWS} items={content.news} onItems={(news) => document.saved({ news })} />
          <CircularsSection circulars={content.circulars} onCirculars={(circulars) => document.saved({ circulars })} />
          <GallerySection
            texts={HOME_GALLERY}
            items={content.homegallery}
            onItems={(homegallery) => document.saved({ homegallery })}
          />
          <GallerySection texts={GALLERY} items={content.gallery} onItems={(gallery) => document.saved({ gallery })} />
          <AlumniSection
            list={alumni}
            onAlumni={(list) => setAlumni({ ok: true, alumni: list })}
            onRetry={() => void loadAlumni().then(setAlumni)}
          />
          <InboxSection />
          <AccountsSection username={loaded.session.username} list={accounts} onAccounts={setAccounts} />
          <ActivitySection />
          <HistorySection onRestored={(restored, etag) => document.saved(restored, etag)} />
          <UndoBar onRestored={(restored, etag) => document.saved(restored, etag)} />
        </div>
      </div>
    </SchoolTimeZone>
  );
}
