import { defaultPath, languageOfPath } from '../../site/lib/language-paths.ts';

/**
 * How many examples a run that only adds examples takes (the fuzzers, the crash loop): a smaller
 * number in `npm test`, the full one in `npm run test:long` (TEST_LONG=1), which CI runs too.
 * An explicit variable of the test's own (FUZZ_RUNS, CHAOS_KILLS) wins over both.
 */
export function examples(variable: string | undefined, sizes: { test: number; long: number }): number {
  if (variable !== undefined) return Number(variable);
  return process.env.TEST_LONG ? sizes.long : sizes.test;
}

/**
 * The pages a crawl of the whole site checks: in `npm test`, the first and the last page of each
 * kind (the same language, first segment and depth: a list's pages, an archive's months, the
 * school pages); every page in `npm run test:long`. `languages`: the site's, whose pages are under
 * `/<tag>` but for the first's.
 */
export function pagesToCheck(paths: readonly string[], languages: readonly string[] = []): string[] {
  if (process.env.TEST_LONG) return [...paths];
  const kinds = new Map<string, string[]>();
  for (const path of paths) {
    const language = languageOfPath(path, languages) ?? '';
    const segments = defaultPath(path, languages).split('/').filter(Boolean);
    const kind = `${language}:${segments[0] ?? ''}/${segments.length}`;
    kinds.set(kind, [...(kinds.get(kind) ?? []), path]);
  }
  return [...kinds.values()].flatMap((group) => [...new Set([group[0]!, group.at(-1)!])]);
}
