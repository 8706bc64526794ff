import { useEffect, useState } from 'react';
import type { LeadershipRole, SiteContent } from '../../contract/content.ts';
import { adminExchange } from '../../lib/admin-api.ts';
import { LatestWinsSaver, type SaveState } from '../../lib/admin-latest-wins.ts';
import { ApiError } from '../../lib/api-client.ts';
import { type Failure, failureOf } from './Alert.tsx';
import type { ContentDocument } from './use-content-document.ts';

export type MessageField = `${LeadershipRole}Message`;

export interface MessageStatus {
  state: SaveState;
  failure: Failure | null;
}

/**
 * Leadership messages save as they are typed: PATCH /api/content with the typed texts alone (a few
 * hundred bytes, whatever the size of the site), one request at a time, the newest text winning
 * (LatestWinsSaver). Each goes with If-Match; when someone changed the content meanwhile (412), it
 * is fetched again and the request is made once more.
 */
export function useMessageSaver(document: ContentDocument) {
  const [statuses, setStatuses] = useState<Partial<Record<MessageField, MessageStatus>>>({});
  const [saver] = useState(
    () =>
      new LatestWinsSaver<MessageField>(
        (changes) => patchMessages(document, changes),
        (field, state, error) =>
          setStatuses((all) => ({
            ...all,
            [field]: { state, failure: state === 'failed' ? failureOf('Failed to update content', error) : null },
          })),
      ),
  );

  // Leaving the page while a text is still on its way would lose it: ask first.
  useEffect(() => {
    const warn = (event: BeforeUnloadEvent) => {
      if (saver.busy) event.preventDefault();
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [saver]);

  return {
    statuses,
    edit: (field: MessageField, text: string) => saver.edit(field, text),
    dismiss: (field: MessageField) =>
      setStatuses((all) => ({ ...all, [field]: all[field] && { ...all[field], failure: null } })),
    /** Resolves when every text typed so far has been sent. */
    idle: () => saver.idle(),
  };
}

async function patchMessages(document: ContentDocument, changes: Partial<Record<MessageField, string>>) {
  const patch = () => {
    const { etag } = document.latest();
    return adminExchange<Partial<SiteContent>>('/api/content', {
      method: 'PATCH',
      json: changes,
      headers: etag ? { 'If-Match': etag } : undefined,
    });
  };
  let answer: Awaited<ReturnType<typeof patch>>;
  try {
    answer = await patch();
  } catch (error) {
    if (!(error instanceof ApiError && error.status === 412)) throw error;
    await document.reload();
    answer = await patch();
  }
  document.saved(answer.body, answer.headers.get('ETag'));
}

export type MessageSaver = ReturnType<typeof useMessageSaver>;
