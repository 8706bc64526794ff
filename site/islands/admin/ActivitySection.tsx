import { useCallback, useEffect, useId, useRef, useState } from 'react';
import type { AuditEntry } from '../../contract/api.ts';
import { adminRequest } from '../../lib/admin-api.ts';
import { actionLabel, isFailedLogin } from '../../lib/audit-labels.ts';
import { formatMoment } from '../../lib/display-format.ts';
import { Alert, type Failure, failureOf } from './Alert.tsx';
import { Panel } from './Panel.tsx';
import { useSchoolTimeZone } from './time-zone.ts';

const SHOWN = 100;

/**
 * The audit log, newest first: who changed what, and every login, with Refresh; or, filtered, only
 * the looks at personal data (who opened the inbox, searched or downloaded a person's data…).
 */
export function ActivitySection() {
  const timeZone = useSchoolTimeZone();
  /** The entries of the last load that succeeded; null before the first. */
  const [entries, setEntries] = useState<AuditEntry[] | null>(null);
  const [failure, setFailure] = useState<Failure | null>(null);
  const [refreshing, setRefreshing] = useState(false);
  const [looksOnly, setLooksOnly] = useState(false);
  /** The newest load: an older one answering late is not shown over it. */
  const latest = useRef(0);
  const filterId = useId();

  const load = useCallback(async () => {
    const request = ++latest.current;
    setRefreshing(true);
    setFailure(null);
    try {
      const kind = looksOnly ? '&kind=personal-data' : '';
      const answer = await adminRequest<AuditEntry[]>(`/api/admin/audit?limit=${SHOWN}${kind}`);
      if (request === latest.current) setEntries(answer);
    } catch (error) {
      if (request === latest.current) setFailure(failureOf('Failed to load the activity', error));
    } finally {
      if (request === latest.current) setRefreshing(false);
    }
  }, [looksOnly]);

  useEffect(() => void load(), [load]);

  return (
    <Panel
      id="activity"
      title="Activity"
      summary={
        looksOnly
          ? `Every look at personal data (the inbox, the alumni list, exports, searches and backups), newest first (the latest ${SHOWN}). Only administrators see this.`
          : `Every change and every login, newest first (the latest ${SHOWN}). Only administrators see this.`
      }
    >
      <div className="form-actions activity-tools">
        <label className="check" htmlFor={filterId}>
          <input
            id={filterId}
            type="checkbox"
            checked={looksOnly}
            onChange={(event) => {
              setEntries(null);
              setLooksOnly(event.target.checked);
            }}
          />
          Only looks at personal data
        </label>
        <button type="button" className="secondary" onClick={() => void load()} disabled={refreshing}>
          {refreshing ? 'Refreshing…' : 'Refresh'}
        </button>
      </div>
      <Alert failure={failure} onDismiss={() => setFailure(null)} />
      {entries === null && !failure && <p className="empty">Loading the activity…</p>}
      {entries !== null &&
        (entries.length === 0 ? (
          <p className="empty">{looksOnly ? 'Nobody has looked at personal data yet.' : 'Nothing has happened yet.'}</p>
        ) : (
          <ol className="activity-list" aria-label={looksOnly ? 'Looks at personal data' : 'Activity'}>
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
