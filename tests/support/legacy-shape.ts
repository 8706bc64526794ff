/**
 * Content in the shape the version before publishing states wrote it: items and pages without
 * `status` and `publishAt`, as an upgraded site or the restore of an older backup has them. For
 * the tests and the bench (its `limit-legacy` set); the product reads this shape and writes the
 * current one when it opens the file (admin-api/store/json-document.ts).
 */
import { readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { PUBLICATION_LISTS } from '../../site/contract/public-content.ts';

const ADDED_FIELDS = ['status', 'publishAt'] as const;

/** `content` (content.json, parsed) with its items and pages as the previous version wrote them. */
export function inLegacyShape(content: Record<string, unknown>): Record<string, unknown> {
  const legacy = { ...content };
  for (const key of [...PUBLICATION_LISTS, 'pages']) {
    const list = content[key];
    if (Array.isArray(list)) legacy[key] = list.map(withoutAddedFields);
  }
  return legacy;
}

function withoutAddedFields(item: Record<string, unknown>): Record<string, unknown> {
  const legacy = { ...item };
  for (const field of ADDED_FIELDS) delete legacy[field];
  return legacy;
}

/** Rewrites the content.json of `dataDir` in the previous version's shape (with no server on it). */
export async function writeLegacyShape(dataDir: string): Promise<void> {
  const file = join(dataDir, 'content.json');
  const content = JSON.parse(await readFile(file, 'utf8')) as Record<string, unknown>;
  await writeFile(`${file}.legacy`, JSON.stringify(inLegacyShape(content)));
  await rename(`${file}.legacy`, file);
}
