/**
 * The School details form, described: its groups and their fields in the order the form shows
 * them, with their ids, labels and lengths (the server's limits, site/contract/settings.ts).
 */
import type { ComponentType } from 'react';
import { LEADERSHIP_ROLES, LEADERSHIP_TITLES } from '../../contract/content.ts';
import { SOCIAL_LABELS, SOCIAL_NETWORKS, WEEKDAYS } from '../../contract/settings.ts';
import type { RowControlProps, RowField } from '../forms/RowListField.tsx';
import {
  choice,
  entry,
  note,
  RowRichText,
  richText,
  rows,
  type SettingsField,
  setting,
  text,
  timeZone,
} from './settings-field-kinds.tsx';

export interface SettingsGroup {
  title: string;
  hint?: string;
  fields: SettingsField[];
}

/** A title and a text: a value (its text in the visual editor) or a reason (plain text). */
const titled = (control?: ComponentType<RowControlProps>): RowField<{ title: string; text: string }>[] => [
  { name: 'title', label: 'Title', required: true, maxLength: 120 },
  { name: 'text', label: 'Text', required: true, maxLength: 500, multiline: true, control },
];

export const SETTINGS_GROUPS: SettingsGroup[] = [
  {
    title: 'School',
    fields: [
      text(setting('schoolName'), { id: 'school-name', label: 'School name', required: true, maxLength: 120 }),
      text(setting('shortName'), {
        id: 'school-short-name',
        label: 'Short name (menu and alumni page)',
        required: true,
        maxLength: 60,
      }),
      text(setting('tagline'), { id: 'school-tagline', label: 'Tagline (home page)', maxLength: 300, multiline: true }),
      text(setting('brandLine'), { id: 'school-brand-line', label: 'Line under the name (header)', maxLength: 120 }),
      note("The About pages' addresses follow the name. After a rename, the old addresses lead to the new ones."),
    ],
  },
  {
    title: 'Contact',
    fields: [
      text(setting('phone'), { id: 'school-phone', label: 'Phone', required: true, maxLength: 40 }),
      text(setting('email'), { id: 'school-email', label: 'E-mail', required: true, maxLength: 254 }),
      text(setting('address'), {
        id: 'school-address',
        label: 'Address (one line per line)',
        required: true,
        maxLength: 500,
        multiline: true,
      }),
      rows(setting('officeHours'), {
        id: 'office-hours',
        legend: 'Office hours',
        rowName: 'office hours row',
        addLabel: 'Add office hours row',
        max: 14,
        fields: [
          { name: 'days', label: 'Days', required: true, maxLength: 60 },
          { name: 'hours', label: 'Hours', required: true, maxLength: 60 },
        ],
      }),
    ],
  },
  {
    title: 'Social links',
    hint: 'The full address of each page, starting with https://. Leave a network empty to hide its icon.',
    fields: SOCIAL_NETWORKS.map((network) =>
      text(entry('social', network), { id: `social-${network}`, label: SOCIAL_LABELS[network], maxLength: 300 }),
    ),
  },
  {
    title: 'About Us',
    fields: [
      text(setting('aboutIntro'), {
        id: 'about-intro',
        label: 'Introduction (also on the home page)',
        required: true,
        maxLength: 1000,
        multiline: true,
      }),
      richText(setting('aboutStory'), { id: 'about-story', label: 'Our story', maxLength: 10_000, rows: 8 }),
      richText(setting('vision'), { id: 'about-vision', label: 'Vision', required: true, maxLength: 2000 }),
      richText(setting('mission'), { id: 'about-mission', label: 'Mission', required: true, maxLength: 2000 }),
      rows(setting('values'), {
        id: 'values',
        legend: 'Values',
        rowName: 'value',
        addLabel: 'Add value',
        max: 20,
        fields: titled(RowRichText),
      }),
    ],
  },
  {
    title: 'Why choose us',
    fields: [
      rows(setting('reasons'), {
        id: 'reasons',
        legend: 'Reasons to choose the school',
        rowName: 'reason',
        addLabel: 'Add reason',
        max: 20,
        fields: titled(),
      }),
    ],
  },
  {
    title: 'Academic Corner',
    fields: [
      rows(setting('programmes'), {
        id: 'programmes',
        rowId: 'programme',
        legend: 'Programmes',
        rowName: 'programme',
        addLabel: 'Add programme',
        max: 20,
        fields: [
          { name: 'name', label: 'Name', required: true, maxLength: 100 },
          { name: 'classes', label: 'Classes', maxLength: 100 },
          { name: 'streams', label: 'Streams (separated by commas)', maxLength: 600 },
          { name: 'text', label: 'Description', maxLength: 1000, multiline: true },
        ],
      }),
      rows(setting('curriculum'), {
        id: 'curriculum',
        legend: 'Curriculum',
        rowName: 'curriculum line',
        addLabel: 'Add curriculum line',
        max: 30,
        fields: [{ label: (position) => `Line ${position}`, required: true, maxLength: 1000, multiline: true }],
      }),
      text(entry('calendar', 'year'), {
        id: 'calendar-year',
        label: 'Academic calendar: year',
        required: true,
        maxLength: 40,
      }),
      rows(entry('calendar', 'terms'), {
        id: 'calendar-terms',
        rowId: 'calendar',
        legend: 'Academic calendar: terms and exams',
        rowName: 'calendar entry',
        addLabel: 'Add calendar entry',
        max: 30,
        fields: [
          { name: 'period', label: 'When', required: true, maxLength: 100 },
          { name: 'what', label: 'What', required: true, maxLength: 200 },
        ],
      }),
    ],
  },
  {
    title: 'Leadership names',
    hint: 'The names shown with each leadership message.',
    fields: LEADERSHIP_ROLES.map((role) =>
      text(entry('leaderNames', role), {
        id: `leader-name-${role}`,
        label: LEADERSHIP_TITLES[role],
        required: true,
        maxLength: 120,
      }),
    ),
  },
  {
    title: 'Event categories',
    hint: 'The categories an event can have. Each has its own list on the Events & News page and its own calendar to subscribe to, at an address made from its name (/calendars/examinations.ics). An event keeps its category when it is removed from this list, but is then listed in no category.',
    fields: [
      rows(setting('eventCategories'), {
        id: 'event-categories',
        legend: 'Event categories',
        rowName: 'category',
        addLabel: 'Add category',
        max: 30,
        fields: [{ label: (position) => `Category ${position}`, required: true, maxLength: 60 }],
      }),
    ],
  },
  {
    title: 'Languages',
    hint: 'The languages the site is written in, as language tags separated by commas (for example en, hi, ar). The first is the default: the texts above are written in it.',
    fields: [
      text(setting('languages'), { id: 'school-languages', label: 'Languages', maxLength: 200, required: true }),
    ],
  },
  {
    title: 'Time zone',
    hint: 'Decides when an event is over and from which day news is shown.',
    fields: [timeZone],
  },
  {
    title: 'E-mail digests',
    hint: 'Families who asked for a digest get one e-mail listing what was published since their last: a daily one every day at this time, a weekly one on this day at this time (in the time zone above). Urgent notices always go at once.',
    fields: [
      text(setting('digestTime'), {
        id: 'school-digest-time',
        label: 'Digest time (HH:MM)',
        required: true,
        maxLength: 5,
      }),
      choice(setting('digestDay'), {
        id: 'school-digest-day',
        label: 'Weekly digest day',
        options: WEEKDAYS.map((day) => ({ value: day, label: day[0]!.toUpperCase() + day.slice(1) })),
      }),
    ],
  },
];
