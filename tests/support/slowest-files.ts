/**
 * A Vitest reporter that prints, once the run ends, the ten test files that took longest (their
 * tests and hooks, the set-up of their servers and browsers included), the time of each project
 * (unit, end-to-end, large demo) added up, and the run's wall time: where the suite's minutes go,
 * for whoever makes it faster.
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
      const file = relative(process.cwd(), module.moduleId);
      return { file, project: module.project.name, ms: duration + collectDuration + setupDuration };
    });
    if (timed.length < 2) return;
    console.log(`\nThe ${Math.min(SHOWN, timed.length)} slowest of ${timed.length} test files:`);
    for (const { file, ms } of [...timed].sort((a, b) => b.ms - a.ms).slice(0, SHOWN)) {
      console.log(`  ${seconds(ms).padStart(8)}  ${file}`);
    }
    const projects = Map.groupBy(timed, ({ project }) => project || 'tests');
    for (const [project, files] of projects) {
      const total = files.reduce((sum, { ms }) => sum + ms, 0);
      console.log(`  ${project}: ${files.length} files, ${seconds(total)} added up`);
    }
    console.log(`  The run's wall time: ${seconds(Date.now() - this.#started)}.`);
  }
}
