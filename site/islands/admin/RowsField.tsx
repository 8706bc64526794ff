import type { ReactNode } from 'react';

/**
 * An editable list of rows (office hours, values, programmes…): each row's fields, a button to
 * remove it, and one to add a row at the end.
 */
export function RowsField<Row>({
  id,
  legend,
  hint,
  rows,
  onChange,
  newRow,
  rowName,
  addLabel,
  max,
  disabled,
  children,
}: {
  id: string;
  legend: string;
  hint?: string;
  rows: Row[];
  onChange: (rows: Row[]) => void;
  newRow: () => Row;
  /** What a row is called in its buttons' labels: `office hours row` → "Remove office hours row 2". */
  rowName: string;
  addLabel: string;
  max: number;
  disabled: boolean;
  /** The fields of row `index`; `set` replaces it. */
  children: (row: Row, set: (row: Row) => void, index: number) => ReactNode;
}) {
  const set = (index: number) => (row: Row) => onChange(rows.map((old, at) => (at === index ? row : old)));
  return (
    <fieldset className="rows field-wide" aria-describedby={hint ? `${id}-hint` : undefined}>
      <legend className="field-label">{legend}</legend>
      {hint && (
        <p className="hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
      {rows.length === 0 && <p className="empty">None yet.</p>}
      <ol className="row-list">
        {rows.map((row, index) => (
          // Rows have no ids of their own; the position is what the administrator sees, too.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          <li key={index} className="row">
            <div className="row-fields">{children(row, set(index), index)}</div>
            <button
              type="button"
              className="secondary row-remove"
              onClick={() => onChange(rows.filter((_, at) => at !== index))}
              disabled={disabled}
              aria-label={`Remove ${rowName} ${index + 1}`}
            >
              Remove
            </button>
          </li>
        ))}
      </ol>
      <div className="form-actions">
        <button
          type="button"
          className="secondary"
          onClick={() => onChange([...rows, newRow()])}
          disabled={disabled || rows.length >= max}
        >
          {addLabel}
        </button>
      </div>
    </fieldset>
  );
}
