import type { ReactNode } from 'react';
import type { Publication } from '../../contract/publication.ts';
import type { Translatable } from '../../contract/translations.ts';
import type { Attachment } from './attachments.tsx';
import { type PublishingDraft, publishingProblem } from './PublishingChoice.tsx';

export interface Item extends Publication, Translatable {
  _id: string;
  title: string;
}

export interface FieldsProps<Draft> {
  draft: Draft;
  onChange: (draft: Draft) => void;
  disabled: boolean;
  /** Makes the fields' ids unique on the page; the title field's id is `${idPrefix}-title`. */
  idPrefix: string;
  /** The item as saved, whose translations' states the fields show; absent for a new item. */
  stored?: Translatable | undefined;
}

/** What differs between events, news and circulars: their fields, checks, texts, attachment and how an item reads. */
export interface ItemKind<T extends Item, Draft, Ref = unknown> {
  id: 'events' | 'news' | 'circulars';
  title: string;
  /** Under the title; `count` is how many items the list holds (that the account sees). */
  summary: string | ((count: number) => string);
  /** `event`, `news item`: used in confirmations. */
  noun: string;
  addButton: string;
  empty: string;
  /** Said after the question before a delete, when more goes with the item. */
  deleteWarning?: string;
  failures: { add: string; update: string; delete: string; deleteAttachment?: string };
  /** A new item's fields; `timeZone` is the school's, which says what day it is. */
  emptyDraft: (timeZone: string) => Draft;
  draftOf: (item: T) => Draft;
  /** The spec's validation alert, or null when the draft can be sent. */
  problem: (draft: Draft) => string | null;
  body: (draft: Draft, attachment: Ref | null) => unknown;
  attachment: Attachment<T, Ref>;
  Fields: (props: FieldsProps<Draft>) => ReactNode;
  Details: (props: { item: T }) => ReactNode;
}

/** The alert for a draft, the file chosen with it and when to publish it, or null when they can be sent. */
export function problemOf<T extends Item, Draft, Ref>(
  kind: ItemKind<T, Draft, Ref>,
  draft: Draft,
  file: File | null,
  publishing: PublishingDraft,
) {
  return kind.problem(draft) ?? (file && kind.attachment.problem?.(file)) ?? publishingProblem(publishing);
}
