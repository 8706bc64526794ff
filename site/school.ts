/**
 * The school's identity and every fixed text of the public site. A fictional school: replace these
 * values to brand the site for a real one.
 */
export const school = {
  name: 'Sunridge Valley School',
  /** Used in /about/{slug} and /about/why-{slug}. */
  slug: 'sunridge-valley-school',
  /** Decides when an event has passed and which news is current. */
  timeZone: 'Asia/Kolkata',
} as const;
