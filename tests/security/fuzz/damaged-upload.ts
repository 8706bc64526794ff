/** A file with some bytes changed (and perhaps cut short), as a multipart upload in field `file`. */
import fc from 'fast-check';

export const damage = (minFlips: number) => ({
  source: fc.nat(),
  flips: fc.array(fc.tuple(fc.nat(), fc.integer({ min: 0, max: 255 })), { minLength: minFlips, maxLength: 8 }),
  cutAt: fc.option(fc.nat()),
});
export interface Damage {
  source: number;
  flips: [number, number][];
  cutAt: number | null;
}

const BOUNDARY = 'fuzzboundary';
export const MULTIPART = `multipart/form-data; boundary=${BOUNDARY}`;

/** One of `sources` damaged as `d` says, and the multipart body that uploads it. */
export function damagedUpload(d: Damage, sources: readonly Buffer[], filename: string, type: string) {
  const bytes = Buffer.from(sources[d.source % sources.length]!);
  for (const [at, value] of d.flips) bytes[at % bytes.length] = value;
  const file = d.cutAt === null ? bytes : bytes.subarray(0, 1 + (d.cutAt % bytes.length));
  const body = Buffer.concat([
    Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    file,
    Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
  ]);
  return { file, body };
}
