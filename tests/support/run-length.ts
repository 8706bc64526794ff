/**
 * How many examples a run that only adds examples takes (the fuzzers, the crash loop): a smaller
 * number in `npm test`, the full one in `npm run test:long` (TEST_LONG=1), which CI runs too.
 * An explicit variable of the test's own (FUZZ_RUNS, CHAOS_KILLS) wins over both.
 */
export function examples(variable: string | undefined, sizes: { test: number; long: number }): number {
  if (variable !== undefined) return Number(variable);
  return process.env.TEST_LONG ? sizes.long : sizes.test;
}
