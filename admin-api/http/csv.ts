import { stringify } from 'csv-stringify/sync';
import type { Context } from 'hono';
import { contentDisposition } from './content-disposition.ts';

/** One column of an export: its heading and the text of its cell in a row. */
export type Column<T> = [heading: string, cell: (row: T) => string];

/**
 * `rows` as a CSV download for spreadsheets: a heading row, then one row per record. A cell that
 * starts like a formula (`=`, `+`, `-`, `@`…) gets a `'` in front, so that no spreadsheet runs what
 * a visitor typed; the byte order mark makes Excel read the text as UTF-8.
 */
export function csvAnswer<T>(c: Context, filename: string, columns: Column<T>[], rows: readonly T[]): Response {
  const text = stringify(
    [columns.map(([heading]) => heading), ...rows.map((row) => columns.map(([, cell]) => cell(row)))],
    {
      escape_formulas: true,
      bom: true,
      record_delimiter: 'windows',
    },
  );
  return c.body(text, 200, {
    'Content-Type': 'text/csv; charset=utf-8',
    'Content-Disposition': contentDisposition('attachment', filename),
  });
}
