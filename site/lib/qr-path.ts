/** The dark modules of a QR code as one SVG path, so the code is drawn as an `<svg>` element. */

export interface ModuleGrid {
  size: number;
  get(row: number, column: number): number | boolean;
}

/** Scanners want a light margin of four modules around the code. */
export const QUIET_ZONE = 4;

/** The side of the drawing, margin included, in modules. */
export const drawnSize = (grid: ModuleGrid) => grid.size + 2 * QUIET_ZONE;

/** One `M x y h1 v1 h-1 z` square per dark module, each run of a row joined into one rectangle. */
export function qrPath(grid: ModuleGrid): string {
  const parts: string[] = [];
  for (let row = 0; row < grid.size; row += 1) {
    let column = 0;
    while (column < grid.size) {
      if (!grid.get(row, column)) {
        column += 1;
        continue;
      }
      const start = column;
      while (column < grid.size && grid.get(row, column)) column += 1;
      parts.push(`M${start + QUIET_ZONE} ${row + QUIET_ZONE}h${column - start}v1h-${column - start}z`);
    }
  }
  return parts.join('');
}
