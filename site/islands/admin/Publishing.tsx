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

/**
 * With a bucket (PUBLISH_S3_BUCKET): whether it holds the published site, is being brought up to
 * date, or keeps failing (tried again by itself; editing goes on meanwhile).
 */
export function BucketIndicator({ publishing }: { publishing: Publishing }) {
  const bucket = publishing.status?.bucket;
  if (!bucket) return null;
  const state = bucket.state !== 'ok' ? bucket.state : bucket.syncing || !bucket.at ? 'uploading' : 'ok';
  const look = { ok: 'live', uploading: 'publishing', retrying: 'publishing', failed: 'failed' }[state];
  const text = {
    ok: 'Bucket up to date',
    uploading: 'Uploading to the bucket…',
    retrying: 'Bucket upload failed, retrying…',
    failed: 'Bucket upload failing',
  }[state];
  return (
    <p className={`publishing publishing-${look}`} role="status" title={bucket.error}>
      <span className="publishing-dot" aria-hidden="true" />
      {text}
    </p>
  );
}
