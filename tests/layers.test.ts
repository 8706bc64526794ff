/**
 * The layers of docs/architecture.md ("Layers") hold because the lint refuses an import up them
 * (biome.json, noRestrictedImports). The planted imports are linted under the project's own rules
 * in a temporary folder, so nothing is ever written into the tree that other tests and tools read.
 */
import { spawnSync } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const BIOME = join(ROOT, 'node_modules/@biomejs/biome/bin/biome');

/** An import up the layers, and the start of the message the lint refuses it with. */
const UPWARD = [
  ['admin-api/store/planted.ts', "import '../workflow/stamps.ts';", 'admin-api/store/ is the bottom layer'],
  ['admin-api/store/planted-wiring.ts', "import type { AppDeps } from '../app-deps.ts';", 'admin-api/store/'],
  ['admin-api/http/planted.ts', "import '../store/json-document.ts';", 'admin-api/http/ holds generic'],
  ['admin-api/config.ts', "import './mail/notifier.ts';", 'admin-api/config.ts reads'],
  ['admin-api/publish/planted.ts', "import '../routes/static-uploads.ts';", 'A domain folder'],
  ['admin-api/workflow/planted.ts', "import type { AppDeps } from '../app-deps.ts';", 'A domain folder'],
  ['admin-api/routes/planted.ts', "import '../app.ts';", 'A route imports no app.ts'],
  ['admin-api/app-deps.ts', "import './routes/content.ts';", 'app-deps.ts names'],
  ['site/lib/planted.ts', "import '../../admin-api/store/stores.ts';", 'Nothing under site/'],
] as const;

/** Imports down the layers, which the lint lets through. */
const DOWNWARD = [
  ['admin-api/store/allowed.ts', "import './json-document.ts';\nimport '../../site/contract/content.ts';"],
  ['admin-api/publish/allowed.ts', "import '../store/stores.ts';\nimport '../http/errors.ts';\nimport '../config.ts';"],
  ['admin-api/routes/allowed.ts', "import '../app-deps.ts';\nimport '../workflow/content-writer.ts';"],
  ['admin-api/app.ts', "import './routes/content.ts';\nimport './app-deps.ts';"],
  ['site/lib/allowed.ts', "import './admin-api.ts';\nimport '../contract/content.ts';"],
] as const;

interface Refusal {
  file: string;
  message: string;
}

/** The imports `biome lint` refuses in `paths` under `cwd`'s biome.json (one line each: the GitHub reporter). */
function refusedImports(cwd: string, paths: string[]): Refusal[] {
  const lint = spawnSync(
    process.execPath,
    [BIOME, 'lint', '--only=style/noRestrictedImports', '--reporter=github', ...paths],
    { cwd, encoding: 'utf8' },
  );
  if (lint.error) throw lint.error;
  return [...lint.stdout.matchAll(/^::error title=lint\/style\/noRestrictedImports,file=([^,]+),.*?::(.*)$/gm)].map(
    ([, file, message]) => ({ file: relative(cwd, file!).replaceAll('\\', '/'), message: message! }),
  );
}

describe('the layers of the code', () => {
  let copy: string;

  beforeAll(async () => {
    copy = await mkdtemp(join(tmpdir(), 'layers-'));
    const config = JSON.parse(await readFile(join(ROOT, 'biome.json'), 'utf8'));
    delete config.$schema;
    config.vcs = { enabled: false };
    await writeFile(join(copy, 'biome.json'), JSON.stringify(config));
    for (const [path, source] of [...UPWARD, ...DOWNWARD]) {
      await mkdir(dirname(join(copy, path)), { recursive: true });
      await writeFile(join(copy, path), `${source}\n`);
    }
  });

  afterAll(async () => {
    if (copy) await rm(copy, { recursive: true, force: true });
  });

  it('refuses an import up the layers, with the rule it breaks', () => {
    const refusals = refusedImports(copy, ['admin-api', 'site']);
    for (const [path, , message] of UPWARD) {
      const refused = refusals.find((refusal) => refusal.file === path);
      expect(refused?.message.slice(0, message.length), path).toBe(message);
    }
    expect(refusals.map((refusal) => refusal.file).sort()).toEqual(UPWARD.map(([path]) => path).sort());
  });

  it('finds no import up the layers in the code', () => {
    expect(refusedImports(ROOT, ['admin-api', 'site'])).toEqual([]);
  });
});
