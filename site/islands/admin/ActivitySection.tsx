import { useCallback, useEffect, useState } from 'react';
import type { AuditEntry } from '../../contract/api.ts';
import { adminRequest } from '../../lib/admin-api.ts';
import { actionLabel, isFailedLogin } from '../../lib/audit-labels.ts';
import { formatMoment } from '../../lib/display-format.ts';
import { Alert, type Failure, failureOf } from './Alert.tsx';
import { Panel } from './Panel.tsx';
import { useSchoolTimeZone } from './time-zone.ts';

const SHOWN = 100;

/** The audit log, newest first: who changed what, and every login, with Refresh. */
export function ActivitySection() {
  const timeZone = useSchoolTimeZone();
  /** The entries of the last load that succeeded; null before the first. */
  const [entries, setEntries] = useState<AuditEntry[] | null>(null);
  const [failure, setFailure] = useState<Failure | null>(null);
  const [refreshing, setRefreshing] = useState(false);

  const load = useCallback(async () => {
    setRefreshing(true);
    setFailure(null);
    try {
      setEntries(await adminRequest<AuditEntry[]>(`/api/admin/audit?limit=${SHOWN}`));
    } catch (error) {
      setFailure(failureOf('Failed to load the activity', error));
    } finally {
      setRefreshing(false);
    }
  }, []);

  useEffect(() => void load(), [load]);

  return (
    <Panel
      id="activity"
      title="Activity"
      summary={`Every change and every login, newest first (the latest ${SHOWN}). Only administrators see this.`}
    >
      <div className="form-actions">
        <button type="button" className="secondary" onClick={() => void load()} disabled={refreshing}>
          {refreshing ? 'Refreshing…' : 'Refresh'}
        </button>
      </div>
      <Alert failure={failure} onDismiss={() => setFailure(null)} />
      {entries === null && !failure && <p className="empty">Loading the activity…</p>}
      {entries !== null &&
        (entries.length === 0 ? (
          <p className="empty">Nothing has happened yet.</p>
        ) : (
          <ol className="activity-list" aria-label="Activity">
            {entries.map((entry, index) => (
              <li
                // biome-ignore lint/suspicious/noArrayIndexKey: entries have no id, and the list is replaced whole on every load
                key={index}
                className={`activity${isFailedLogin(entry.action) ? ' activity-failed' : ''}`}
              >
                <p className="activity-what">
                  <strong>{actionLabel(entry.action)}</strong>
                  {entry.target && <span className="activity-target">{entry.target}</span>}
                </p>
                <p className="activity-meta">
                  <span className="activity-who">{entry.username}</span>
                  <span>
                    <time dateTime={entry.at}>{formatMoment(entry.at, timeZone)}</time>
                  </span>
                  <span>from {entry.address}</span>
                  <code>{entry.action}</code>
                </p>
              </li>
            ))}
          </ol>
        ))}
    </Panel>
  );
}
