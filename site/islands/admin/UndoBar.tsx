import { useEffect, useState } from 'react';
import type { SiteContent } from '../../contract/content.ts';
import { ApiError } from '../../lib/api-client.ts';
import { Alert, type Failure, failureOf } from './Alert.tsx';
import { loadHistory, restoreVersion } from './history-api.ts';
import { onUndoOffer, type UndoOffer } from './undo.ts';

/** The status line after a delete: "News item deleted. Undo" (announced, reachable by keyboard). */
export function UndoBar({ onRestored }: { onRestored: (content: SiteContent, etag: string | null) => void }) {
  const [offer, setOffer] = useState<(UndoOffer & { version: number | null }) | null>(null);
  const [status, setStatus] = useState('');
  const [failure, setFailure] = useState<Failure | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(
    () =>
      onUndoOffer((made) => {
        setStatus('');
        setFailure(null);
        setOffer({ ...made, version: null });
        // The newest version is the delete (or a change after it, which the restore's If-Match
        // then refuses); the one before it is what Undo brings back.
        void loadHistory().then(
          (entries) => setOffer({ ...made, version: entries[1]?.version ?? null }),
          () => setOffer(null),
        );
      }),
    [],
  );

  async function undo() {
    if (!offer?.version) return;
    setBusy(true);
    setFailure(null);
    try {
      const { content, etag } = await restoreVersion(offer.version, offer.etag);
      onRestored(content, etag);
      setOffer(null);
      setStatus('Undone: the deleted item is back.');
    } catch (error) {
      // Changed since the delete: this Undo can no longer be done; History still can.
      if (error instanceof ApiError && error.status === 412) setOffer(null);
      setFailure(failureOf('Failed to undo', error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="undo-bar" role="status" aria-live="polite" style={{ position: 'sticky', bottom: 0 }}>
      {offer && (
        <p>
          {offer.what}.{' '}
          <button type="button" className="secondary" onClick={() => void undo()} disabled={busy || !offer.version}>
            {busy ? 'Undoing…' : 'Undo'}
          </button>
        </p>
      )}
      {status && <p>{status}</p>}
      <Alert failure={failure} onDismiss={() => setFailure(null)} />
    </div>
  );
}
