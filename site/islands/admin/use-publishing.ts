import { useCallback, useEffect, useState } from 'react';
import type { BuildStatus } from '../../contract/api.ts';
import { adminRequest } from '../../lib/admin-api.ts';

const POLL_MS = 1000;
/** After a failed build nothing changes until the next edit; look now and then all the same. */
const AFTER_FAILURE_POLL_MS = 5000;

export interface Publishing {
  status: BuildStatus | null;
  /** False while the last look at the status could not reach the server. */
  reachable: boolean;
  /** True from a change of the content until the status has been asked again. */
  changed: boolean;
  /** Call after every change of the content: follows the rebuild until the site is live. */
  watch: () => void;
}

/** Follows GET /api/admin/build-status about once a second while the site is not live. */
export function usePublishing(): Publishing {
  const [status, setStatus] = useState<BuildStatus | null>(null);
  const [reachable, setReachable] = useState(true);
  const [round, setRound] = useState(0);
  // From a change until the first answer after it, the last status is out of date: it is publishing.
  const [changed, setChanged] = useState(false);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `round` restarts the polling when watch() is called
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const poll = async () => {
      let next: BuildStatus | null = null;
      try {
        next = await adminRequest<BuildStatus>('/api/admin/build-status');
      } catch {
        // Unreachable for now: say so, and look again shortly.
      }
      if (stopped) return;
      setReachable(next !== null);
      if (next) {
        setStatus(next);
        setChanged(false);
      }
      if (next?.live && settledBucket(next)) return;
      const failing = next?.state === 'failed' || (next?.live && next.bucket?.state !== 'ok');
      timer = setTimeout(poll, failing ? AFTER_FAILURE_POLL_MS : POLL_MS);
    };
    void poll();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [round]);

  const watch = useCallback(() => {
    setChanged(true);
    setRound((n) => n + 1);
  }, []);
  return { status, reachable, changed, watch };
}

/** No bucket, or one that holds the published site. */
const settledBucket = ({ bucket }: BuildStatus) => !bucket || (bucket.state === 'ok' && !bucket.syncing);
