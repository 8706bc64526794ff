/**
 * `npm run build [-- --out DIR]`: writes the public site into DIR (default `build/` at the project
 * root) from DATA_DIR and UPLOADS_DIR, the same settings as the server.
 */
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { readConfig } from '../config.ts';
import { BuildInputError, buildStaticSite } from './build-site.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));

try {
  const { values } = parseArgs({ options: { out: { type: 'string' } } });
  const config = readConfig();
  const outDir = resolve(values.out ?? resolve(root, 'build'));
  console.log(`Building the public site from ${config.dataDir} into ${outDir}…`);
  const summary = await buildStaticSite({
    root,
    dataDir: config.dataDir,
    uploadsDir: config.uploadsDir,
    outDir,
    siteUrl: config.siteUrl,
  });
  console.log(
    `Built ${summary.pages} pages (${summary.redirects} redirects), ${summary.files} files, ` +
      `${(summary.bytes / 1024 / 1024).toFixed(1)} MB in ${(summary.durationMs / 1000).toFixed(1)} s.`,
  );
} catch (error) {
  console.error(`npm run build failed: ${error instanceof Error ? error.message : String(error)}`);
  if (!(error instanceof BuildInputError) && process.env.DEBUG) console.error(error);
  process.exit(1);
}
