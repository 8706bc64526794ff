import { randomUUID } from 'node:crypto';
import { Hono } from 'hono';
import { GalleryInput, HomeGalleryInput } from '../../site/contract/content.ts';
import type { AppDeps } from '../app-deps.ts';
import { requireAdmin } from '../auth/require-admin.ts';
import { readJson } from '../http/json-body.ts';
import { itemIdParam } from '../http/path-params.ts';
import { contentWriter, itemIndex } from './content-writer.ts';

const GONE = 'This photo no longer exists';

/** The home page's photo strip and the gallery: photos with a caption, added and deleted. */
export function galleryRoutes(deps: AppDeps) {
  return new Hono()
    .route('/homegallery', photoList(deps, 'homegallery', HomeGalleryInput))
    .route('/gallery', photoList(deps, 'gallery', GalleryInput));
}

function photoList(deps: AppDeps, list: 'homegallery' | 'gallery', input: typeof GalleryInput) {
  const adminOnly = requireAdmin(deps.jwtSecret, deps.stores.admins);
  const write = contentWriter(deps);
  return new Hono()
    .post('/', adminOnly, async (c) => {
      const { imageId, caption } = await readJson(c, input);
      const content = await write((draft) => void draft[list].push({ _id: randomUUID(), imageId, caption }));
      return c.json(content[list], 201);
    })
    .delete('/:id', adminOnly, async (c) => {
      const id = itemIdParam(c, GONE);
      const content = await write((draft) => void draft[list].splice(itemIndex(draft[list], id, GONE), 1));
      return c.json(content[list]);
    });
}
