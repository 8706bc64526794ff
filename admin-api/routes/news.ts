import { randomUUID } from 'node:crypto';
import { Hono } from 'hono';
import { type News, NewsInput } from '../../site/contract/content.ts';
import { dateInZone } from '../../site/contract/dates.ts';
import { currentNews } from '../../site/lib/schedule.ts';
import { school } from '../../site/school.ts';
import type { AppDeps } from '../app-deps.ts';
import { requireAdmin } from '../auth/require-admin.ts';
import { readJson } from '../http/json-body.ts';
import { itemIdParam } from '../http/path-params.ts';
import { contentWriter, itemIndex } from './content-writer.ts';

const GONE = 'This news item no longer exists';

/**
 * News: the current news for the public, and adding, editing and deleting (each answers the
 * list). A news item sent without a publish date is published today (in the school's time zone)
 * when added, and keeps its date when edited; an expiry before the publish date is refused by the
 * content schema.
 */
export function newsRoutes(deps: AppDeps) {
  const adminOnly = requireAdmin(deps.jwtSecret, deps.stores.admins);
  const write = contentWriter(deps);
  return new Hono()
    .get('/news', (c) => c.json(currentNews(deps.stores.content.data.news, new Date(), school.timeZone)))
    .post('/news', adminOnly, async (c) => {
      const input = await readJson(c, NewsInput);
      const today = dateInZone(new Date(), school.timeZone);
      const content = await write((draft) => void draft.news.push(newsItem(randomUUID(), input, today)));
      return c.json(content.news, 201);
    })
    .put('/news/:id', adminOnly, async (c) => {
      const id = itemIdParam(c, GONE);
      const input = await readJson(c, NewsInput);
      const content = await write((draft) => {
        const index = itemIndex(draft.news, id, GONE);
        draft.news[index] = newsItem(id, input, draft.news[index]!.publishDate);
      });
      return c.json(content.news);
    })
    .delete('/news/:id', adminOnly, async (c) => {
      const id = itemIdParam(c, GONE);
      const content = await write((draft) => void draft.news.splice(itemIndex(draft.news, id, GONE), 1));
      return c.json(content.news);
    })
    .delete('/news/:id/image', adminOnly, async (c) => {
      const id = itemIdParam(c, GONE);
      const content = await write((draft) => {
        draft.news[itemIndex(draft.news, id, GONE)]!.image = null;
      });
      return c.json(content.news);
    });
}

function newsItem(_id: string, input: NewsInput, publishedWithoutDate: string): News {
  return {
    _id,
    ...input,
    publishDate: input.publishDate ?? publishedWithoutDate,
    expiryDate: input.expiryDate ?? null,
  };
}
