/**
 * What the project has, for the docs test: its root, the scripts of package.json, which files
 * exist, and the environment variables its code reads (found in the sources now: the product's in
 * admin-api/ and site/ with the AWS SDK's credentials, and the tests' and the bench's).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = fileURLToPath(new URL('../..', import.meta.url));

export interface Project {
  scripts: Record<string, string>;
  /** Read by the product (admin-api/, site/) or by the AWS SDK it publishes with. */
  productEnv: Set<string>;
  /** Read by the tests and the bench. */
  testEnv: Set<string>;
  exists(path: string): boolean;
}

function sourceFiles(dir: string, extensions: RegExp): string[] {
  return readdirSync(join(root, dir), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && extensions.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name));
}

/** The variables a set of source files reads from the environment (`env.NAME`, `env['NAME']`). */
function environmentReads(files: string[]): Set<string> {
  const names = new Set<string>();
  for (const file of files) {
    const source = readFileSync(file, 'utf8');
    for (const match of source.matchAll(/\benv\??\.([A-Z][A-Z0-9_]*)\b(?!\s*=[^=])/g)) names.add(match[1]!);
    for (const match of source.matchAll(/\benv\[['"]([A-Z][A-Z0-9_]*)['"]\]/g)) names.add(match[1]!);
  }
  return names;
}

export function realProject(): Project {
  const productSources = [
    ...sourceFiles('admin-api', /\.ts$/),
    ...sourceFiles('site', /\.(ts|tsx|astro|mjs)$/),
    join(root, 'astro.config.mjs'),
  ].filter((file) => !/\.test\.ts$/.test(file));
  const testSources = [...sourceFiles('tests', /\.ts$/), ...sourceFiles('bench', /\.ts$/)];
  return {
    scripts: JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).scripts,
    productEnv: environmentReads(productSources),
    testEnv: environmentReads(testSources),
    exists: (path) => existsSync(resolve(root, path)),
  };
}
