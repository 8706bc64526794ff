/**
 * `npm run seed:demo`: fills an empty data folder with demo content, so a newcomer sees a
 * populated site. It writes through the same content store and image pipeline as the API, into
 * DATA_DIR and UPLOADS_DIR as the server reads them. Run it while the server is stopped; the next
 * `npm start` rebuilds the site from the new content. With `--large`, the demo is ten years of an
 * active school (demo-large.ts): 1,000 news, 1,000 events, 2,000 photos (each a distinct upload),
 * 5,000 alumni; with `--limit`, the most the site is made for: 20,000 news, events and photos.
 * `--distinct-photos N` draws N photo files that the gallery's photos share, for a quicker seeding
 * of the same pages (the tests seed the large demo with 200). With `--languages` (alone or with the
 * others), the site is in English, Hindi and Arabic: every demo text, the school details, pages and
 * circulars carry their Hindi and Arabic versions (demo-languages.ts).
 */
import { randomUUID } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import type { GalleryItem, ImageRef, News, SchoolEvent, SiteContent } from '../site/contract/content.ts';
import { imageField, LEADERSHIP_ROLES, messageField } from '../site/contract/content.ts';
import { dateInZone } from '../site/contract/dates.ts';
import { PUBLISHED_NOW } from '../site/contract/publication.ts';
import type { Settings } from '../site/contract/settings.ts';
import { AuditLog, auditFile, CLI } from './audit/audit-log.ts';
import { readConfig } from './config.ts';
import {
  DEMO_EVENTS,
  DEMO_NEWS,
  type DemoEvent,
  type DemoNews,
  GALLERY_CAPTIONS,
  HOME_CAPTIONS,
  LEADERSHIP_MESSAGES,
  PORTRAIT_COLOURS,
} from './demo-content.ts';
import { DEMO_LANGUAGE_NAMES, type DemoLists, inDemoLanguages, withDemoTranslations } from './demo-languages.ts';
import {
  addDays,
  LARGE_COUNTS,
  type LargeCounts,
  LIMIT_COUNTS,
  largeAlumni,
  largeEvents,
  largeGallery,
  largeNews,
} from './demo-large.ts';
import { storeDistinctPhotos } from './demo-photos.ts';
import {
  crestAlt,
  crestSvg,
  PALETTES,
  portraitAlt,
  portraitSvg,
  renderJpeg,
  renderPng,
  SCENE_ALT,
  sceneSvg,
} from './demo-scenes.ts';
import { ImageStore } from './images/image-store.ts';
import { privacyNoticeVersion } from './privacy/privacy-notice.ts';
import { DamagedDataFileError, damagedFileReport } from './store/damaged-file.ts';
import { defaultContent } from './store/default-content.ts';
import { openStores, settleStores } from './store/stores.ts';

const config = readConfig();
const { counts, languages } = commandLine();
const large = counts !== null;
const images = new ImageStore(config.uploadsDir);
await seed();

async function seed() {
  if (config.port !== 0 && (await serverAnswers(config.port))) {
    fail(`A server is running on port ${config.port}. Stop it first, then run npm run seed:demo again.`);
  }
  await mkdir(config.dataDir, { recursive: true });
  await mkdir(config.uploadsDir, { recursive: true });
  const stores = await openStores(config.dataDir).catch((error: unknown) => {
    if (error instanceof DamagedDataFileError) fail(damagedFileReport(error));
    throw error;
  });
  if (hasContent(stores.content.data) || stores.alumni.data.alumni.length > 0) {
    fail(
      `${config.dataDir} already has content: the demo only fills an empty data folder.\n` +
        'Point DATA_DIR and UPLOADS_DIR at new folders to try the demo.',
    );
  }
  console.log('Drawing the demo pictures…');
  // Dates are counted from today in the school's time zone.
  const today = dateInZone(new Date(), stores.content.data.settings.timeZone);
  const settings = stores.content.data.settings;
  const small = await demoContent(today, settings);
  const demo = languages ? withDemoTranslations(small, settings) : small;
  if (counts) {
    console.log(`Drawing ${counts.distinctPhotos} distinct photos…`);
    const photos = await storeDistinctPhotos(images, counts.distinctPhotos, (done) => console.log(`  ${done}`));
    Object.assign(demo, {
      events: largeEvents(demo.events, today, counts),
      news: largeNews(demo.news, today, counts),
      gallery: largeGallery(demo.gallery, photos, counts.gallery),
    });
  }
  const written = languages ? inDemoLanguages({ ...stores.content.data, ...demo }) : demo;
  await stores.content.update((draft) => Object.assign(draft, written));
  const alumni = counts ? largeAlumni(new Date(), privacyNoticeVersion(stores.content.data), counts) : [];
  if (alumni.length > 0) await stores.alumni.update((draft) => void draft.alumni.push(...alumni));
  await settleStores(stores);
  const audit = await AuditLog.open(auditFile(config.dataDir));
  await audit.record({ username: CLI, action: 'content.seed-demo', target: '', address: CLI });
  console.log(
    `Demo content written to ${config.dataDir}: ${demo.news.length} news, ${demo.events.length} events, ` +
      `${demo.gallery.length} gallery and ${demo.homegallery.length} home gallery photos` +
      `${large ? `, ${alumni.length} alumni registrations` : ''}` +
      `${languages ? `, in ${DEMO_LANGUAGE_NAMES}` : ''}.\n` +
      'Start the server with npm start: it builds the site from it.',
  );
}

/** The demo's lists and leaders, every picture with its text alternative, as a careful school keeps them. */
async function demoContent(today: string, settings: Settings): Promise<DemoLists & Partial<SiteContent>> {
  const { schoolName, leaderNames } = settings;
  const logo = await images.save(await renderPng(crestSvg()), 'crest.png');
  const content: DemoLists & Partial<SiteContent> = {
    logos: [{ _id: randomUUID(), ...logo, alt: crestAlt(schoolName) }],
    homegallery: await photos(HOME_CAPTIONS, 0),
    gallery: await photos(GALLERY_CAPTIONS, 3),
    events: await Promise.all(DEMO_EVENTS.map((event, index) => demoEvent(event, index, today))),
    news: await Promise.all(DEMO_NEWS.map((news, index) => demoNews(news, index, today))),
  };
  for (const [index, role] of LEADERSHIP_ROLES.entries()) {
    const [background, clothes] = PORTRAIT_COLOURS[index]!;
    const portrait = await images.save(await renderJpeg(portraitSvg(background, clothes)), `${role}.jpg`);
    content[messageField(role)] = LEADERSHIP_MESSAGES[role];
    content[imageField(role)] = { ...portrait, alt: portraitAlt(leaderNames[role]) };
  }
  return content;
}

async function scene(variant: number, name: string): Promise<ImageRef> {
  const palette = PALETTES[variant % PALETTES.length]!;
  return { ...(await images.save(await renderJpeg(sceneSvg(palette, variant)), name)), alt: SCENE_ALT };
}

async function photos(captions: readonly string[], offset: number): Promise<GalleryItem[]> {
  const items: GalleryItem[] = [];
  for (const [index, caption] of captions.entries()) {
    const { imageId, alt } = await scene(index + offset, `photo-${index + offset}.jpg`);
    items.push({ _id: randomUUID(), imageId, caption, alt, ...PUBLISHED_NOW });
  }
  return items;
}

async function demoEvent(event: DemoEvent, index: number, today: string): Promise<SchoolEvent> {
  const image = event.picture === undefined ? null : await scene(event.picture, `event-${index}.jpg`);
  return {
    _id: randomUUID(),
    title: event.title,
    description: event.description,
    date: addDays(today, event.inDays),
    time: event.time,
    location: event.location,
    ...(event.category && { category: event.category }),
    image,
    ...PUBLISHED_NOW,
  };
}

async function demoNews(news: DemoNews, index: number, today: string): Promise<News> {
  const image = news.picture === undefined ? null : await scene(news.picture, `news-${index}.jpg`);
  return {
    _id: randomUUID(),
    title: news.title,
    description: news.description,
    priority: news.priority,
    publishDate: addDays(today, -news.publishedDaysAgo),
    expiryDate: news.expiresInDays === null ? null : addDays(today, news.expiresInDays),
    image,
    ...PUBLISHED_NOW,
  };
}

/** Anything an administrator would have added or changed since the folder was created. */
function hasContent(content: SiteContent): boolean {
  const fresh = defaultContent();
  const lists = [content.logos, content.homegallery, content.gallery, content.events, content.news];
  return (
    lists.some((list) => list.length > 0) ||
    LEADERSHIP_ROLES.some(
      (role) => content[imageField(role)] !== null || content[messageField(role)] !== fresh[messageField(role)],
    )
  );
}

async function serverAnswers(port: number): Promise<boolean> {
  try {
    await fetch(`http://127.0.0.1:${port}/api/content`, { signal: AbortSignal.timeout(1000) });
    return true;
  } catch {
    return false;
  }
}

/** What the command line asks for: the large demo's counts (null for the small demo), and the languages. */
function commandLine(): { counts: LargeCounts | null; languages: boolean } {
  let options: { large?: boolean; limit?: boolean; 'distinct-photos'?: string; languages?: boolean };
  try {
    ({ values: options } = parseArgs({
      options: {
        large: { type: 'boolean' },
        limit: { type: 'boolean' },
        'distinct-photos': { type: 'string' },
        languages: { type: 'boolean' },
      },
    }));
  } catch (error) {
    fail(
      `${(error as Error).message}\n` +
        'Usage: npm run seed:demo [-- [--large | --limit] [--distinct-photos N] [--languages]]',
    );
  }
  return { counts: countsAsked(options), languages: options.languages === true };
}

/** The large demo's counts `options` ask for, or null for the small demo. */
function countsAsked(options: { large?: boolean; limit?: boolean; 'distinct-photos'?: string }): LargeCounts | null {
  const counts = options.limit ? LIMIT_COUNTS : options.large ? LARGE_COUNTS : null;
  const distinct = options['distinct-photos'];
  if (distinct === undefined) return counts;
  if (!counts) fail('--distinct-photos goes with --large or --limit.');
  const photos = Number(distinct);
  if (!Number.isInteger(photos) || photos < 1 || photos > counts.gallery) {
    fail(`--distinct-photos takes a whole number from 1 to ${counts.gallery.toLocaleString('en')}, not "${distinct}".`);
  }
  return { ...counts, distinctPhotos: photos };
}

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}
