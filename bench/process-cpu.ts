/** CPU time of processes, read from `/proc/<pid>/stat` as the system counts it. */
import { readdirSync, readFileSync } from 'node:fs';

/** Linux counts a process's CPU time in ticks of 1/100 s (USER_HZ). */
const TICK_MS = 10;

/** The fields of `/proc/<pid>/stat` after the command (which may hold spaces); undefined once the process is gone. */
export function statFields(pid: number | string): string[] | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  } catch {
    return undefined;
  }
}

/** utime and stime in ms: the 14th and 15th fields of the line, the 12th and 13th after the command. */
const cpuOf = (fields: string[]) => (Number(fields[11]) + Number(fields[12])) * TICK_MS;

/** CPU time (user and system) of process `pid` so far, in ms; 0 once it is gone. */
export function cpuMs(pid: number): number {
  const fields = statFields(pid);
  return fields ? cpuOf(fields) : 0;
}

/**
 * Follows the CPU of a process and all its descendants, sampled every `everyMs` (a process that
 * lives less than that may be missed): `stop()` answers the total in ms.
 */
export function watchTreeCpu(root: number, everyMs = 200): { stop(): number } {
  const seen = new Map<number, number>();
  const sample = () => {
    const parents = new Map<number, number>();
    const cpu = new Map<number, number>();
    for (const name of readdirSync('/proc')) {
      const fields = /^\d+$/.test(name) ? statFields(name) : undefined;
      if (!fields) continue;
      parents.set(Number(name), Number(fields[1]));
      cpu.set(Number(name), cpuOf(fields));
    }
    for (const [pid, ms] of cpu) {
      let ancestor: number | undefined = pid;
      while (ancestor && ancestor !== root) ancestor = parents.get(ancestor);
      if (ancestor === root) seen.set(pid, Math.max(seen.get(pid) ?? 0, ms));
    }
  };
  const timer = setInterval(sample, everyMs);
  sample();
  return {
    stop() {
      sample();
      clearInterval(timer);
      return [...seen.values()].reduce((sum, ms) => sum + ms, 0);
    },
  };
}
