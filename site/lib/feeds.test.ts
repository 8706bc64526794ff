import { expect, it } from 'vitest';
import type { SchoolEvent, SiteContent } from '../contract/content.ts';
import { exampleSettings } from '../contract/example-settings.ts';
import { PUBLISHED_NOW } from '../contract/publication.ts';
import { eventsCalendar } from './feeds.ts';

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
  expect(eventsCalendar(content, 'https://school.example')).toContain('DTSTART:19050601T043900Z');
});
