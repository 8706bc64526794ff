import type { Publishing } from './use-publishing.ts';

/** 'Publishing…' while the site rebuilds, 'Live' once the change is on the public site. */
export function PublishingIndicator({ publishing }: { publishing: Publishing }) {
  const { status, reachable, changed } = publishing;
  let state: 'checking' | 'publishing' | 'live' | 'failed' | 'offline' = 'checking';
  if (!reachable) state = 'offline';
  else if (changed) state = 'publishing';
  else if (status?.live) state = 'live';
  else if (status?.state === 'failed') state = 'failed';
  else if (status) state = 'publishing';
  const text = {
    checking: 'Checking…',
    publishing: 'Publishing…',
    live: 'Live',
    failed: 'Publishing failed',
    offline: 'Server unreachable',
  }[state];
  return (
    <p className={`publishing publishing-${state}`} role="status">
      <span className="publishing-dot" aria-hidden="true" />
      {text}
    </p>
  );
}

/** Why the last rebuild failed: visitors still see the version before it. */
export function PublishingProblem({ publishing }: { publishing: Publishing }) {
  const { status, changed } = publishing;
  if (!status || changed || status.live || status.state !== 'failed') return null;
  return (
    <div className="alert banner" role="alert">
      <p>
        <strong>The last change could not be published.</strong>
        <span className="alert-detail">
          The public site still shows the version before it. Your changes are saved; the next change publishes them all.
          The error was: {status.error ?? 'unknown'}
        </span>
      </p>
    </div>
  );
}
