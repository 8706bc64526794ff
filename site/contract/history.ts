import * as z from 'zod';

/** One kept version of the site content, as GET /api/admin/history lists it (newest first). */
export const HistoryEntry = z.object({
  version: z.number().int().positive(),
  at: z.string(),
  username: z.string(),
  summary: z.string(),
});
export type HistoryEntry = z.infer<typeof HistoryEntry>;

export const HistoryList = z.array(HistoryEntry);
export type HistoryList = z.infer<typeof HistoryList>;
