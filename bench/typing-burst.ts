/**
 * A leadership message typed quickly: 40 PATCH /api/content in 4 seconds, as the dashboard's
 * autosave sends them. Counts the builds the burst caused, how long the last text took to appear
 * on /about/leadership after the last answer, and the size of the largest request (its request
 * line, headers and body, as sent).
 */
import { call } from '../tests/support/api.ts';

export interface TypingBurst {
  puts: number;
  builds: number;
  /** Bytes of the largest autosave request. */
  requestBytes: number;
  lastTextLiveMs: number;
}

export async function measureTypingBurst(base: string, token: string, puts = 40, spanMs = 4000): Promise<TypingBurst> {
  const buildCount = async () =>
    (await call<{ buildCount: number }>(base, 'GET', '/api/admin/build-status', { token })).body.buildCount;
  let etag = (await fetch(`${base}/api/content`)).headers.get('etag') ?? '';
  let requestBytes = 0;
  const words = `Dear parents our school year begins with joy and purpose marker${Date.now()}`;
  const buildsBefore = await buildCount();
  let text = '';
  let lastAnswer = 0;
  for (let i = 1; i <= puts; i++) {
    const started = performance.now();
    text = `${words} ${'x'.repeat(i)}`;
    const headers = {
      Authorization: `Bearer ${token}`,
      'Content-Type': 'application/json',
      'If-Match': etag,
    };
    const body = JSON.stringify({ presidentMessage: text });
    requestBytes = Math.max(requestBytes, requestSize(base, headers, body));
    const answer = await fetch(`${base}/api/content`, { method: 'PATCH', headers, body });
    if (answer.status !== 200) throw new Error(`PATCH /api/content refused: ${await answer.text()}`);
    etag = answer.headers.get('etag') ?? '';
    await answer.arrayBuffer();
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
  return { puts, builds: (await buildCount()) - buildsBefore, lastTextLiveMs, requestBytes };
}

/** An HTTP/1.1 request's bytes: request line, the headers a browser would add too, and the body. */
function requestSize(base: string, headers: Record<string, string>, body: string): number {
  const { host } = new URL(base);
  const lines = [
    'PATCH /api/content HTTP/1.1',
    `Host: ${host}`,
    `Content-Length: ${Buffer.byteLength(body)}`,
    ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
  ];
  return Buffer.byteLength(`${lines.join('\r\n')}\r\n\r\n${body}`);
}
