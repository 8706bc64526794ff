/**
 * A save refused because someone else changed the same thing since it was opened (412): who and
 * when, what they changed, and the two ways on: take their version (your text stays beside it,
 * to copy from), or save yours over theirs on purpose.
 */
import { englishName } from '../../contract/languages.ts';
import { type Stamp, versionOf } from '../../contract/publication.ts';
import type { Translations } from '../../contract/translations.ts';
import { ApiError } from '../../lib/api-client.ts';

/** The server's answer to a stale save (admin-api/workflow/versions.ts). */
export interface StaleSave<T> {
  message: string;
  /** The thing as it is stored now: its `updated` stamp is the version to save over it. */
  current: T;
}

/** The stale-save answer inside `error`, or null for any other failure. */
export function staleSaveOf<T>(error: unknown): StaleSave<T> | null {
  if (!(error instanceof ApiError) || error.status !== 412) return null;
  const body = error.body as { message?: string; current?: T } | null;
  if (!body?.current) return null;
  return { message: body.message ?? 'Someone changed this meanwhile.', current: body.current };
}

/** One field that differs: its label, the stored text and yours. */
export interface FieldChange {
  label: string;
  theirs: string;
  yours: string;
}

/**
 * The fields whose text differs between two forms' values (objects of texts), labelled for people:
 * `publishDate` → "Publish date", a translation → "Title (Hindi)".
 */
export function changedFields(theirs: Record<string, unknown>, yours: Record<string, unknown>): FieldChange[] {
  const [before, after] = [textsByLabel(theirs), textsByLabel(yours)];
  return [...new Set([...before.keys(), ...after.keys()])]
    .filter((label) => JSON.stringify(before.get(label)) !== JSON.stringify(after.get(label)))
    .map((label) => ({ label, theirs: textOf(before.get(label)), yours: textOf(after.get(label)) }));
}

/** A form's values by their labels, each translation (`translations`) a text of its own. */
function textsByLabel(values: Record<string, unknown>): Map<string, unknown> {
  const texts = new Map<string, unknown>();
  for (const [key, value] of Object.entries(values)) {
    if (key !== 'translations') texts.set(fieldLabel(key), value);
    else
      for (const [tag, fields] of Object.entries((value ?? {}) as Translations))
        for (const [field, text] of Object.entries(fields))
          texts.set(`${fieldLabel(field)} (${englishName(tag) ?? tag})`, text);
  }
  return texts;
}

/** `publishDate` → "Publish date". */
export const fieldLabel = (key: string) => {
  const words = key.replace(/([A-Z])/g, ' $1').toLowerCase();
  return `${words[0]!.toUpperCase()}${words.slice(1)}`;
};

const textOf = (value: unknown) => (typeof value === 'string' ? value : value == null ? '' : JSON.stringify(value));

/**
 * Above a form whose save was refused as stale: who changed it and when, what differs, and the two
 * ways on (`onSaveMine` gets the version to save over); after "Use their version", the person's own
 * text beside the form (`yours`).
 */
export function SaveConflict<T extends Versioned>({
  stale,
  changes,
  yours,
  busy,
  onUseTheirs,
  onSaveMine,
}: {
  stale: StaleSave<T> | null;
  changes: FieldChange[];
  yours: FieldChange[];
  busy: boolean;
  onUseTheirs: (current: T) => void;
  onSaveMine: (version: string) => void;
}) {
  return (
    <>
      {stale && (
        <StaleSaveNotice
          stale={stale}
          changes={changes}
          busy={busy}
          onUseTheirs={() => onUseTheirs(stale.current)}
          onSaveMine={() => onSaveMine(versionOf(stale.current))}
        />
      )}
      <YourText changes={yours} />
    </>
  );
}

/** "Asha changed this event at 10:42…", what changed, "Use their version" and "Save mine over it". */
function StaleSaveNotice({
  stale,
  changes,
  busy,
  onUseTheirs,
  onSaveMine,
}: {
  stale: { message: string };
  changes: FieldChange[];
  busy: boolean;
  onUseTheirs: () => void;
  onSaveMine: () => void;
}) {
  return (
    <div className="stale-save" role="alert">
      <p>
        <strong>{stale.message}</strong>
      </p>
      {changes.length > 0 && (
        <table className="stale-changes">
          <caption>What differs from your version</caption>
          <thead>
            <tr>
              <th scope="col">Field</th>
              <th scope="col">Saved now</th>
              <th scope="col">Yours</th>
            </tr>
          </thead>
          <tbody>
            {changes.map((change) => (
              <tr key={change.label}>
                <th scope="row">{change.label}</th>
                <td>{change.theirs || '(empty)'}</td>
                <td>{change.yours || '(empty)'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <div className="form-actions">
        <button type="button" onClick={onUseTheirs} disabled={busy}>
          Use their version
        </button>
        <button type="button" className="secondary" onClick={onSaveMine} disabled={busy}>
          Save mine over it
        </button>
      </div>
    </div>
  );
}

/** After "Use their version": your text, read-only, to copy what you still need. */
function YourText({ changes }: { changes: FieldChange[] }) {
  if (changes.length === 0) return null;
  return (
    <details className="your-text" open>
      <summary>Your text, to copy from</summary>
      {changes.map((change) => (
        <div key={change.label} className="your-text-field">
          <p className="field-label">{change.label}</p>
          <pre>{change.yours || '(empty)'}</pre>
        </div>
      ))}
    </details>
  );
}

export type Versioned = { updated?: Stamp | undefined };
