import { useCallback, useEffect, useState } from 'react';
import type { SiteContent } from '../../contract/content.ts';
import type { HistoryList } from '../../contract/history.ts';
import { formatMoment } from '../../lib/display-format.ts';
import { Alert, type Failure, failureOf } from './Alert.tsx';
import { DownloadButton } from './DownloadButton.tsx';
import { loadHistory, restoreVersion } from './history-api.ts';
import { Panel } from './Panel.tsx';
import { useSignedIn } from './signed-in.ts';
import { useSchoolTimeZone } from './time-zone.ts';

/**
 * Earlier versions of the content, newest first, each with Restore; and, for Administrators (a
 * backup holds everyone's personal data and the accounts), the backup download.
 */
export function HistorySection({ onRestored }: { onRestored: (content: SiteContent, etag: string | null) => void }) {
  const timeZone = useSchoolTimeZone();
  const signedIn = useSignedIn();
  const [entries, setEntries] = useState<HistoryList | null>(null);
  const [failure, setFailure] = useState<Failure | null>(null);
  const [status, setStatus] = useState('');
  const [busy, setBusy] = useState(false);

  const load = useCallback(async () => {
    setFailure(null);
    try {
      setEntries(await loadHistory());
    } catch (error) {
      setFailure(failureOf('Failed to load the history', error));
    }
  }, []);

  useEffect(() => void load(), [load]);

  async function restore(version: number, summary: string) {
    if (!window.confirm(`Restore the site as it was after "${summary}" (version ${version})?`)) return;
    setBusy(true);
    setFailure(null);
    try {
      const { content, etag } = await restoreVersion(version);
      onRestored(content, etag);
      setStatus(`Version ${version} was restored.`);
      await load();
    } catch (error) {
      setFailure(failureOf('Failed to restore the version', error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Panel id="history" title="History" summary="Earlier versions of the site content, newest first.">
      <div className="form-actions">
        <button type="button" className="secondary" onClick={() => void load()}>
          Refresh
        </button>
        {signedIn.may('accounts') && (
          <DownloadButton path="/api/admin/backup" fileName="school-backup.tar.gz" label="Download backup" />
        )}
      </div>
      <p role="status" aria-live="polite">
        {status}
      </p>
      <Alert failure={failure} onDismiss={() => setFailure(null)} />
      {entries === null && !failure && <p className="empty">Loading the history…</p>}
      {entries !== null && (
        <ol className="activity-list" aria-label="Versions">
          {entries.map((entry, index) => (
            <li key={entry.version} className="activity">
              <p className="activity-what">
                <strong>{entry.summary}</strong>
              </p>
              <p className="activity-meta">
                <span className="activity-who">{entry.username}</span>
                <time dateTime={entry.at}>{formatMoment(entry.at, timeZone)}</time>
                <span>version {entry.version}</span>
                {index > 0 && (
                  <button
                    type="button"
                    className="secondary"
                    disabled={busy}
                    onClick={() => void restore(entry.version, entry.summary)}
                    aria-label={`Restore version ${entry.version}: ${entry.summary}`}
                  >
                    Restore
                  </button>
                )}
              </p>
            </li>
          ))}
        </ol>
      )}
    </Panel>
  );
}
