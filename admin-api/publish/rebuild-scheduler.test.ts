import { describe, expect, it } from 'vitest';
import { RebuildScheduler, type SchedulerTiming } from './rebuild-scheduler.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A content store stand-in and a build that records what it built. */
function setup(options: { buildMs?: number; fail?: (n: number) => boolean; timing?: SchedulerTiming } = {}) {
  let revision = 0;
  const built: number[] = [];
  let running = 0;
  let maxConcurrent = 0;
  const scheduler = new RebuildScheduler(
    async () => {
      const seen = revision;
      running += 1;
      maxConcurrent = Math.max(maxConcurrent, running);
      await sleep(options.buildMs ?? 20);
      running -= 1;
      if (options.fail?.(built.length + 1)) {
        built.push(-seen);
        throw new Error('The build broke');
      }
      built.push(seen);
    },
    () => revision,
    options.timing ?? { quietMs: 30, maxWaitMs: 150 },
  );
  const write = () => {
    revision += 1;
    scheduler.schedule();
  };
  return { scheduler, built, write, maxConcurrent: () => maxConcurrent };
}

describe('RebuildScheduler', () => {
  it('builds once the edits pause, with the last content', async () => {
    const { scheduler, built, write } = setup();
    write();
    write();
    write();
    expect(scheduler.status).toMatchObject({ live: false });
    await scheduler.idle();
    expect(built).toEqual([3]);
    expect(scheduler.status).toMatchObject({ state: 'ok', live: true, error: null, buildCount: 1 });
  });

  it('builds a long burst every so often, never two at once, and the last build has the last edit', async () => {
    const { scheduler, built, write, maxConcurrent } = setup({ timing: { quietMs: 30, maxWaitMs: 100 } });
    // 40 edits 10 ms apart: the edits never pause for 30 ms during the burst.
    for (let i = 0; i < 40; i++) {
      write();
      await sleep(10);
    }
    await scheduler.idle();
    expect(built.at(-1)).toBe(40);
    expect(built.length).toBeGreaterThan(1); // the site kept up while the edits went on
    expect(built.length).toBeLessThanOrEqual(8); // ~400 ms of edits, a build per 100 ms at most
    expect(scheduler.status.buildCount).toBe(built.length);
    expect(maxConcurrent()).toBe(1);
  });

  it('builds edits that arrive while a build runs in one more build', async () => {
    const { scheduler, built, write } = setup({ buildMs: 80 });
    write();
    await sleep(50); // the first build is running now
    write();
    write();
    write();
    expect(scheduler.status).toMatchObject({ state: 'running', live: false });
    await scheduler.idle();
    expect(built).toEqual([1, 4]);
  });

  it('reports a failed build, and is not live until a later build succeeds', async () => {
    const { scheduler, built, write } = setup({ fail: (n) => n === 2 });
    write();
    await scheduler.idle();
    write();
    await scheduler.idle();
    expect(built).toEqual([1, -2]);
    const failed = scheduler.status;
    expect(failed).toMatchObject({ state: 'failed', live: false, error: 'The build broke' });
    expect(failed.durationMs).toBeGreaterThanOrEqual(0);

    write();
    await scheduler.idle();
    expect(scheduler.status).toMatchObject({ state: 'ok', live: true, error: null });
  });

  it('builds the first edit after a quiet moment at once, without waiting for a pause', async () => {
    const { scheduler, built, write } = setup({ timing: { quietMs: 10_000, maxWaitMs: 10_000 } });
    write();
    expect(scheduler.status.live).toBe(false);
    await scheduler.idle();
    expect(built).toEqual([1]);
    expect(scheduler.status).toMatchObject({ state: 'ok', live: true, buildCount: 1 });
  });

  it('builds edits made before the first build starts in that build', async () => {
    const { scheduler, built, write } = setup({ timing: { quietMs: 10_000, maxWaitMs: 10_000 } });
    write();
    write();
    await scheduler.idle();
    expect(built).toEqual([2]);
  });

  it('gathers the edits of a burst during a build into one follow-up build', async () => {
    const { scheduler, built, write, maxConcurrent } = setup({ buildMs: 60, timing: { quietMs: 20, maxWaitMs: 1000 } });
    write();
    await sleep(20); // the first build is running now
    for (let i = 0; i < 5; i++) write();
    await scheduler.idle();
    expect(built).toEqual([1, 6]);
    expect(maxConcurrent()).toBe(1);
  });

  it('builds at once when asked to, without waiting for a pause', async () => {
    const { scheduler, built } = setup({ timing: { quietMs: 10_000, maxWaitMs: 10_000 } });
    scheduler.buildNow();
    await scheduler.idle();
    expect(built).toEqual([0]);
  });

  it('is live from the start when the served site already shows the content', () => {
    const { scheduler } = setup();
    expect(scheduler.status.live).toBe(false);
    scheduler.markLive(0);
    expect(scheduler.status).toMatchObject({ state: 'idle', live: true });
  });
});
