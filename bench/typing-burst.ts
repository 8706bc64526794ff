/**
 * A leadership message typed quickly: 40 PUT /api/content in 4 seconds, as the dashboard sends
 * them. Counts the builds the burst caused and how long the last text took to appear on
 * /about/leadership after the last answer.
 */
import { call } from '../tests/support/api.ts';

export interface TypingBurst {
  puts: number;
  builds: number;
  lastTextLiveMs: number;
}

export async function measureTypingBurst(base: string, token: string, puts = 40, spanMs = 4000): Promise<TypingBurst> {
  const buildCount = async () =>
    (await call<{ buildCount: number }>(base, 'GET', '/api/admin/build-status', { token })).body.buildCount;
  const content = (await call<Record<string, unknown>>(base, 'GET', '/api/content')).body;
  const words = `Dear parents our school year begins with joy and purpose marker${Date.now()}`;
  const buildsBefore = await buildCount();
  let text = '';
  let lastAnswer = 0;
  for (let i = 1; i <= puts; i++) {
    const started = performance.now();
    text = `${words} ${'x'.repeat(i)}`;
    const answer = await call(base, 'PUT', '/api/content', { token, json: { ...content, presidentMessage: text } });
    if (answer.status !== 200) throw new Error(`PUT /api/content refused: ${JSON.stringify(answer.body)}`);
    lastAnswer = performance.now();
    const wait = spanMs / puts - (lastAnswer - started);
    if (wait > 0 && i < puts) await new Promise((resolve) => setTimeout(resolve, wait));
  }
  while (!(await (await fetch(`${base}/about/leadership`)).text()).includes(`x`.repeat(puts))) {
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  const lastTextLiveMs = performance.now() - lastAnswer;
  // Wait for the scheduler to settle so every build the burst caused is counted.
  for (;;) {
    const status = await call<{ live: boolean }>(base, 'GET', '/api/admin/build-status', { token });
    if (status.body.live) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return { puts, builds: (await buildCount()) - buildsBefore, lastTextLiveMs };
}
