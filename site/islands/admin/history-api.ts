import type { SiteContent } from '../../contract/content.ts';
import type { HistoryList } from '../../contract/history.ts';
import { adminExchange, adminRequest } from '../../lib/admin-api.ts';

export const loadHistory = () => adminRequest<HistoryList>('/api/admin/history');

/**
 * Restores `version`; answers the content now published and its ETag. With `ifMatch`, only if the
 * content is still the one of that ETag (412 otherwise).
 */
export async function restoreVersion(
  version: number,
  ifMatch?: string | null,
): Promise<{ content: SiteContent; etag: string | null }> {
  const { body, headers } = await adminExchange<SiteContent>(`/api/admin/history/${version}/restore`, {
    method: 'POST',
    headers: ifMatch ? { 'If-Match': ifMatch } : {},
  });
  return { content: body, etag: headers.get('etag') };
}
