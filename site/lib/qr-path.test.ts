import { describe, expect, it } from 'vitest';
import { drawnSize, qrPath } from './qr-path.ts';

const grid = (rows: string[]) => ({
  size: rows.length,
  get: (row: number, column: number) => rows[row]![column] === '#',
});

describe('qrPath', () => {
  it('draws each run of dark modules of a row as one rectangle, inside a margin of four', () => {
    const code = grid(['##.', '...', '#.#']);
    expect(qrPath(code)).toBe('M4 4h2v1h-2zM4 6h1v1h-1zM6 6h1v1h-1z');
    expect(drawnSize(code)).toBe(11);
  });

  it('draws nothing for an empty grid', () => {
    expect(qrPath(grid(['..', '..']))).toBe('');
  });
});
