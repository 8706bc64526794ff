/**
 * The event and news forms of the dashboard: what their fields hold, the spec's alerts when a
 * required field is empty, and the body sent to the API. Checked with the server's own input
 * schemas, so a form never sends what the server would refuse.
 */
import type * as z from 'zod';
import {
  EventInput,
  type ImageRef,
  type News,
  NewsInput,
  type NewsPriority,
  type SchoolEvent,
} from '../contract/content.ts';
import type { Translations } from '../contract/translations.ts';

export const EVENT_FIELDS_REQUIRED = 'Please fill all required event fields (title, description, date)';
export const NEWS_FIELDS_REQUIRED = 'Please fill all required news fields (title, description)';

export interface EventDraft {
  title: string;
  description: string;
  /** `YYYY-MM-DD`, as `<input type="date">` gives it. */
  date: string;
  /** `HH:MM` or empty. */
  time: string;
  location: string;
  /** One of the school's event categories; empty or absent: none. */
  category?: string;
  /** The texts in the site's other languages. */
  translations?: Translations;
}

export interface NewsDraft {
  title: string;
  description: string;
  publishDate: string;
  /** Empty when the news does not expire. */
  expiryDate: string;
  priority: NewsPriority;
  /** The texts in the site's other languages. */
  translations?: Translations;
}

export const emptyEventDraft: EventDraft = { title: '', description: '', date: '', time: '', location: '' };

export function emptyNewsDraft(today: string): NewsDraft {
  return { title: '', description: '', publishDate: today, expiryDate: '', priority: 'medium' };
}

export function eventDraftOf(event: SchoolEvent): EventDraft {
  const { title, description, date, time, location, category, translations } = event;
  return {
    title,
    description,
    date,
    time,
    location,
    ...(category && { category }),
    ...(translations && { translations }),
  };
}

export function newsDraftOf(news: News): NewsDraft {
  const { title, description, publishDate, expiryDate, priority, translations } = news;
  return {
    title,
    description,
    publishDate,
    expiryDate: expiryDate ?? '',
    priority,
    ...(translations && { translations }),
  };
}

export function eventBody(draft: EventDraft, image: ImageRef | null) {
  return { ...draft, image };
}

export function newsBody(draft: NewsDraft, image: ImageRef | null) {
  const { publishDate, expiryDate, ...rest } = draft;
  return {
    ...rest,
    ...(publishDate ? { publishDate } : {}),
    expiryDate: expiryDate || null,
    image,
  };
}

/** The alert to show for an event form, or null when it can be sent. */
export function eventProblem(draft: EventDraft): string | null {
  if (isBlank(draft.title) || isBlank(draft.description) || isBlank(draft.date)) {
    return EVENT_FIELDS_REQUIRED;
  }
  return firstIssue(EventInput.safeParse(eventBody(draft, null)));
}

/** The alert to show for a news form, or null when it can be sent. */
export function newsProblem(draft: NewsDraft): string | null {
  if (isBlank(draft.title) || isBlank(draft.description)) return NEWS_FIELDS_REQUIRED;
  return firstIssue(NewsInput.safeParse(newsBody(draft, null)));
}

function isBlank(text: string): boolean {
  return text.trim() === '';
}

function firstIssue(result: z.ZodSafeParseResult<unknown>): string | null {
  return result.success ? null : (result.error.issues[0]?.message ?? 'Please check the form');
}
