/**
 * A Vitest reporter that prints, once the run ends, the ten test files that took longest (their
 * tests and hooks, the set-up of their servers and browsers included) and the run's wall time:
 * where the suite's minutes go, for whoever makes it faster.
 */
import { relative } from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';

const SHOWN = 10;

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

export default class SlowestFiles implements Reporter {
  #started = Date.now();

  onTestRunStart() {
    this.#started = Date.now();
  }

  onTestRunEnd(modules: ReadonlyArray<TestModule>) {
    const timed = modules.map((module) => {
      const { duration, collectDuration, setupDuration } = module.diagnostic();
      return { file: relative(process.cwd(), module.moduleId), ms: duration + collectDuration + setupDuration };
    });
    if (timed.length < 2) return;
    const total = timed.reduce((sum, { ms }) => sum + ms, 0);
    console.log(`\nThe ${Math.min(SHOWN, timed.length)} slowest of ${timed.length} test files:`);
    for (const { file, ms } of timed.sort((a, b) => b.ms - a.ms).slice(0, SHOWN)) {
      console.log(`  ${seconds(ms).padStart(8)}  ${file}`);
    }
    console.log(
      `  Files' time added up: ${seconds(total)}; the run's wall time: ${seconds(Date.now() - this.#started)}.`,
    );
  }
}
