import { describe, expect, it } from 'vitest';
import {
  EVENT_FIELDS_REQUIRED,
  emptyEventDraft,
  emptyNewsDraft,
  eventProblem,
  NEWS_FIELDS_REQUIRED,
  newsBody,
  newsProblem,
} from './admin-drafts.ts';

const event = { ...emptyEventDraft, title: 'Sports day', description: 'Races and games', date: '2026-12-05' };
const news = { ...emptyNewsDraft('2026-11-01'), title: 'Holiday', description: 'School closed on Monday' };

describe('eventProblem', () => {
  it('asks for the required fields with the spec alert, blank text counting as empty', () => {
    expect(eventProblem({ ...event, title: '   ' })).toBe(EVENT_FIELDS_REQUIRED);
    expect(eventProblem({ ...event, description: '' })).toBe(EVENT_FIELDS_REQUIRED);
    expect(eventProblem({ ...event, date: '' })).toBe(EVENT_FIELDS_REQUIRED);
    expect(EVENT_FIELDS_REQUIRED).toBe('Please fill all required event fields (title, description, date)');
  });

  it('accepts a complete event and explains what the server would refuse', () => {
    expect(eventProblem(event)).toBeNull();
    expect(eventProblem({ ...event, time: '25:00' })).toBe('Time must be a time of day (HH:MM)');
    expect(eventProblem({ ...event, title: 'x'.repeat(201) })).toBe('Title must be at most 200 characters');
  });
});

describe('newsProblem', () => {
  it('asks for title and description with the spec alert', () => {
    expect(newsProblem({ ...news, title: '' })).toBe(NEWS_FIELDS_REQUIRED);
    expect(newsProblem({ ...news, description: ' ' })).toBe(NEWS_FIELDS_REQUIRED);
    expect(NEWS_FIELDS_REQUIRED).toBe('Please fill all required news fields (title, description)');
  });

  it('refuses an expiry date before the publish date', () => {
    expect(newsProblem({ ...news, expiryDate: '2026-10-31' })).toBe(
      'The expiry date cannot be before the publish date',
    );
    expect(newsProblem({ ...news, expiryDate: '2026-11-01' })).toBeNull();
  });
});

describe('newsBody', () => {
  it('sends no publish date when none is given, and null for no expiry', () => {
    expect(newsBody({ ...news, publishDate: '', expiryDate: '' }, null)).toEqual({
      title: 'Holiday',
      description: 'School closed on Monday',
      priority: 'medium',
      expiryDate: null,
      image: null,
    });
  });
});
