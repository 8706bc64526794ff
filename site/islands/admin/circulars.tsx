import type { Circular, DocumentRef } from '../../contract/content.ts';
import { dateInZone } from '../../contract/dates.ts';
import {
  type CircularDraft,
  circularBody,
  circularDraftOf,
  circularProblem,
  emptyCircularDraft,
} from '../../lib/circular-draft.ts';
import { countLabel, formatDate } from '../../lib/display-format.ts';
import { documentUrl } from '../../lib/document-url.ts';
import { markdownPlainText } from '../../lib/markdown-text.ts';
import { PdfWarnings } from './accessibility/PdfWarnings.tsx';
import { documentAttachment } from './attachments.tsx';
import { DateField, DescriptionField, TitleField } from './item-fields.tsx';
import type { FieldsProps, ItemKind } from './item-kind.ts';
import { translatingOf } from './translations/TranslatableField.tsx';

function CircularFields({ draft, onChange, disabled, idPrefix, stored }: FieldsProps<CircularDraft>) {
  const set = (key: keyof CircularDraft) => (value: string) => onChange({ ...draft, [key]: value });
  const translating = translatingOf(draft, onChange, stored);
  return (
    <div className="field-grid">
      <TitleField
        idPrefix={idPrefix}
        value={draft.title}
        onChange={set('title')}
        disabled={disabled}
        translating={translating}
      />
      <DateField idPrefix={idPrefix} value={draft.date} onChange={set('date')} disabled={disabled} />
      <DescriptionField
        idPrefix={idPrefix}
        value={draft.description}
        onChange={set('description')}
        disabled={disabled}
        translating={translating}
      />
    </div>
  );
}

function CircularDetails({ item }: { item: Circular }) {
  return (
    <>
      <h3 className="item-title">{item.title}</h3>
      <p className="item-meta">Issued on {formatDate(item.date)}</p>
      {item.description && <p className="item-text">{markdownPlainText(item.description)}</p>}
      <p className="item-meta">
        {item.document ? (
          <a href={documentUrl(item.document.documentId)} target="_blank" rel="noopener">
            {item.document.originalName || 'The PDF document'}
          </a>
        ) : (
          'No PDF document'
        )}
      </p>
      <PdfWarnings documentId={item.document?.documentId} />
    </>
  );
}

/** Circulars, newest first, each with its PDF (added, replaced or removed with the circular). */
export const CIRCULARS: ItemKind<Circular, CircularDraft, DocumentRef> = {
  id: 'circulars',
  title: 'Circulars',
  summary: (count) =>
    `Shown on the Notifications & Circular page, each with its PDF. ${countLabel(count, 'circular')}.`,
  noun: 'circular',
  addButton: 'Add circular',
  empty: 'No circulars yet.',
  deleteWarning: 'Its PDF will no longer be available.',
  failures: {
    add: 'Failed to add circular',
    update: 'Failed to update circular',
    delete: 'Failed to delete circular',
  },
  emptyDraft: (timeZone) => emptyCircularDraft(dateInZone(new Date(), timeZone)),
  draftOf: circularDraftOf,
  problem: circularProblem,
  body: circularBody,
  attachment: documentAttachment(),
  Fields: CircularFields,
  Details: CircularDetails,
};
