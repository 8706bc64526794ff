/** The dashboard's reads of the media library (GET /api/admin/media). */
import type { MediaKind, MediaPage } from '../../contract/media.ts';
import { adminRequest } from '../../lib/admin-api.ts';

export const MEDIA_PAGE_SIZE = 24;

export function readMedia(filters: {
  kind?: MediaKind | undefined;
  q?: string;
  unused?: boolean;
  page?: number;
  pageSize?: number;
}) {
  const params = new URLSearchParams({
    page: String(filters.page ?? 1),
    pageSize: String(filters.pageSize ?? MEDIA_PAGE_SIZE),
  });
  if (filters.kind) params.set('kind', filters.kind);
  if (filters.q) params.set('q', filters.q);
  if (filters.unused) params.set('unused', 'true');
  return adminRequest<MediaPage>(`/api/admin/media?${params}`);
}

/** A size in bytes as people read it: 820 bytes, 14 KB, 2.3 MB. */
export function humanBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
