import { useEffect, useState } from 'react';
import type { Alumni } from '../../contract/alumni.ts';
import type { AdminSession } from '../../contract/api.ts';
import type { LeadershipRole } from '../../contract/content.ts';
import { adminRequest } from '../../lib/admin-api.ts';
import { adminSession } from '../../lib/admin-session.ts';
import { ApiError, CONNECTION_MESSAGE } from '../../lib/api-client.ts';
import { type AlumniList, AlumniSection } from './AlumniSection.tsx';
import { CircularsSection } from './CircularsSection.tsx';
import { EVENTS } from './events.tsx';
import { GALLERY, GallerySection, HOME_GALLERY } from './GallerySection.tsx';
import { InboxSection } from './InboxSection.tsx';
import { ItemsSection } from './ItemsSection.tsx';
import { type Leader, LeadershipSection } from './LeadershipSection.tsx';
import { LogosSection } from './LogosSection.tsx';
import { NEWS } from './news.tsx';
import { PasswordWarning } from './PasswordWarning.tsx';
import { PublishingIndicator, PublishingProblem } from './Publishing.tsx';
import { type ContentVersion, fetchContent, useContentDocument } from './use-content-document.ts';
import { useMessageSaver } from './use-message-saver.ts';
import { usePublishing } from './use-publishing.ts';

interface Loaded {
  version: ContentVersion;
  session: AdminSession;
  alumni: AlumniList;
}

type LoadState = { kind: 'loading' } | { kind: 'failed'; message: string } | { kind: 'ready'; loaded: Loaded };

export interface DashboardProps {
  schoolName: string;
  leaders: Record<LeadershipRole, Leader>;
}

const SECTIONS = [
  ['logos', 'Logos'],
  ['leadership', 'Leadership'],
  ['events', 'Events'],
  ['news', 'News'],
  ['circulars', 'Circulars'],
  ['homegallery', 'Home gallery'],
  ['gallery', 'Gallery'],
  ['alumni', 'Alumni'],
  ['inbox', 'Inbox'],
] as const;

/**
 * /admin/dashboard. Without a stored token it opens the login; otherwise it loads the content,
 * the session (which checks the token) and the alumni together.
 */
export default function Dashboard(props: DashboardProps) {
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
  return <DashboardView {...props} loaded={state.loaded} />;
}

async function load(): Promise<Loaded> {
  const alumni = loadAlumni();
  const [version, session] = await Promise.all([fetchContent(), adminRequest<AdminSession>('/api/admin/session')]);
  return { version, session, alumni: await alumni };
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

function DashboardView({ schoolName, leaders, loaded }: DashboardProps & { loaded: Loaded }) {
  const publishing = usePublishing();
  const { content, document } = useContentDocument(loaded.version, publishing.watch);
  const messages = useMessageSaver(document);
  const [alumni, setAlumni] = useState(loaded.alumni);
  const [defaultPassword, setDefaultPassword] = useState(loaded.session.usesDefaultPassword);
  const [leaving, setLeaving] = useState(false);

  async function logout() {
    setLeaving(true);
    await messages.idle();
    adminSession.end();
  }

  return (
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
        <LogosSection logos={content.logos} onLogos={(logos) => document.saved({ logos })} />
        <LeadershipSection
          content={content}
          leaders={leaders}
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
      </div>
    </div>
  );
}
