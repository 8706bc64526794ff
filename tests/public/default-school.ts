/** The school a fresh install shows (the default settings), as the public-page tests check it. */
import { defaultCirculars } from '../../admin-api/store/default-circulars.ts';
import { defaultSettings } from '../../admin-api/store/default-settings.ts';
import { LEADERSHIP_ROLES, LEADERSHIP_TITLES, type LeadershipRole } from '../../site/contract/content.ts';
import { schoolSlug } from '../../site/contract/settings.ts';
import { addressLines } from '../../site/lib/contact-links.ts';

const settings = defaultSettings();

export const school = {
  name: settings.schoolName,
  slug: schoolSlug(settings),
  phone: settings.phone,
  email: settings.email,
  address: addressLines(settings.address),
  vision: settings.vision,
  mission: settings.mission,
  values: settings.values,
  reasons: settings.reasons,
  timeZone: settings.timeZone,
  leaders: Object.fromEntries(
    LEADERSHIP_ROLES.map((role) => [role, { title: LEADERSHIP_TITLES[role], name: settings.leaderNames[role] }]),
  ) as Record<LeadershipRole, { title: string; name: string }>,
  /** The spec's three circulars, as a fresh install shows them. */
  circulars: defaultCirculars(),
};
