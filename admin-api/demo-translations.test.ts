/**
 * The demo's Hindi and Arabic (`seed:demo --languages`) cover every demo text, and each entry is
 * what the API takes: the contract's `translations` schemas refuse a field they do not translate,
 * and drop an empty text (so an entry changed by parsing is a wrong or an empty one).
 */
import { describe, expect, it } from 'vitest';
import {
  Circular,
  GalleryItem,
  LEADERSHIP_ROLES,
  Logo,
  News,
  SchoolEvent,
  SiteContent,
} from '../site/contract/content.ts';
import { PAGE_SLUGS, Page } from '../site/contract/pages.ts';
import { Settings } from '../site/contract/settings.ts';
import { translatedFields } from '../site/contract/translations.ts';
import { DEMO_EVENTS, DEMO_NEWS, GALLERY_CAPTIONS, HOME_CAPTIONS } from './demo-content.ts';
import {
  CREST_ALT_IN,
  DEMO_EVENTS_IN,
  DEMO_NEWS_IN,
  GALLERY_CAPTIONS_IN,
  HOME_CAPTIONS_IN,
  inEach,
  LEADERSHIP_MESSAGES_IN,
  SCENE_ALT_IN,
} from './demo-translations.ts';
import { CIRCULARS_IN, PAGES_IN, SETTINGS_IN } from './demo-translations-school.ts';
import { defaultCirculars } from './store/default-circulars.ts';

/** `translations` as `schema` (an object's `translations`) takes them. */
const taken = (schema: { parse: (value: unknown) => unknown }, translations: object) => schema.parse(translations);

describe('the demo items', () => {
  it('have each their Hindi and Arabic, in the fields their translations take', () => {
    expect(DEMO_EVENTS_IN).toHaveLength(DEMO_EVENTS.length);
    expect(DEMO_NEWS_IN).toHaveLength(DEMO_NEWS.length);
    for (const event of DEMO_EVENTS_IN) expect(taken(SchoolEvent.shape.translations, event)).toEqual(event);
    for (const news of DEMO_NEWS_IN) expect(taken(News.shape.translations, news)).toEqual(news);
  });

  it('have a caption and alt text in each language for every photo, and the crest its alt', () => {
    expect(HOME_CAPTIONS_IN).toHaveLength(HOME_CAPTIONS.length);
    expect(GALLERY_CAPTIONS_IN).toHaveLength(GALLERY_CAPTIONS.length);
    for (const caption of [...HOME_CAPTIONS_IN, ...GALLERY_CAPTIONS_IN]) {
      const photo = inEach((language) => ({ caption: caption[language], alt: SCENE_ALT_IN[language] }));
      expect(taken(GalleryItem.shape.translations, photo)).toEqual(photo);
    }
    const crest = inEach((language) => ({ alt: CREST_ALT_IN[language]('Sunridge') }));
    expect(taken(Logo.shape.translations, crest)).toEqual(crest);
  });

  it('include every leader’s message', () => {
    const messages = inEach((language) =>
      Object.fromEntries(LEADERSHIP_ROLES.map((role) => [`${role}Message`, LEADERSHIP_MESSAGES_IN[role][language]])),
    );
    expect(taken(SiteContent.shape.translations, messages)).toEqual(messages);
  });
});

describe('the school’s default texts', () => {
  it('translate every text of the school details', () => {
    expect(taken(Settings.shape.translations, SETTINGS_IN)).toEqual(SETTINGS_IN);
    for (const texts of Object.values(SETTINGS_IN)) {
      expect(Object.keys(texts).sort()).toEqual([...translatedFields(Settings.shape.translations)].sort());
    }
  });

  it('translate every page and every circular', () => {
    for (const slug of PAGE_SLUGS) {
      const page = inEach((language) => PAGES_IN[language][slug]);
      expect(taken(Page.shape.translations, page)).toEqual(page);
    }
    for (const { _id } of defaultCirculars()) {
      expect(CIRCULARS_IN[_id], _id).toBeDefined();
      expect(taken(Circular.shape.translations, CIRCULARS_IN[_id]!)).toEqual(CIRCULARS_IN[_id]);
    }
  });
});
