/**
 * What the dashboard says it has open (GET /api/admin/presence): the school details, a page, a
 * leader's message, or an item of a list.
 */
export const EDITING_TARGET =
  /^(settings|(pages|leadership|events|news|circulars|gallery|homegallery)\/[A-Za-z0-9-]{1,64})$/;

/** GET /api/admin/presence: the others who have the same thing open. */
export interface PresenceAnswer {
  editing: { username: string; since: string }[];
}
