/**
 * Sample items for tests in which only the title matters: an event, a news item and a circular
 * as the dashboard sends them, with what each must have. A test that checks another field spreads
 * its own value over one of these.
 */

/** An event as the dashboard sends it: `title`, a line about it and a date to come. */
export const event = (title: string) => ({ title, description: `About ${title}`, date: '2031-02-10' });

/** A news item as the dashboard sends it: `title` and a line about it. */
export const news = (title: string) => ({ title, description: `About ${title}` });

/** A circular as the dashboard sends it: `title`, its date and a line about it. */
export const circular = (title: string) => ({ title, date: '2026-06-01', description: `About ${title}` });
