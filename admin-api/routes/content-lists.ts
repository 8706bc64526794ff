import { Hono } from 'hono';
import {
  eventInput,
  GalleryInput,
  HomeGalleryInput,
  ImageRef,
  type News,
  type NewsInput,
  newsInput,
} from '../../site/contract/content.ts';
import { dateInZone } from '../../site/contract/dates.ts';
import { PUBLISHED_NOW } from '../../site/contract/publication.ts';
import { currentNews, splitEvents } from '../../site/lib/schedule.ts';
import type { AppDeps } from '../app-deps.ts';
import { type Allow, permissions } from '../auth/require-admin.ts';
import { contentList, contentWriter } from '../store/content-writer.ts';
import { publicView } from '../store/public-view.ts';
import { listRoutes } from './list-routes.ts';

/**
 * The lists of the site content: logos, events, news and the two photo lists. Each write answers
 * the list as stored; events and news also have a public list, of what is published and due.
 * Logos are the school's identity (Administrators and Editors); events, news and photos may be
 * a Contributor's drafts.
 */
export function contentListRoutes(deps: AppDeps) {
  const allow = permissions(deps);
  const write = contentWriter(deps);
  const list = <K extends Parameters<typeof contentList>[2]>(key: K) => contentList(deps, write, key);
  const withoutImage = <T extends { image: ImageRef | null }>(item: T): T => ({ ...item, image: null });
  // The school's time zone, as its settings say now: it decides what is past and what is today.
  const timeZone = () => deps.stores.content.data.settings.timeZone;

  return new Hono()
    .route(
      '/logos',
      listRoutes({
        list: list('logos'),
        allow: allow('content'),
        gone: 'This logo no longer exists',
        input: ImageRef,
        create: ({ imageId, originalName }, _id) => ({ _id, imageId, originalName }),
      }),
    )
    .route(
      '/events',
      listRoutes({
        list: list('events'),
        allow: allow('drafts'),
        gone: 'This event no longer exists',
        publication: { noun: 'this event', timeZone },
        input: () => eventInput(timeZone()),
        create: (input, _id) => ({ _id, ...input, ...PUBLISHED_NOW }),
        update: (input, { _id }) => ({ _id, ...input, ...PUBLISHED_NOW }),
        withoutImage,
        publicList: () => {
          const now = new Date();
          const { upcoming, past } = splitEvents(publicView(deps.stores, now).events, now, timeZone());
          return [...upcoming, ...past];
        },
      }),
    )
    .route(
      '/news',
      listRoutes({
        list: list('news'),
        allow: allow('drafts'),
        gone: 'This news item no longer exists',
        publication: { noun: 'this news item', timeZone },
        input: () => newsInput(timeZone()),
        // Without a publish date a new item is published today; an edited one keeps its date.
        create: (input, _id) => newsItem(_id, input, dateInZone(new Date(), timeZone())),
        update: (input, previous) => newsItem(previous._id, input, previous.publishDate),
        withoutImage,
        publicList: () => {
          const now = new Date();
          return currentNews(publicView(deps.stores, now).news, now, timeZone());
        },
      }),
    )
    .route('/homegallery', photoList(list('homegallery'), allow, HomeGalleryInput, timeZone))
    .route('/gallery', photoList(list('gallery'), allow, GalleryInput, timeZone));
}

const photoList = (
  list: ReturnType<typeof contentList<'gallery'>>,
  allow: Allow,
  input: typeof GalleryInput,
  timeZone: () => string,
) =>
  listRoutes({
    list,
    allow: allow('drafts'),
    gone: 'This photo no longer exists',
    input,
    create: ({ imageId, caption }, _id) => ({ _id, imageId, caption, ...PUBLISHED_NOW }),
    publication: { noun: 'this photo', timeZone },
  });

function newsItem(_id: string, input: NewsInput, publishedWithoutDate: string): News {
  return {
    _id,
    ...input,
    ...PUBLISHED_NOW,
    publishDate: input.publishDate ?? publishedWithoutDate,
    expiryDate: input.expiryDate ?? null,
  };
}
