/** The five leadership roles (spec §2), in the order the leadership page shows them. */
export const LEADERSHIP_ROLES = [
  'correspondent',
  'headmistress',
  'president',
  'secretary',
  'honoraryPresident',
] as const;
export type LeadershipRole = (typeof LEADERSHIP_ROLES)[number];

/** The title of each role, as the leadership page and its message window show it. */
export const LEADERSHIP_TITLES: Readonly<Record<LeadershipRole, string>> = {
  correspondent: 'Correspondent',
  headmistress: 'Headmistress',
  president: 'President',
  secretary: 'Secretary',
  honoraryPresident: 'Honorary President',
};
