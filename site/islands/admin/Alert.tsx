import { ApiError, CONNECTION_MESSAGE } from '../../lib/api-client.ts';

/** What went wrong: the spec's text as the title, and the reason when one is known. */
export interface Failure {
  title: string;
  detail?: string | null;
}

/** The failure to show for `error`: a dropped connection, or the server's reason. */
export function failureOf(title: string, error: unknown): Failure {
  if (!(error instanceof ApiError)) return { title };
  return { title, detail: error.isNetworkError ? CONNECTION_MESSAGE : error.serverMessage };
}

/** An in-page alert near the section it concerns; screen readers announce it. */
export function Alert({ failure, onDismiss }: { failure: Failure | null; onDismiss: () => void }) {
  if (!failure) return null;
  return (
    <div className="alert" role="alert">
      <p>
        <strong>{failure.title}</strong>
        {failure.detail && <span className="alert-detail">{failure.detail}</span>}
      </p>
      <button type="button" className="alert-dismiss" onClick={onDismiss} aria-label="Dismiss this message">
        ×
      </button>
    </div>
  );
}
