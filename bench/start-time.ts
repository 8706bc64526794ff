/**
 * How long the server takes to start on a data folder it has served before (a restart: same code,
 * same content, its last build kept): from spawning it to the port answering and the home page served.
 */
import { type RunningServer, type StartOptions, startServer } from '../tests/support/server.ts';

export interface StartTime {
  ms: number;
  server: RunningServer;
}

export async function measureStart(options: StartOptions): Promise<StartTime> {
  const started = performance.now();
  const server = await startServer(options);
  for (;;) {
    const answer = await fetch(`${server.url}/`).catch(() => null);
    if (answer?.status === 200 && (await answer.text()).includes('</html>')) break;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return { ms: performance.now() - started, server };
}
