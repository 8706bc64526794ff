/**
 * The circular form of the dashboard: what its fields hold, the alert when a required field is
 * empty or the chosen file cannot be a circular's PDF, and the body sent to the API. Checked with
 * the server's own input schema, so the form never sends what the server would refuse.
 */
import { type Circular, CircularInput, type DocumentRef } from '../contract/content.ts';
import type { Translations } from '../contract/translations.ts';

export const CIRCULAR_FIELDS_REQUIRED = 'Please fill all required circular fields (title, date)';
export const MAX_DOCUMENT_BYTES = 20 * 1024 * 1024;

export interface CircularDraft {
  title: string;
  /** `YYYY-MM-DD`, as `<input type="date">` gives it. */
  date: string;
  description: string;
  /** The texts in the site's other languages. */
  translations?: Translations;
}

export const emptyCircularDraft = (today: string): CircularDraft => ({ title: '', date: today, description: '' });

export function circularDraftOf({ title, date, description, translations }: Circular): CircularDraft {
  return { title, date, description, ...(translations && { translations }) };
}

export function circularBody(draft: CircularDraft, document: DocumentRef | null) {
  return { ...draft, document };
}

/** The alert to show for a circular form, or null when it can be sent. */
export function circularProblem(draft: CircularDraft): string | null {
  if (draft.title.trim() === '' || draft.date.trim() === '') return CIRCULAR_FIELDS_REQUIRED;
  const checked = CircularInput.safeParse(circularBody(draft, null));
  return checked.success ? null : (checked.error.issues[0]?.message ?? 'Invalid data');
}

/** Why `file` cannot be uploaded as a circular's document, or null. The server checks its bytes too. */
export function documentFileProblem(file: { name: string; type: string; size: number }): string | null {
  if (file.type !== 'application/pdf' && !/\.pdf$/i.test(file.name)) return 'Please choose a PDF file';
  if (file.size > MAX_DOCUMENT_BYTES) return 'The PDF is larger than 20 MB';
  return null;
}
