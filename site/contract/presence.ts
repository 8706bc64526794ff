/**
 * What the dashboard says it has open (GET /api/admin/presence): the school details, a page, a
 * leader's message, or an item of a list.
 */
import * as z from 'zod';

export const EDITING_TARGET =
  /^(settings|(pages|leadership|events|news|circulars|gallery|homegallery)\/[A-Za-z0-9-]{1,64})$/;

const target = (description: string) => z.string().regex(EDITING_TARGET).optional().meta({ description });

/** GET /api/admin/presence: `?editing=<target>` while it is open, `?closed=<target>` once it is not. */
export const PresenceQuery = z.object({
  editing: target(
    'What the account has open: `settings`, `pages/<slug>`, `leadership/<role>` or `<list>/<id>`. Needed unless `closed` is sent.',
  ),
  closed: target('What the account closed (the same forms); then `editing` is not counted.'),
});

/** GET /api/admin/presence: the others who have the same thing open. */
export const PresenceAnswer = z.object({
  editing: z.array(
    z.object({
      username: z.string(),
      /** When they opened it (ISO date-time). */
      since: z.string(),
    }),
  ),
});
export type PresenceAnswer = z.infer<typeof PresenceAnswer>;
