/** Examples the API reference shows in more than one call. */

/** An event as POST /api/events sends it (and, with its id and state, as the content holds it). */
export const EXAMPLE_EVENT = {
  title: 'Annual Sports Day',
  description: 'Races, relays and the march past on the main ground. Parents are welcome.',
  date: '2026-12-12',
  time: '09:00',
  location: 'Main ground',
  image: null,
};
