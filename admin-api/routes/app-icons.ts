import { Hono } from 'hono';
import { publicContent } from '../../site/contract/public-content.ts';
import { APP_ICON_SIZES } from '../../site/lib/app-icons.ts';
import type { AppDeps } from '../app-deps.ts';
import { HttpError } from '../http/errors.ts';
import { appIcon } from '../images/app-icon.ts';
import { operations } from '../openapi/operation.ts';

/**
 * `/icons/<size>.png`, the icons of the web app manifest and of the notifications, made from the
 * school's first logo (or its crest) as it is now: made once per logo and size, then kept in memory.
 */
export function appIconRoutes(deps: AppDeps) {
  const { stores, images } = deps;
  const op = operations(deps);
  const made = new Map<string, Promise<Buffer>>();
  return new Hono().get(
    '/icons/:name',
    op({
      tag: 'Files',
      summary: 'The app’s icon',
      description: `\`/icons/{size}.png\` (${APP_ICON_SIZES.join(' or ')}): the school’s first logo in a white square, or its crest before a logo is uploaded. The web app manifest names them.`,
      answers: { 200: { description: 'The icon.', media: 'image/png' } },
      refusals: { 404: 'There is no icon of that size.' },
    }),
    async (c) => {
      const size = APP_ICON_SIZES.find((one) => c.req.param('name') === `${one}.png`);
      if (!size) throw new HttpError(404, 'There is no icon of that size');
      const logo = publicContent(stores.content.data, new Date()).logos[0];
      const key = `${logo?.imageId ?? 'crest'} ${size}`;
      let icon = made.get(key);
      if (!icon) {
        icon = (async () => appIcon(logo ? ((await images.original(logo.imageId))?.body ?? null) : null, size))();
        made.set(key, icon);
        icon.catch(() => made.delete(key));
      }
      return c.body(new Uint8Array(await icon), 200, {
        'Content-Type': 'image/png',
        'Cache-Control': 'public, max-age=3600',
      });
    },
  );
}
