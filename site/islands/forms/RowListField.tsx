import { type ComponentType, useEffect, useRef } from 'react';
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
  /** Prefixes the hint's and the buttons' ids: `office-hours-hint`, `office-hours-2-remove`. */
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
 * An editable list of rows (office hours, values, programmes…), each with the same fields: a row
 * is moved up or down or removed by its buttons, and one is added at the end. The focus follows
 * the row a button moved, stays on the list when one is removed, and goes into a new one.
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
  const focusNext = useFocusAfterRender();
  const fieldId = (index: number, field: RowField<Row>) => [rowId, index, field.name].filter(isSet).join('-');
  const buttonId = (index: number, action: RowAction) => `${id}-${index}-${action}`;

  function move(from: number, direction: 'up' | 'down') {
    const to = direction === 'up' ? from - 1 : from + 1;
    onChange(moved(rows, from, to));
    // The focus stays on the button that moved the row, or goes to its other one at either end.
    const atEnd = to === 0 || to === rows.length - 1;
    focusNext(buttonId(to, atEnd ? (direction === 'up' ? 'down' : 'up') : direction));
  }

  function remove(index: number) {
    onChange(rows.filter((_, at) => at !== index));
    focusNext(rows.length === 1 ? `${id}-add` : buttonId(Math.min(index, rows.length - 2), 'remove'));
  }

  function add() {
    onChange([...rows, newRow(fields)]);
    if (fields[0]) focusNext(fieldId(rows.length, fields[0]));
  }

  const button = (index: number, action: RowAction, onClick: () => void, blocked = false) => (
    <button
      type="button"
      id={buttonId(index, action)}
      className={`secondary row-${action}`}
      onClick={onClick}
      disabled={disabled || blocked}
      aria-label={ROW_ACTIONS[action].name(`${rowName} ${index + 1}`)}
      title={ROW_ACTIONS[action].title}
    >
      {ROW_ACTIONS[action].text}
    </button>
  );

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
            <div className="row-actions">
              {button(index, 'up', () => move(index, 'up'), index === 0)}
              {button(index, 'down', () => move(index, 'down'), index === rows.length - 1)}
              {button(index, 'remove', () => remove(index))}
            </div>
          </li>
        ))}
      </ol>
      <div className="form-actions">
        <button
          type="button"
          id={`${id}-add`}
          className="secondary"
          onClick={add}
          disabled={disabled || rows.length >= max}
        >
          {addLabel}
        </button>
      </div>
    </fieldset>
  );
}

/** A row's buttons: their text, their name for a screen reader (`row` is "value 2"), their tooltip. */
const ROW_ACTIONS = {
  up: { text: '↑', name: (row: string) => `Move ${row} up`, title: 'Move up' },
  down: { text: '↓', name: (row: string) => `Move ${row} down`, title: 'Move down' },
  remove: { text: 'Remove', name: (row: string) => `Remove ${row}`, title: undefined },
} as const;
type RowAction = keyof typeof ROW_ACTIONS;

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

function moved<Row>(rows: Row[], from: number, to: number): Row[] {
  const next = rows.filter((_, at) => at !== from);
  next.splice(to, 0, rows[from] as Row);
  return next;
}

/** Focuses the element of the id given, once the change that makes it has rendered. */
function useFocusAfterRender(): (id: string) => void {
  const target = useRef<string | null>(null);
  useEffect(() => {
    if (target.current === null) return;
    document.getElementById(target.current)?.focus();
    target.current = null;
  });
  return (id) => {
    target.current = id;
  };
}
