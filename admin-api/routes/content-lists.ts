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
import { currentNews, splitEvents } from '../../site/lib/schedule.ts';
import type { AppDeps } from '../app-deps.ts';
import { requireAdmin } from '../auth/require-admin.ts';
import { contentList, contentWriter } from '../store/content-writer.ts';
import { listRoutes } from './list-routes.ts';

/**
 * The lists of the site content: logos, events, news and the two photo lists. Each write answers
 * the list as stored; events and news also have a public list.
 */
export function contentListRoutes(deps: AppDeps) {
  const adminOnly = requireAdmin(deps.jwtSecret, deps.stores.admins);
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
        adminOnly,
        gone: 'This logo no longer exists',
        input: ImageRef,
        create: ({ imageId, originalName }, _id) => ({ _id, imageId, originalName }),
      }),
    )
    .route(
      '/events',
      listRoutes({
        list: list('events'),
        adminOnly,
        gone: 'This event no longer exists',
        input: () => eventInput(timeZone()),
        create: (input, _id) => ({ _id, ...input }),
        update: (input, { _id }) => ({ _id, ...input }),
        withoutImage,
        publicList: (events) => {
          const { upcoming, past } = splitEvents(events, new Date(), timeZone());
          return [...upcoming, ...past];
        },
      }),
    )
    .route(
      '/news',
      listRoutes({
        list: list('news'),
        adminOnly,
        gone: 'This news item no longer exists',
        input: () => newsInput(timeZone()),
        // Without a publish date a new item is published today; an edited one keeps its date.
        create: (input, _id) => newsItem(_id, input, dateInZone(new Date(), timeZone())),
        update: (input, previous) => newsItem(previous._id, input, previous.publishDate),
        withoutImage,
        publicList: (news) => currentNews(news, new Date(), timeZone()),
      }),
    )
    .route('/homegallery', photoList(list('homegallery'), adminOnly, HomeGalleryInput))
    .route('/gallery', photoList(list('gallery'), adminOnly, GalleryInput));
}

const photoList = (
  list: ReturnType<typeof contentList<'gallery'>>,
  adminOnly: ReturnType<typeof requireAdmin>,
  input: typeof GalleryInput,
) =>
  listRoutes({
    list,
    adminOnly,
    gone: 'This photo no longer exists',
    input,
    create: ({ imageId, caption }, _id) => ({ _id, imageId, caption }),
  });

function newsItem(_id: string, input: NewsInput, publishedWithoutDate: string): News {
  return {
    _id,
    ...input,
    publishDate: input.publishDate ?? publishedWithoutDate,
    expiryDate: input.expiryDate ?? null,
  };
}
