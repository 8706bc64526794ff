import { describe, expect, it } from 'vitest';
import { RebuildScheduler } from './rebuild-scheduler.ts';

/** A content store stand-in and a build that records what it built. */
function setup(options: { buildMs?: number; fail?: (n: number) => boolean } = {}) {
  let revision = 0;
  const built: number[] = [];
  let running = 0;
  let maxConcurrent = 0;
  const scheduler = new RebuildScheduler(async () => {
    const seen = revision;
    running += 1;
    maxConcurrent = Math.max(maxConcurrent, running);
    await new Promise((resolve) => setTimeout(resolve, options.buildMs ?? 20));
    running -= 1;
    if (options.fail?.(built.length + 1)) {
      built.push(-seen);
      throw new Error('The build broke');
    }
    built.push(seen);
  }, () => revision);
  const write = () => {
    revision += 1;
    scheduler.schedule();
  };
  return { scheduler, built, write, maxConcurrent: () => maxConcurrent, revision: () => revision };
}

describe('RebuildScheduler', () => {
  it('coalesces a burst of 20 writes into at most 3 builds, the last one of the last content', async () => {
    // A burst: writes arrive faster than a build takes.
    const { scheduler, built, write, maxConcurrent } = setup({ buildMs: 200 });
    for (let i = 0; i < 20; i++) {
      write();
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
    await scheduler.idle();
    expect(built.length).toBeLessThanOrEqual(3);
    expect(scheduler.status.buildCount).toBe(built.length);
    expect(built.at(-1)).toBe(20);
    expect(maxConcurrent()).toBe(1);
    expect(scheduler.status).toMatchObject({ state: 'ok', live: true, error: null });
  });

  it('builds writes that arrive while a build runs, in one more build', async () => {
    const { scheduler, built, write } = setup({ buildMs: 50 });
    write();
    await new Promise((resolve) => setTimeout(resolve, 10));
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

  it('is live from the start when the served site already shows the content', () => {
    const { scheduler } = setup();
    expect(scheduler.status.live).toBe(false);
    scheduler.markLive(0);
    expect(scheduler.status).toMatchObject({ state: 'idle', live: true });
  });
});
