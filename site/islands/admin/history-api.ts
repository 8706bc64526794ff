import type { SiteContent } from '../../contract/content.ts';
import type { HistoryList } from '../../contract/history.ts';
import { adminExchange, adminRequest } from '../../lib/admin-api.ts';

export const loadHistory = () => adminRequest<HistoryList>('/api/admin/history');

/** Restores `version`; answers the content now published and its ETag. */
export async function restoreVersion(version: number): Promise<{ content: SiteContent; etag: string | null }> {
  const { body, headers } = await adminExchange<SiteContent>(`/api/admin/history/${version}/restore`, {
    method: 'POST',
  });
  return { content: body, etag: headers.get('etag') };
}
