/**
 * Urgent notices (issue 21, item 1): the calls, their checks and roles, what anyone may read, stale
 * saves, /alerts.json, and the server taking a notice onto and off the pages at its start and end.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { testServer } from '../support/harness.ts';
import { changedBy } from './helpers.ts';

const site = testServer({ admin: true });

interface Alert {
  _id: string;
  message: string;
  level: string;
  startsAt: string;
  endsAt: string;
  showOn: string;
}

const inMinutes = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();
// biome-ignore lint/suspicious/noExplicitAny: the answer is the list, or a refusal's message
const post = (json: unknown, token = site.token) => site.call<any>('POST', '/api/alerts', { token, json });
const notice = (fields: Partial<Alert> = {}) => ({
  message: 'The school is closed today because of flooding.',
  level: 'emergency',
  endsAt: inMinutes(60),
  ...fields,
});
const stored = async () => (await site.asAdmin('GET', '/api/admin/content')).body.alerts as Alert[];
const added = (answer: Alert[], message: string) => answer.find((alert) => alert.message === message)!;
const page = async (path: string) => (await fetch(site.url + path)).text();

let editor = '';
let contributor = '';

beforeAll(async () => {
  for (const [username, role] of [
    ['esha', 'editor'],
    ['ravi', 'contributor'],
  ] as const) {
    const json = { username, password: `${username}-password-1`, role };
    expect((await site.asAdmin('POST', '/api/admin/create', { json })).status).toBe(201);
    const token = (await site.call('POST', '/api/admin/login', { json })).body.token as string;
    if (role === 'editor') editor = token;
    else contributor = token;
  }
});

describe('POST /api/alerts', () => {
  it('adds a notice that starts now, and answers the list as stored', async () => {
    const before = Date.now();
    const answer = await post(notice({ message: '  Closed today: see https://example.org/closure  ' }));
    expect(answer.status).toBe(201);
    const alert = added(answer.body, 'Closed today: see https://example.org/closure');
    expect(alert).toEqual({
      _id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      message: 'Closed today: see https://example.org/closure',
      level: 'emergency',
      startsAt: expect.any(String),
      endsAt: expect.any(String),
      showOn: 'all',
      ...changedBy('admin'),
    });
    expect(Date.parse(alert.startsAt)).toBeGreaterThanOrEqual(before - 1000);
    expect(await stored()).toEqual(answer.body);
  });

  it.each([
    [{ message: '' }, 'A message is required'],
    [{ message: 'x'.repeat(281) }, 'The message must be at most 280 characters'],
    [
      { message: 'See https://a.example.org and https://b.example.org' },
      'A notice may contain at most one link; this one has 2: https://a.example.org, https://b.example.org',
    ],
    [{ level: 'urgent' }, 'The level must be one of emergency, important, info'],
    [{ endsAt: undefined }, 'An end date and time is required'],
    [{ endsAt: 'tomorrow' }, 'The end must be a date and time with its offset (ISO 8601, e.g. 2026-11-25T14:00:00Z)'],
    [{ startsAt: inMinutes(30), endsAt: inMinutes(10) }, 'The end must be after the start'],
    [{ startsAt: inMinutes(-30), endsAt: inMinutes(-10) }, 'The end must be in the future'],
    [{ showOn: 'gallery' }, 'Where it shows must be one of all, home'],
  ])('refuses %j with a clear message, changing nothing', async (fields, message) => {
    const before = await stored();
    const answer = await post(notice(fields as Partial<Alert>));
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe(message);
    expect(await stored()).toEqual(before);
  });

  it('takes 280 characters and one link', async () => {
    const message = `https://example.org/a ${'y'.repeat(280 - 22)}`;
    expect(message).toHaveLength(280);
    expect((await post(notice({ message, level: 'info' }))).status).toBe(201);
  });

  it('is for the roles that may publish: Editors yes, Contributors and visitors no', async () => {
    expect((await post(notice({ message: 'By the editor' }), editor)).status).toBe(201);
    const refused = await post(notice({ message: 'By the contributor' }), contributor);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(
      'Only Administrator or Editor accounts can publish, schedule, approve or return a draft.',
    );
    expect((await site.call('POST', '/api/alerts', { json: notice() })).status).toBe(401);
    expect((await stored()).map((alert) => alert.message)).not.toContain('By the contributor');
  });
});

describe('GET /api/alerts and /alerts.json', () => {
  it('answer anyone only the notices showing now; the dashboard reads all of them', async () => {
    const later = added(
      (
        await post(
          notice({ message: 'Sports day moved', level: 'important', startsAt: inMinutes(60), endsAt: inMinutes(120) }),
        )
      ).body,
      'Sports day moved',
    );
    const now = added(
      (await post(notice({ message: 'Library open late', level: 'info', showOn: 'home' }))).body,
      'Library open late',
    );
    const showing = (await site.call<Alert[]>('GET', '/api/alerts')).body;
    expect(showing.map((alert) => alert._id)).toContain(now._id);
    expect(showing.map((alert) => alert._id)).not.toContain(later._id);
    expect(showing.find((alert) => alert._id === now._id)).not.toHaveProperty('updated');
    expect((await stored()).map((alert) => alert._id)).toContain(later._id);

    await site.waitUntilLive();
    const response = await fetch(`${site.url}/alerts.json`);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    const { alerts } = (await response.json()) as { alerts: Record<string, string>[] };
    expect(alerts.map((alert) => alert.id).sort()).toEqual(showing.map((alert) => alert._id).sort());
    expect(alerts.find((alert) => alert.id === now._id)).toEqual({
      id: now._id,
      level: 'info',
      message: 'Library open late',
      startsAt: now.startsAt,
      endsAt: now.endsAt,
      showOn: 'home',
    });
    const closure = alerts.find((alert) => alert.message?.startsWith('Closed today'))!;
    expect(closure.link).toBe('https://example.org/closure');

    // A home-page notice is on the home page only; one for every page is on every page.
    const [home, gallery] = [await page('/'), await page('/gallery')];
    expect(home).toContain('Library open late');
    expect(gallery).not.toContain('Library open late');
    expect(gallery).toContain('Closed today: see');
    expect(home).not.toContain('Sports day moved');
  });
});

describe('GET /api/alerts with a token', () => {
  it('answers those who write notices every one of them, as stored, with its state', async () => {
    const soon = new Date(Date.now() + 2000).toISOString();
    const messages = { showing: 'Gates open at 8', scheduled: 'Exams start next week', ended: 'Assembly now' };
    const [showing, scheduled, ended] = [
      added((await post(notice({ message: messages.showing }))).body, messages.showing),
      added(
        (await post(notice({ message: messages.scheduled, startsAt: inMinutes(60), endsAt: inMinutes(90) }))).body,
        messages.scheduled,
      ),
      added((await post(notice({ message: messages.ended, endsAt: soon }))).body, messages.ended),
    ];
    const every = async (token: string) =>
      (await site.call<(Alert & { state: string })[]>('GET', '/api/alerts', { token })).body;
    const stateOf = async (id: string) => (await every(site.token)).find((alert) => alert._id === id)?.state;
    await expect.poll(() => stateOf(ended._id)).toBe('ended');

    for (const token of [site.token, editor]) {
      const answer = await every(token);
      expect(answer.map(({ state, ...alert }) => alert)).toEqual(await stored());
      expect(answer.find((alert) => alert._id === showing._id)).toEqual({ ...showing, state: 'showing' });
      expect(answer.find((alert) => alert._id === scheduled._id)).toEqual({ ...scheduled, state: 'scheduled' });
      expect(answer.find((alert) => alert._id === ended._id)).toEqual({ ...ended, state: 'ended' });
    }
    const anyone = (await site.call<Alert[]>('GET', '/api/alerts')).body;
    expect(anyone.map((alert) => alert.message)).toContain(messages.showing);
    expect(anyone.map((alert) => alert.message)).not.toContain(messages.scheduled);
    expect(anyone.map((alert) => alert.message)).not.toContain(messages.ended);
    for (const alert of anyone)
      expect(Object.keys(alert).sort()).toEqual(['_id', 'endsAt', 'level', 'message', 'showOn', 'startsAt']);
  });

  it('refuses a token of a role that does not write notices, and one that is not valid', async () => {
    const refused = await site.call('GET', '/api/alerts', { token: contributor });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(
      'Only Administrator or Editor accounts can publish, schedule, approve or return a draft.',
    );
    const expired = await site.call('GET', '/api/alerts', { token: 'not-a-token' });
    expect(expired.status).toBe(401);
    expect(expired.body.message).toBe('Please log in again: your session is missing or has expired.');
  });
});

describe('PUT and DELETE /api/alerts/{id}', () => {
  it('changes a notice, refuses a save from an older version (412), and deletes it', async () => {
    const alert = added((await post(notice({ message: 'Buses late' }))).body, 'Buses late');
    const version = (await stored()).find((a) => a._id === alert._id) as Alert & { updated: { at: string } };
    const changed = await site.call<Alert[]>('PUT', `/api/alerts/${alert._id}`, {
      token: editor,
      json: { ...notice({ message: 'Buses 20 minutes late', level: 'important' }), version: version.updated.at },
    });
    expect(changed.status).toBe(200);
    expect(added(changed.body, 'Buses 20 minutes late')).toMatchObject({
      _id: alert._id,
      level: 'important',
      ...changedBy('esha'),
    });

    const stale = await site.asAdmin('PUT', `/api/alerts/${alert._id}`, {
      json: notice({ message: 'Buses on time' }),
      headers: { 'If-Match': `"${version.updated.at}"` },
    });
    expect(stale.status).toBe(412);
    expect(stale.body.message).toMatch(/^esha changed this notice at .*Nothing was saved/);
    expect((await stored()).find((a) => a._id === alert._id)!.message).toBe('Buses 20 minutes late');

    expect((await site.asAdmin('PUT', `/api/alerts/${alert._id}`, { json: notice({ message: '' }) })).status).toBe(400);
    const removed = await site.asAdmin<Alert[]>('DELETE', `/api/alerts/${alert._id}`);
    expect(removed.status).toBe(200);
    expect(removed.body.map((a) => a._id)).not.toContain(alert._id);
    const gone = await site.asAdmin('DELETE', `/api/alerts/${alert._id}`);
    expect(gone.status).toBe(404);
    expect(gone.body.message).toBe('This notice no longer exists');
    expect((await site.call('DELETE', `/api/alerts/${alert._id}`, { token: contributor })).status).toBe(403);
  });
});

describe('PUT /api/content from a client that does not know the notices', () => {
  it('keeps the notices when the whole content is sent without them', async () => {
    added((await post(notice({ message: 'Sports day postponed' }))).body, 'Sports day postponed');
    const { alerts: _alerts, ...spec } = (await site.asAdmin('GET', '/api/admin/content')).body;
    expect((await site.asAdmin('PUT', '/api/content', { json: spec })).status).toBe(200);
    expect((await stored()).map((alert) => alert.message)).toContain('Sports day postponed');
  });
});

describe('the start and the end', () => {
  it('puts a notice on the pages at its start and takes it off at its end, with no edit', {
    timeout: 120_000,
  }, async () => {
    const message = 'Assembly in the hall in a moment';
    const startsAt = new Date(Date.now() + 5_000).toISOString();
    const endsAt = new Date(Date.now() + 15_000).toISOString();
    expect((await post({ message, level: 'important', startsAt, endsAt })).status).toBe(201);
    await site.waitUntilLive();
    expect(await page('/contact')).not.toContain(message);

    const seen = async (wanted: boolean, deadline: number) => {
      while (Date.now() < deadline) {
        if ((await page('/contact')).includes(message) === wanted) return Date.now();
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
      throw new Error(`the notice was ${wanted ? 'not shown' : 'still shown'} in time`);
    };
    // The publisher sets a timer for each start and end (and looks every 15 s besides); each change
    // must be live within 60 s of its time.
    const shown = await seen(true, Date.parse(startsAt) + 60_000);
    expect(shown - Date.parse(startsAt)).toBeLessThan(60_000);
    expect((await site.call<Alert[]>('GET', '/api/alerts')).body.map((a) => a.message)).toContain(message);
    const hidden = await seen(false, Date.parse(endsAt) + 60_000);
    expect(hidden - Date.parse(endsAt)).toBeLessThan(60_000);
    expect((await site.call<Alert[]>('GET', '/api/alerts')).body.map((a) => a.message)).not.toContain(message);
    const json = await (await fetch(`${site.url}/alerts.json`)).text();
    expect(json).not.toContain(message);
  });
});
