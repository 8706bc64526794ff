import type { Messages } from '../../i18n/catalogue.ts';
import { ApiError } from '../../lib/api-client.ts';

/** The language the API writes its messages in. */
const API_LANGUAGE = 'en';

/** Why a form was not sent. */
export interface Failure {
  /** The form's own words, in the page's language; null on a page in the API's language when the server said why. */
  words: string | null;
  /** Why, in the server's words (the API's language), when it said. */
  reason: string | null;
}

/**
 * The failure of a form's sending: the server's reason alone on a page in the API's language
 * (English), else the form's `failedWords` in the page's language, followed by the reason the server
 * gave, marked as English; the form's words alone when the server gave none or was not reached.
 */
export function formFailure(error: unknown, messages: Messages, failedWords: string): Failure {
  const reason = error instanceof ApiError && !error.isNetworkError ? error.serverMessage : null;
  const inApiLanguage = messages.language === API_LANGUAGE;
  return { words: reason && inApiLanguage ? null : failedWords, reason };
}

export function FormFailure({ failure: { words, reason } }: { failure: Failure }) {
  return (
    <div className="form-failure" role="alert">
      {words}
      {words && reason && ' '}
      {reason && <span lang={API_LANGUAGE}>{reason}</span>}
    </div>
  );
}
