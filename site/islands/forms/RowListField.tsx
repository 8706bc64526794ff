import type { ComponentType } from 'react';
import { TextField } from './TextField.tsx';

/** The keys of `Row` that hold text: the fields a row can have. */
type TextKeys<Row> = { [K in keyof Row]: Row[K] extends string ? K : never }[keyof Row] & string;

/** What a row's control is given; TextField takes it, and so can another control (the visual editor). */
export interface RowControlProps {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  required: boolean;
  multiline: boolean;
  maxLength: number;
  disabled: boolean;
}

/** One field of every row, described. */
export interface RowField<Row> {
  /** The row's text it edits; none when the row is itself a text (a curriculum line). */
  name?: TextKeys<Row>;
  /** Its label, or the label of the row at `position` (1, 2…): "Line 2". */
  label: string | ((position: number) => string);
  maxLength: number;
  required?: boolean;
  multiline?: boolean;
  /** Another control than a text field. */
  control?: ComponentType<RowControlProps>;
}

export interface RowListProps<Row> {
  /** Prefixes the hint's id: `office-hours-hint`. */
  id: string;
  /** Prefixes the fields' ids, `programme-2-name` (`curriculum-2` for a row that is a text); `id` by default. */
  rowId?: string;
  legend: string;
  hint?: string;
  /** What a row is called in its buttons' names: `office hours row` → "Remove office hours row 2". */
  rowName: string;
  addLabel: string;
  max: number;
  fields: RowField<Row>[];
  rows: Row[];
  onChange: (rows: Row[]) => void;
  disabled: boolean;
}

/**
 * An editable list of rows (office hours, values, programmes…), each with the same fields, a
 * button to remove it, and one to add a row at the end.
 */
export function RowListField<Row>({
  id,
  rowId = id,
  legend,
  hint,
  rowName,
  addLabel,
  max,
  fields,
  rows,
  onChange,
  disabled,
}: RowListProps<Row>) {
  const fieldId = (index: number, field: RowField<Row>) => [rowId, index, field.name].filter(isSet).join('-');
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
            <div className="row-fields">
              {fields.map(({ control: Control = TextField, ...field }) => (
                <Control
                  key={fieldId(index, field)}
                  id={fieldId(index, field)}
                  label={typeof field.label === 'string' ? field.label : field.label(index + 1)}
                  value={textOf(row, field)}
                  onChange={(value) =>
                    onChange(rows.map((old, at) => (at === index ? withText(old, field, value) : old)))
                  }
                  required={field.required ?? false}
                  multiline={field.multiline ?? false}
                  maxLength={field.maxLength}
                  disabled={disabled}
                />
              ))}
            </div>
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
          onClick={() => onChange([...rows, newRow(fields)])}
          disabled={disabled || rows.length >= max}
        >
          {addLabel}
        </button>
      </div>
    </fieldset>
  );
}

const isSet = <T,>(value: T | undefined): value is T => value !== undefined;

function textOf<Row>(row: Row, field: RowField<Row>): string {
  return (field.name === undefined ? row : row[field.name]) as string;
}

function withText<Row>(row: Row, field: RowField<Row>, value: string): Row {
  return (field.name === undefined ? value : { ...row, [field.name]: value }) as Row;
}

/** An empty row: a text, or each field's text empty. */
function newRow<Row>(fields: RowField<Row>[]): Row {
  if (fields[0]?.name === undefined) return '' as Row;
  return Object.fromEntries(fields.map((field) => [field.name, ''])) as Row;
}
