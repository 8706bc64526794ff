/** Runs wrk against one URL and reads its figures. */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);

export interface LoadResult {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  /** Answers that were not 2xx/3xx, and socket errors. */
  errors: number;
}

export interface LoadOptions {
  connections: number;
  seconds: number;
  headers?: Record<string, string>;
}

/** What a current browser sends. */
export const BROWSER_HEADERS = { 'Accept-Encoding': 'gzip, deflate, br, zstd' };

export async function loadTest(url: string, options: LoadOptions): Promise<LoadResult> {
  const headerArgs = Object.entries(options.headers ?? {}).flatMap(([name, value]) => ['-H', `${name}: ${value}`]);
  const { stdout } = await run('wrk', [
    '-t1',
    `-c${options.connections}`,
    `-d${options.seconds}s`,
    '--latency',
    ...headerArgs,
    url,
  ]);
  return parseWrk(stdout);
}

export function parseWrk(output: string): LoadResult {
  const number = (pattern: RegExp) => {
    const match = pattern.exec(output);
    if (!match?.[1]) throw new Error(`Unexpected wrk output:\n${output}`);
    return Number(match[1]);
  };
  const latency = (percent: string) => {
    const match = new RegExp(`^\\s*${percent}%\\s+([\\d.]+)(us|ms|s)\\s*$`, 'm').exec(output);
    if (!match?.[1]) throw new Error(`Unexpected wrk output:\n${output}`);
    const factor = match[2] === 'us' ? 0.001 : match[2] === 's' ? 1000 : 1;
    return Number(match[1]) * factor;
  };
  const non2xx = /Non-2xx or 3xx responses: (\d+)/.exec(output);
  const socket = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(output);
  const socketErrors = socket ? socket.slice(1).reduce((sum, n) => sum + Number(n), 0) : 0;
  return {
    requestsPerSecond: number(/Requests\/sec:\s+([\d.]+)/),
    p50Ms: latency('50'),
    p99Ms: latency('99'),
    errors: Number(non2xx?.[1] ?? 0) + socketErrors,
  };
}
