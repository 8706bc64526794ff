/**
 * Who else has it open (issue 20): two accounts with the same event, page or the school details
 * open each see the other's name; someone with something else open sees nobody. (That a name
 * goes once its tab stops asking is proved with a clock of its own in presence-board.test.ts.)
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { testServer } from '../support/harness.ts';

const site = testServer({ admin: true });
const tokens: Record<string, string> = {};

interface Presence {
  editing: { username: string; since: string }[];
}

const editing = (who: string, target: string) =>
  site.call<Presence>('GET', `/api/admin/presence?editing=${encodeURIComponent(target)}`, { token: tokens[who] });
const names = async (who: string, target: string) => {
  const answer = await editing(who, target);
  expect(answer.status).toBe(200);
  return answer.body.editing.map((presence) => presence.username).sort();
};

let eventId: string;

beforeAll(async () => {
  tokens.admin = site.token;
  for (const [username, role] of [
    ['asha', 'editor'],
    ['ravi', 'contributor'],
    ['omar', 'office'],
  ] as const) {
    const json = { username, password: `${username}-password-1`, role };
    expect((await site.asAdmin('POST', '/api/admin/create', { json })).status).toBe(201);
    tokens[username] = (await site.call('POST', '/api/admin/login', { json })).body.token;
  }
  const created = await site.asAdmin('POST', '/api/events', {
    json: { title: 'Sports day', description: 'Races', date: '2031-03-01' },
  });
  eventId = created.body[0]._id;
});

describe('presence', () => {
  it('shows each of two accounts with the same event open the name of the other', async () => {
    const target = `events/${eventId}`;
    const before = Date.now();
    expect(await names('admin', target)).toEqual([]);
    const seenByAsha = await editing('asha', target);
    expect(seenByAsha.body.editing).toEqual([{ username: 'admin', since: expect.any(String) }]);
    const since = Date.parse(seenByAsha.body.editing[0]!.since);
    expect(since).toBeGreaterThanOrEqual(before - 1000);
    expect(since).toBeLessThanOrEqual(Date.now());
    expect(await names('admin', target)).toEqual(['asha']);
    // Nobody sees themselves, and a third account with another event open sees nobody.
    expect(await names('ravi', 'events/another-event')).toEqual([]);
    expect(await names('asha', target)).toEqual(['admin']);
    // A third one opening the same event sees both.
    expect(await names('ravi', target)).toEqual(['admin', 'asha']);
  });

  it('works for the school details and pages, whatever the role', async () => {
    expect(await names('omar', 'settings')).toEqual([]);
    expect(await names('asha', 'settings')).toEqual(['omar']);
    expect(await names('asha', 'pages/admissions')).toEqual([]);
    expect(await names('admin', 'pages/admissions')).toEqual(['asha']);
    // Someone with both open (two tabs) is named on both.
    expect(await names('omar', 'settings')).toEqual(['asha']);
  });

  it('forgets at once what an account says it closed, and only that', async () => {
    await names('asha', 'leadership/president');
    await names('asha', 'news/closing-test');
    expect(await names('admin', 'leadership/president')).toEqual(['asha']);
    const closed = await site.call<Presence>('GET', '/api/admin/presence?closed=leadership/president', {
      token: tokens.asha,
    });
    expect(closed.status).toBe(200);
    expect(closed.body.editing).toEqual([]);
    expect(await names('admin', 'leadership/president')).toEqual([]);
    expect(await names('admin', 'news/closing-test')).toEqual(['asha']);
  });

  it('refuses a target that names nothing it knows (400), and anyone without a token (401)', async () => {
    for (const target of [
      '',
      'everything',
      'events/',
      'events/../settings',
      'users/admin',
      `events/${'x'.repeat(65)}`,
      'settings/x',
    ]) {
      const answer = await editing('admin', target);
      expect({ target, status: answer.status }).toEqual({ target, status: 400 });
      expect(answer.body).toHaveProperty('message');
    }
    const noTarget = await site.call('GET', '/api/admin/presence', { token: tokens.admin });
    expect(noTarget.status).toBe(400);
    const badClose = await site.call('GET', '/api/admin/presence?closed=everything', { token: tokens.admin });
    expect(badClose.status).toBe(400);
    const anonymous = await site.call('GET', `/api/admin/presence?editing=events/${eventId}`);
    expect(anonymous.status).toBe(401);
    expect(JSON.stringify(anonymous.body)).not.toContain('admin');
    expect((await site.call('GET', '/api/admin/presence?closed=settings')).status).toBe(401);
  });

  it('is never cached', async () => {
    const answer = await editing('admin', 'settings');
    expect(answer.headers.get('cache-control')).toBe('no-store');
  });
});
