import type { SiteContent } from '../../site/contract/content.ts';
import { DEFAULT_RETENTION } from '../../site/contract/personal-data.ts';
import { defaultCirculars } from './default-circulars.ts';
import { defaultPages } from './default-pages.ts';
import { defaultSettings } from './default-settings.ts';

/** The content of a fresh data folder: the default settings and pages, welcome messages, the three circulars and no other items. */
export function defaultContent(): SiteContent {
  const settings = defaultSettings();
  const welcome = (role: string) =>
    `Welcome to ${settings.schoolName}. As ${role}, I am proud of our students, our teachers and the families who trust us. Thank you for visiting our website.`;
  return {
    logos: [],
    homegallery: [],
    gallery: [],
    events: [],
    news: [],
    presidentMessage: welcome('President'),
    presidentImage: null,
    secretaryMessage: welcome('Secretary'),
    secretaryImage: null,
    correspondentMessage: welcome('Correspondent'),
    correspondentImage: null,
    headmistressMessage: welcome('Headmistress'),
    headmistressImage: null,
    honoraryPresidentMessage: welcome('Honorary President'),
    honoraryPresidentImage: null,
    settings,
    pages: defaultPages(),
    circulars: defaultCirculars(),
    retention: DEFAULT_RETENTION,
    alerts: [],
    imageAlts: {},
    documentAliases: {},
  };
}
