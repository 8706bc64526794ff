import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { AccessibilityFinding } from '../../contract/accessibility.ts';
import type { ReviewCounts } from '../../contract/admin-lists.ts';
import type { AdminSession } from '../../contract/api.ts';
import type { InboxMessage } from '../../contract/contact.ts';
import type { Page } from '../../contract/pages.ts';
import { may, ROLE_NAMES } from '../../contract/roles.ts';
import type { Settings } from '../../contract/settings.ts';
import { adminRequest } from '../../lib/admin-api.ts';
import { adminSession } from '../../lib/admin-session.ts';
import { ApiError, CONNECTION_MESSAGE } from '../../lib/api-client.ts';
import { type AccountsList, loadAccounts } from './AccountsSection.tsx';
import { type AlumniList, readAlumniPage } from './AlumniSection.tsx';
import { type DashboardState, sectionsFor } from './dashboard-sections.tsx';
import { EventCategories } from './event-categories.ts';
import { PasswordWarning } from './PasswordWarning.tsx';
import { BucketIndicator, PublishingIndicator, PublishingProblem } from './Publishing.tsx';
import { SectionNav } from './SectionNav.tsx';
import { SignedInAccount } from './signed-in.ts';
import { SchoolTimeZone } from './time-zone.ts';
import { SiteLanguages } from './translations/site-languages.ts';
import type { TranslationGaps } from './translations/TranslationsSection.tsx';
import { UndoBar } from './UndoBar.tsx';
import { CONTENT_PATH, type ContentVersion, fetchContent, useContentDocument } from './use-content-document.ts';
import { useMessageSaver } from './use-message-saver.ts';
import { usePublishing } from './use-publishing.ts';
import { useSectionRoute } from './use-section-route.ts';
import { type FirstPages, readFirstPages } from './use-server-list.ts';

interface Loaded {
  version: ContentVersion;
  session: AdminSession;
  alumni: AlumniList;
  accounts: AccountsList;
  /** The menu's "N to review" of the long lists, for those who review. */
  waiting: ReviewCounts | null;
  firstPages: FirstPages;
}

type LoadState = { kind: 'loading' } | { kind: 'failed'; message: string } | { kind: 'ready'; loaded: Loaded };

/**
 * /admin/dashboard. Without a stored token it opens the login; otherwise it loads the session
 * (which checks the token and says the role), then what that role works with: the content with
 * its drafts, the alumni, the accounts.
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
  const session = await adminRequest<AdminSession>('/api/admin/session');
  const { role } = session;
  const alumni: Promise<AlumniList> = may(role, 'personalData') ? loadAlumni() : Promise.resolve({ ok: false });
  const accounts: Promise<AccountsList> = may(role, 'accounts') ? loadAccounts() : Promise.resolve({ ok: false });
  const waiting = may(role, 'publish') ? loadReviewCounts() : Promise.resolve(null);
  const firstPages = may(role, 'drafts') ? readFirstPages() : Promise.resolve({});
  const version = await fetchContent(CONTENT_PATH);
  return {
    version,
    session,
    alumni: await alumni,
    accounts: await accounts,
    waiting: await waiting,
    firstPages: await firstPages,
  };
}

function loadAlumni(): Promise<AlumniList> {
  return readAlumniPage(1).then(
    (first) => ({ ok: true, first }),
    () => ({ ok: false }),
  );
}

/** How many items of each long list wait for review; null when that cannot be known now (no count shown). */
function loadReviewCounts(): Promise<ReviewCounts | null> {
  return adminRequest<ReviewCounts>('/api/admin/review-counts').catch(() => null);
}

/** The review counts loaded with the dashboard, asked again after each change this tab makes to a long list. */
function useReviewCounts(initial: ReviewCounts | null, revisions: object): ReviewCounts | null {
  const [counts, setCounts] = useState(initial);
  const first = useRef(revisions);
  useEffect(() => {
    if (!initial || revisions === first.current) return;
    let current = true;
    void loadReviewCounts().then((answer) => current && setCounts(answer));
    return () => {
      current = false;
    };
  }, [initial, revisions]);
  return counts;
}

function loadFailure(error: unknown): string {
  return error instanceof ApiError && error.isNetworkError ? CONNECTION_MESSAGE : 'Failed to load content';
}

function DashboardView({ loaded }: { loaded: Loaded }) {
  const { username, role } = loaded.session;
  const publishing = usePublishing();
  const { content, document, revisions } = useContentDocument(loaded.version, CONTENT_PATH, publishing.watch);
  const { schoolName, timeZone, languages, eventCategories } = content.settings;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the sections change with the role and the languages only
  const sections = useMemo(() => sectionsFor(role, content.settings), [role, languages.join()]);
  const waiting = useReviewCounts(loaded.waiting, revisions);
  const messages = useMessageSaver(document);
  const [alumni, setAlumni] = useState(loaded.alumni);
  const [accounts, setAccounts] = useState(loaded.accounts);
  const [inbox, setInbox] = useState<InboxMessage[] | null>(null);
  const [inboxReloads, setInboxReloads] = useState(0);
  const [accessibility, setAccessibility] = useState<AccessibilityFinding[] | null>(null);
  const [translationGaps, setTranslationGaps] = useState<TranslationGaps | null>(null);
  const [session, setSession] = useState(loaded.session);
  const [defaultPassword, setDefaultPassword] = useState(loaded.session.usesDefaultPassword);
  const [leaving, setLeaving] = useState(false);
  const { section: current, navigated } = useSectionRoute(sections);
  const views = useRef<HTMLDivElement>(null);
  // The two long forms render again only when what they show changes (memo).
  const onSettings = useCallback((settings: Settings) => document.saved({ settings }), [document]);
  const onPages = useCallback((pages: Page[]) => document.saved({ pages }), [document]);

  useEffect(() => {
    window.document.title = `${current.label} | Administrator dashboard | ${schoolName}`;
  }, [current, schoolName]);

  // A view opened from the navigation or the browser's history starts at its heading.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on each navigation
  useEffect(() => {
    if (navigated === 0) return;
    const heading = views.current?.querySelector<HTMLElement>(`[data-view="${current.id}"] h2`);
    if (!heading) return;
    heading.tabIndex = -1;
    heading.focus({ preventScroll: true });
    window.scrollTo(0, 0);
  }, [navigated]);

  async function logout() {
    setLeaving(true);
    await messages.idle();
    adminSession.end();
  }

  const state: DashboardState = {
    content,
    document,
    revisions,
    firstPages: loaded.firstPages,
    waiting,
    messages,
    onSettings,
    onPages,
    username,
    role,
    session,
    reloadSession: async () => setSession(await adminRequest<AdminSession>('/api/admin/session')),
    alumni,
    reloadAlumni: () => void loadAlumni().then(setAlumni),
    accounts,
    onAccounts: setAccounts,
    inbox,
    onInbox: setInbox,
    inboxReloads,
    reloadPersonalData: () => {
      setInboxReloads((count) => count + 1);
      void loadAlumni().then(setAlumni);
    },
    accessibility,
    onAccessibility: setAccessibility,
    translationGaps,
    onTranslationGaps: setTranslationGaps,
  };

  return (
    <SignedInAccount value={{ username, role }}>
      <SchoolTimeZone value={timeZone}>
        <SiteLanguages value={languages}>
          <EventCategories value={eventCategories}>
            <div className="dashboard">
              <header className="admin-bar">
                <div className="admin-bar-inner">
                  <h1 className="admin-brand">
                    {schoolName} <span>Dashboard</span>
                  </h1>
                  <p className="admin-who">
                    {username} · {ROLE_NAMES[role]}
                  </p>
                  <PublishingIndicator publishing={publishing} />
                  <BucketIndicator publishing={publishing} />
                  <a className="button secondary" href="/" target="_blank" rel="noopener">
                    View site
                  </a>
                  <button type="button" className="secondary" onClick={logout} disabled={leaving}>
                    {leaving ? 'Logging out…' : 'Logout'}
                  </button>
                </div>
              </header>
              <div className="dashboard-frame">
                <SectionNav sections={sections} current={current} state={state} />
                <div className="dashboard-body" ref={views}>
                  <PublishingProblem publishing={publishing} />
                  {defaultPassword && (
                    <PasswordWarning username={loaded.session.username} onChanged={() => setDefaultPassword(false)} />
                  )}
                  {/* Every view stays mounted, hidden when not shown: drafts and unsaved changes survive a visit elsewhere. */}
                  {sections.map((section) => (
                    <div
                      key={section.id}
                      className="dashboard-view"
                      data-view={section.id}
                      hidden={section.id !== current.id}
                    >
                      {section.render(state)}
                    </div>
                  ))}
                </div>
                <UndoBar onRestored={(restored, etag) => document.saved(restored, etag)} />
              </div>
            </div>
          </EventCategories>
        </SiteLanguages>
      </SchoolTimeZone>
    </SignedInAccount>
  );
}
