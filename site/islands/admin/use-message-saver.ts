import { useEffect, useRef, useState } from 'react';
import { LEADERSHIP_ROLES, type LeadershipRole, messageField, type SiteContent } from '../../contract/content.ts';
import { timeInZone } from '../../contract/dates.ts';
import type { Translations } from '../../contract/translations.ts';
import { adminExchange } from '../../lib/admin-api.ts';
import { LatestWinsSaver, type SaveState } from '../../lib/admin-latest-wins.ts';
import { ApiError } from '../../lib/api-client.ts';
import { type Failure, failureOf } from './Alert.tsx';
import { withTranslation } from './translations/translation-text.ts';
import type { ContentDocument, DocumentContent } from './use-content-document.ts';

export type MessageField = `${LeadershipRole}Message`;
/** The messages' translations are saved as one field: PATCH /api/content replaces them all. */
type Saved = MessageField | 'translations';
type Changes = Partial<Record<MessageField, string>> & { translations?: Translations };

export interface MessageStatus {
  state: SaveState;
  failure: Failure | null;
}

/**
 * Leadership messages save as they are typed: PATCH /api/content with the typed texts alone (a few
 * hundred bytes, whatever the size of the site), one request at a time, the newest text winning
 * (LatestWinsSaver). Each goes with If-Match; when someone changed the content meanwhile (412), it
 * is fetched again: if that change was to another part, the request is made once more; if someone
 * else changed the same message, nothing is sent over it and the person is told who and when (the
 * next keystroke then saves over it, on purpose).
 */
export function useMessageSaver(document: ContentDocument) {
  const [statuses, setStatuses] = useState<Partial<Record<Saved, MessageStatus>>>({});
  // Each message as this tab last knew it stored: what a change by someone else is told from.
  const [known] = useState(() => new Map<MessageField, string>());
  // The translations as this tab typed them last: each keystroke's change is made to them.
  const typed = useRef<Translations | undefined>(undefined);
  const [saver] = useState(
    () =>
      new LatestWinsSaver<Saved, string | Translations>(
        (changes) => patchMessages(document, changes as Changes, known),
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
    edit: (field: MessageField, text: string) => {
      if (!known.has(field)) known.set(field, document.latest().content[field]);
      saver.edit(field, text);
    },
    /** A message's translation into `language`, typed. */
    translate: (field: MessageField, language: string, text: string) => {
      const before = typed.current ?? document.latest().content.translations;
      typed.current = withTranslation(before, language, field, text);
      saver.edit('translations', typed.current);
    },
    dismiss: (field: Saved) =>
      setStatuses((all) => ({ ...all, [field]: all[field] && { ...all[field], failure: null } })),
    /** Resolves when every text typed so far has been sent. */
    idle: () => saver.idle(),
  };
}

async function patchMessages(document: ContentDocument, changes: Changes, known: Map<MessageField, string>) {
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
    refuseOverOthers(document.latest().content, changes, known);
    answer = await patch();
  }
  for (const role of LEADERSHIP_ROLES) {
    const field = messageField(role);
    if (field in changes) known.set(field, changes[field]!);
  }
  document.saved(answer.body, answer.headers.get('ETag'));
}

/**
 * Throws when someone else saved one of these messages since this tab last knew it: their text is
 * not written over unseen. From now on this tab knows theirs, so the next change saves over it.
 */
function refuseOverOthers(content: DocumentContent, changes: Changes, known: Map<MessageField, string>) {
  for (const role of LEADERSHIP_ROLES) {
    const field = messageField(role);
    const stored = content[field];
    if (!(field in changes) || !known.has(field) || known.get(field) === stored) continue;
    known.set(field, stored);
    const stamp = content.leadershipUpdated?.[role];
    const who = stamp
      ? `${stamp.by} changed this message at ${timeInZone(new Date(stamp.at), content.settings.timeZone)}`
      : 'Someone changed this message';
    throw new ApiError(
      412,
      `${who} while you were typing, so your text was not saved over theirs. Your text is still here: type on to save it over theirs, or reload the page to see theirs.`,
    );
  }
}

export type MessageSaver = ReturnType<typeof useMessageSaver>;
