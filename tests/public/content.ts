/** Creates public content through the API, as the dashboard does. */
import sharp from 'sharp';
import { call } from '../support/api.ts';

export interface Uploaded {
  imageId: string;
  originalName: string;
}

/** A plain picture of the given size and colour. */
export function picture(width: number, height: number, colour: string): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: colour } })
    .png()
    .toBuffer();
}

/** POST /api/upload with the bytes of an image: answers its reference. */
export async function upload(base: string, token: string, bytes: Buffer, name = 'photo.png'): Promise<Uploaded> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)], { type: 'image/png' }), name);
  const response = await fetch(`${base}/api/upload`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}` },
    body: form,
  });
  const body = await response.json();
  if (response.status !== 201) throw new Error(`upload failed: ${JSON.stringify(body)}`);
  return body as Uploaded;
}

/** Calls the API and fails the test setup on anything but a success. */
export async function must(base: string, token: string, method: string, path: string, json?: unknown) {
  const answer = await call(base, method, path, { token, json });
  if (answer.status >= 300)
    throw new Error(`${method} ${path} failed (${answer.status}): ${JSON.stringify(answer.body)}`);
  return answer.body;
}

/** `YYYY-MM-DD`, `days` from today (UTC is close enough for dates weeks away). */
export function daysFromToday(days: number): string {
  const date = new Date();
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}
