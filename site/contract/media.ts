/**
 * The media library (GET /api/admin/media): every stored image and document, what it is, and
 * which items use it, so an editor can reuse a file, describe an image once, or replace a document.
 */
import * as z from 'zod';
import { ADMIN_PAGE_SIZE_MAX, adminListPage } from './admin-lists.ts';
import { ALT_MAX } from './content.ts';
import { text } from './fields.ts';

export const MEDIA_KINDS = ['image', 'document'] as const;
export type MediaKind = (typeof MEDIA_KINDS)[number];

/** The kinds of items that use a file. */
export const MEDIA_USE_KINDS = [
  'event',
  'news',
  'gallery',
  'homegallery',
  'leader',
  'logo',
  'circular',
  'page',
  'text',
] as const;

/** How many of a file's uses an answer lists (a photo may be in thousands of items). */
export const MEDIA_USES_SHOWN = 20;

export const MediaUse = z.object({
  kind: z.enum(MEDIA_USE_KINDS),
  id: z.string().meta({ description: 'The item’s id (a page: its slug; a leader: the role).' }),
  title: z.string().meta({ description: 'What the item is called (a photo: its caption).' }),
  where: z
    .string()
    .meta({ description: 'The dashboard view that shows the item, e.g. `/admin/dashboard#events/{id}`.' }),
});
export type MediaUse = z.infer<typeof MediaUse>;

export const MediaItem = z.object({
  kind: z.enum(MEDIA_KINDS),
  id: z.string().meta({ description: 'The image id or document id.' }),
  name: z.string().meta({ description: 'The file’s name as uploaded (the id when no item names it).' }),
  bytes: z.int().meta({ description: 'The stored file’s size in bytes.' }),
  width: z.int().optional(),
  height: z.int().optional(),
  alt: z.string().optional().meta({ description: 'Images: the library’s text alternative, if set.' }),
  uses: z.array(MediaUse).meta({ description: `The items that use it: the first ${MEDIA_USES_SHOWN}.` }),
  useCount: z.int().meta({ description: 'How many items use it in all.' }),
  unused: z.boolean().meta({ description: 'Nothing in the content uses it (it is removed a day after its upload).' }),
});
export type MediaItem = z.infer<typeof MediaItem>;

export const MediaQuery = z.object({
  kind: z.enum(MEDIA_KINDS, { error: 'The kind must be image or document' }).optional().meta({
    description: 'Only images, or only documents (both when not said).',
  }),
  page: z.coerce.number({ error: 'The page must be a number from 1' }).int().min(1).optional(),
  pageSize: z.coerce.number().int().min(1).max(ADMIN_PAGE_SIZE_MAX).optional(),
  q: z
    .string()
    .max(200)
    .optional()
    .meta({ description: 'Only the files whose name, alt text or users’ titles hold this text, in any case.' }),
  unused: z.enum(['true', 'false']).optional().meta({ description: '`true`: only the files nothing uses.' }),
});
export type MediaQuery = z.infer<typeof MediaQuery>;

export const MediaPage = adminListPage(MediaItem);
export type MediaPage = z.infer<typeof MediaPage>;

/** PUT /api/admin/media/images/{imageId}: the library's text alternative (empty: none). */
export const ImageAltInput = z.object({
  alt: text('The text alternative', ALT_MAX),
});
export type ImageAltInput = z.infer<typeof ImageAltInput>;

/** What replacing a document answers: its new id, and the old id that keeps serving it. */
export const ReplacedDocument = z.object({
  documentId: z.string(),
  originalName: z.string(),
  size: z.int(),
  replaced: z.string().meta({ description: 'The former id: `/documents/{replaced}` now serves this file.' }),
});
export type ReplacedDocument = z.infer<typeof ReplacedDocument>;
