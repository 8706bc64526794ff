/**
 * The server's VAPID key pair (RFC 8292), which signs each notification so the push services know
 * it comes from this site: made at the first start and kept in `DATA_DIR/vapid-keys.json`, as the
 * token secret is (a new pair would orphan every browser's subscription).
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import webpush from 'web-push';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

export async function loadVapidKeys(dataDir: string): Promise<VapidKeys> {
  const file = join(dataDir, 'vapid-keys.json');
  const kept = await readFile(file, 'utf8').then(
    (text) => JSON.parse(text) as VapidKeys,
    (error: NodeJS.ErrnoException) => {
      if (error.code !== 'ENOENT') throw error;
      return null;
    },
  );
  if (kept?.publicKey && kept.privateKey) return kept;
  const made = webpush.generateVAPIDKeys();
  // `wx`: two servers starting at once keep the first pair written.
  await writeFile(file, JSON.stringify(made), { mode: 0o600, flag: 'wx' }).catch((error: NodeJS.ErrnoException) => {
    if (error.code !== 'EEXIST') throw error;
  });
  return JSON.parse(await readFile(file, 'utf8')) as VapidKeys;
}
