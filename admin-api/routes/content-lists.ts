import { Hono } from 'hono';
import {
  eventCategoryProblem,
  eventInput,
  GalleryInput,
  type GalleryInput as GalleryInputType,
  GalleryItem,
  HomeGalleryInput,
  type ImageRef,
  Logo,
  LogoInput,
  News,
  type NewsInput,
  newsInput,
  SchoolEvent,
} from '../../site/contract/content.ts';
import { dateInZone } from '../../site/contract/dates.ts';
import { PUBLISHED_NOW } from '../../site/contract/publication.ts';
import { currentNews, splitEvents } from '../../site/lib/schedule.ts';
import type { AppDeps } from '../app-deps.ts';
import { HttpError } from '../http/errors.ts';
import { EXAMPLE_EVENT } from '../openapi/examples.ts';
import { type Op, operations } from '../openapi/operation.ts';
import { publicView } from '../store/public-view.ts';
import { contentList, contentWriter } from '../workflow/content-writer.ts';
import { CONTENT_ETAG } from './content.ts';
import { listRoutes } from './list-routes.ts';

/**
 * The lists of the site content: logos, events, news and the two photo lists. Each write answers
 * the list as stored; events and news also have a public list, of what is published and due.
 * Logos are the school's identity (Administrators and Editors); events, news and photos may be
 * a Contributor's drafts.
 */
export function contentListRoutes(deps: AppDeps) {
  const op = operations(deps);
  const write = contentWriter(deps);
  const list = <K extends Parameters<typeof contentList>[2]>(key: K) => contentList(deps, write, key);
  const withoutImage = <T extends { image: ImageRef | null }>(item: T): T => ({ ...item, image: null });
  // The school's time zone, as its settings say now: it decides what is past and what is today.
  const timeZone = () => deps.stores.content.data.settings.timeZone;
  const shared = { op, tag: 'Lists', etag: CONTENT_ETAG } as const;
  const languages = () => deps.stores.content.data.settings.languages;
  /**
   * An event's input with its category checked against the school's list (the one it had, `kept`,
   * stays allowed) and an empty one left out.
   */
  const categorized = <T extends { category?: string | undefined }>(input: T, kept?: string): T => {
    const problem = eventCategoryProblem(input.category, deps.stores.content.data.settings.eventCategories, kept);
    if (problem) throw new HttpError(400, problem);
    const { category, ...rest } = input;
    return (category ? { ...rest, category } : rest) as T;
  };

  return new Hono()
    .route(
      '/logos',
      listRoutes({
        ...shared,
        list: list('logos'),
        permission: 'content',
        words: { one: 'a logo', many: 'the logos' },
        item: Logo,
        gone: 'This logo no longer exists',
        input: LogoInput,
        create: ({ imageId, originalName, alt, translations }, _id) => ({
          _id,
          imageId,
          originalName,
          ...(alt === undefined ? {} : { alt }),
          ...(translations && { translations }),
        }),
      }),
    )
    .route(
      '/events',
      listRoutes({
        ...shared,
        list: list('events'),
        permission: 'drafts',
        words: { one: 'an event', many: 'the events' },
        item: SchoolEvent,
        gone: 'This event no longer exists',
        publication: { noun: 'this event', timeZone },
        input: eventInput,
        example: EXAMPLE_EVENT,
        create: (input, _id) => ({ _id, ...categorized(input), ...PUBLISHED_NOW }),
        update: (input, { _id, category }) => ({ _id, ...categorized(input, category), ...PUBLISHED_NOW }),
        withoutImage,
        publicList: {
          summary: 'The published events',
          description: 'Upcoming events first, soonest first; then past events, latest first.',
          languages,
          items: () => {
            const now = new Date();
            const { upcoming, past } = splitEvents(publicView(deps.stores, now).events, now, timeZone());
            return [...upcoming, ...past];
          },
        },
      }),
    )
    .route(
      '/news',
      listRoutes({
        ...shared,
        list: list('news'),
        permission: 'drafts',
        words: { one: 'a news item', many: 'the news' },
        item: News,
        gone: 'This news item no longer exists',
        publication: { noun: 'this news item', timeZone },
        input: newsInput,
        example: {
          title: 'School reopens on 2 June',
          description: 'Classes for the new school year begin on Monday 2 June at 8:30.',
          publishDate: '2026-05-20',
          expiryDate: '2026-06-05',
          priority: 'high',
          image: null,
        },
        // Without a publish date a new item is published today; an edited one keeps its date.
        create: (input, _id) => newsItem(_id, input, dateInZone(new Date(), timeZone())),
        update: (input, previous) => newsItem(previous._id, input, previous.publishDate),
        withoutImage,
        publicList: {
          summary: 'The current news',
          description:
            'The published news from its publish date through its expiry date: the most important first, then the newest.',
          languages,
          items: () => {
            const now = new Date();
            return currentNews(publicView(deps.stores, now).news, now, timeZone());
          },
        },
      }),
    )
    .route('/homegallery', photoList(op, list('homegallery'), 'the home gallery', HomeGalleryInput, timeZone))
    .route('/gallery', photoList(op, list('gallery'), 'the gallery', GalleryInput, timeZone));
}

const photoList = (
  op: Op,
  list: ReturnType<typeof contentList<'gallery'>>,
  gallery: string,
  input: typeof GalleryInput,
  timeZone: () => string,
) =>
  listRoutes({
    op,
    tag: 'Lists',
    etag: CONTENT_ETAG,
    list,
    permission: 'drafts',
    words: { one: `a photo of ${gallery}`, many: `the photos of ${gallery}` },
    summaries: {
      create: `Add a photo to ${gallery}`,
      update: `Change a photo of ${gallery} (its caption and text alternative)`,
      remove: `Remove a photo from ${gallery}`,
      status: `Change the state of a photo in ${gallery}`,
    },
    item: GalleryItem,
    gone: 'This photo no longer exists',
    input,
    create: (input, _id) => photo(_id, input),
    update: (input, { _id }) => photo(_id, input),
    publication: { noun: 'this photo', timeZone },
  });

/** A photo as stored: what was sent, without a text alternative when none was sent (not set). */
function photo(_id: string, { imageId, caption, alt, translations }: GalleryInputType): GalleryItem {
  return {
    _id,
    imageId,
    caption,
    ...(alt === undefined ? {} : { alt }),
    ...(translations && { translations }),
    ...PUBLISHED_NOW,
  };
}

function newsItem(_id: string, input: NewsInput, publishedWithoutDate: string): News {
  return {
    _id,
    ...input,
    ...PUBLISHED_NOW,
    publishDate: input.publishDate ?? publishedWithoutDate,
    expiryDate: input.expiryDate ?? null,
  };
}
