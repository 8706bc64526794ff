import ICAL from 'ical.js';
import { expect, it } from 'vitest';
import type { SchoolEvent, SiteContent } from '../contract/content.ts';
import { contentInLanguage } from '../contract/content-language.ts';
import { exampleSettings } from '../contract/example-settings.ts';
import { PUBLISHED_NOW } from '../contract/publication.ts';
import { calendarLinks, eventsCalendar, newsFeed, RSS_ITEMS } from './feeds.ts';

const event = (n: number): SchoolEvent => ({
  _id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  title: `Event ${n}`,
  description: 'In the hall',
  date: '2030-05-01',
  time: n % 2 ? '10:30' : '',
  location: 'Hall',
  image: null,
  ...PUBLISHED_NOW,
});

it('writes each event as it is now, however many calendars were written before', () => {
  const content = { settings: exampleSettings(), events: [event(1), event(2), event(3)] } as SiteContent;
  const first = eventsCalendar(content, 'https://school.example');
  const edited = { ...content, events: [{ ...event(1), title: 'Sports day' }, event(3)] };
  const second = eventsCalendar(edited, 'https://school.example');

  expect(first.match(/BEGIN:VEVENT/g)).toHaveLength(3);
  expect(second.match(/BEGIN:VEVENT/g)).toHaveLength(2);
  expect(second).toContain('SUMMARY:Sports day');
  expect(second).not.toMatch(/SUMMARY:Event [12]\r/);
  expect(second).toMatch(/^BEGIN:VCALENDAR\r\n[\s\S]*END:VEVENT\r\nEND:VCALENDAR$/);
  const inOtherZone = { ...edited, settings: { ...edited.settings, timeZone: 'America/New_York' } };
  const startOfThird = (ics: string) => /UID:[^\r]*000000000003[\s\S]*?DTSTART:(\w+)/.exec(ics)?.[1];
  expect(startOfThird(second)).toMatch(/^20300501T\d{6}Z$/);
  expect(startOfThird(eventsCalendar(inOtherZone, 'https://school.example'))).not.toBe(startOfThird(second));
});

it('writes an event of any year the content allows, from before time zones had whole minutes too', () => {
  const early = { ...event(1), date: '1905-06-01', time: '10:00' };
  const content = { settings: { ...exampleSettings(), timeZone: 'Asia/Kolkata' }, events: [early] } as SiteContent;
  expect(eventsCalendar(content, 'https://school.example', new Date('1905-05-01'))).toContain(
    'DTSTART:19050601T043900Z',
  );
});

it('carries the upcoming events and those of the last 12 months, and links the archive for the rest', () => {
  const now = new Date('2030-05-01T12:00:00Z');
  const dated = (n: number, date: string) => ({ ...event(n), date });
  const events = [dated(1, '2029-04-30'), dated(2, '2029-05-01'), dated(3, '2030-04-30'), dated(4, '2045-01-01')];
  const content = { settings: exampleSettings(), events } as SiteContent;
  const ics = eventsCalendar(content, 'https://school.example', now);
  expect(ics.match(/SUMMARY:Event \d/g)).toEqual(['SUMMARY:Event 2', 'SUMMARY:Event 3', 'SUMMARY:Event 4']);
  expect(ics).toContain('URL:https://school.example/eventsnews/events\r\n');
  // Long lines are folded (RFC 5545): read the description unfolded.
  expect(ics.replace(/\r\n /g, '')).toContain(
    'X-WR-CALDESC:Upcoming events and those of the last 12 months; earlier events at https://school.example/eventsnews/events\r\n',
  );
});

it('carries the newest 50 current news items and links the news archive', () => {
  const news = Array.from({ length: 60 }, (_, n) => ({
    _id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    title: `News ${n}`,
    description: 'Short',
    publishDate: `2030-01-${String((n % 28) + 1).padStart(2, '0')}`,
    expiryDate: null,
    priority: 'medium' as const,
    image: null,
    ...PUBLISHED_NOW,
  }));
  const content = { settings: exampleSettings(), news } as unknown as SiteContent;
  const rss = newsFeed(content, 'https://school.example', new Date('2030-02-01T12:00:00Z'));
  const titles = [...rss.matchAll(/<item>\s*<title><!\[CDATA\[(.*?)\]\]><\/title>/g)].map((m) => m[1]);
  expect(titles).toHaveLength(RSS_ITEMS);
  expect(titles[0]).toMatch(/^News (27|55)$/);
  expect(titles).not.toContain('News 0');
  expect(rss).toContain('<link>https://school.example/eventsnews/news</link>');
  // Rendered again later the same day, the feed is the same bytes: a bucket uploads it only when its news changed.
  expect(newsFeed(content, 'https://school.example', new Date('2030-02-01T18:00:00Z'))).toBe(rss);
});

it('of a language, carry its texts and words and link its pages', () => {
  const now = new Date('2030-02-01T12:00:00Z');
  const news = {
    _id: 'n1',
    title: 'Sports day',
    description: 'Races',
    publishDate: '2030-01-10',
    expiryDate: null,
    priority: 'medium' as const,
    image: null,
    translations: { hi: { title: 'खेल दिवस' } },
    ...PUBLISHED_NOW,
  };
  const fair = { ...event(1), translations: { hi: { title: 'विज्ञान मेला' } } };
  const settings = { ...exampleSettings(), schoolName: 'Green Valley', languages: ['en', 'hi'] };
  const others = { logos: [], homegallery: [], gallery: [], circulars: [], pages: [], alerts: [] };
  const site = { ...others, settings, news: [news], events: [fair] } as unknown as SiteContent;
  const content = contentInLanguage(site, 'hi');

  const rss = newsFeed(content, 'https://school.example', now, 'hi');
  expect(rss).toContain('<language>hi</language>');
  expect(rss).toContain('<title>Green Valley: समाचार</title>');
  expect(rss).toContain('<title><![CDATA[खेल दिवस]]></title>');
  expect(rss).toContain('<link>https://school.example/hi/eventsnews#news-n1</link>');
  expect(rss).toContain('<link>https://school.example/hi/eventsnews/news</link>');
  expect(rss).not.toMatch(/https:\/\/school\.example\/(?!hi\/)[^<"]*eventsnews/);

  const ics = eventsCalendar(content, 'https://school.example', now, 'hi');
  expect(ics).toContain('SUMMARY:विज्ञान मेला');
  expect(ics).toContain('X-WR-CALNAME:Green Valley: कार्यक्रम');
  expect(ics).toContain('URL;VALUE=URI:https://school.example/hi/eventsnews\r\n');
  expect(ics).toContain('URL:https://school.example/hi/eventsnews/events\r\n');
  // Another entry than the same event in the English calendar, which is still the English one.
  expect(ics).toContain(`UID:${fair._id}.hi@school.example`);
  const english = eventsCalendar(contentInLanguage(site, 'en'), 'https://school.example', now);
  expect(english).toContain(`SUMMARY:Event 1`);
  expect(english).toContain(`UID:${fair._id}@school.example`);
});

it("writes a category's calendar with that category's events of the calendar's window only", () => {
  const now = new Date('2030-05-01T12:00:00Z');
  const of = (n: number, date: string, category?: string) => ({ ...event(n), date, ...(category && { category }) });
  const events = [
    of(1, '2029-04-30', 'Examinations'),
    of(2, '2029-05-01', 'Examinations'),
    of(3, '2030-06-01', 'Sports'),
    of(4, '2030-06-02'),
    of(5, '2031-03-01', 'Examinations'),
  ];
  const content = { settings: exampleSettings(), events } as SiteContent;
  // The calendar of every event first, whose VEVENTs the category's takes.
  const all = eventsCalendar(content, 'https://school.example', now);
  const ics = eventsCalendar(content, 'https://school.example', now, 'en', 'Examinations');
  const calendar = new ICAL.Component(ICAL.parse(ics));
  expect(calendar.getFirstPropertyValue('x-wr-calname')).toBe('Sunridge Valley School: Examinations');
  const vevents = calendar.getAllSubcomponents('vevent').map((vevent) => new ICAL.Event(vevent));
  expect(vevents.map((vevent) => vevent.summary)).toEqual(['Event 2', 'Event 5']);
  // The same event has the same VEVENT in both.
  const second = /BEGIN:VEVENT\r\nUID:00000000-0000-4000-8000-000000000002[\s\S]*?END:VEVENT\r\n/.exec(all)?.[0];
  expect(second).toBeDefined();
  expect(ics).toContain(second);
  expect(ics).toContain('URL:https://school.example/eventsnews/categories/examinations\r\n');
  expect(eventsCalendar(content, 'https://school.example', now, 'en', 'Meetings')).not.toContain('BEGIN:VEVENT');
});

it('offers a calendar as webcal://, to Google Calendar and to Outlook', () => {
  const links = calendarLinks('https://www.school.example', '/calendars/examinations.ics', 'Sunridge: Examinations');
  expect(links).toEqual({
    address: 'https://www.school.example/calendars/examinations.ics',
    webcal: 'webcal://www.school.example/calendars/examinations.ics',
    google:
      'https://calendar.google.com/calendar/render?cid=webcal%3A%2F%2Fwww.school.example%2Fcalendars%2Fexaminations.ics',
    outlook:
      'https://outlook.live.com/calendar/0/addfromweb?url=https%3A%2F%2Fwww.school.example%2Fcalendars%2Fexaminations.ics&name=Sunridge%3A%20Examinations',
  });
});
