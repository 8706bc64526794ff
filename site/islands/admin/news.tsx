import { type ImageRef, NEWS_PRIORITIES, type News, type NewsPriority } from '../../contract/content.ts';
import { dateInZone } from '../../contract/dates.ts';
import { emptyNewsDraft, type NewsDraft, newsBody, newsDraftOf, newsProblem } from '../../lib/admin-drafts.ts';
import { formatDate } from '../../lib/display-format.ts';
import { markdownPlainText } from '../../lib/markdown-text.ts';
import { priorityColour, priorityLabel } from '../../lib/news-priority.ts';
import { Field } from '../forms/Field.tsx';
import { TextField } from '../forms/TextField.tsx';
import { imageAttachment } from './attachments.tsx';
import { DescriptionField, TitleField } from './item-fields.tsx';
import type { FieldsProps, ItemKind } from './item-kind.ts';
import { translatingOf } from './translations/TranslatableField.tsx';

function NewsFields({ draft, onChange, disabled, idPrefix, stored }: FieldsProps<NewsDraft>) {
  const set = (key: keyof NewsDraft) => (value: string) => onChange({ ...draft, [key]: value });
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
      <Field id={`${idPrefix}-priority`} name="priority" label="Priority" required>
        {(control) => (
          <select
            {...control}
            value={draft.priority}
            disabled={disabled}
            onChange={(event) => onChange({ ...draft, priority: event.target.value as NewsPriority })}
          >
            {NEWS_PRIORITIES.map((priority) => (
              <option key={priority} value={priority}>
                {priorityLabel(priority)}
              </option>
            ))}
          </select>
        )}
      </Field>
      <TextField
        id={`${idPrefix}-publish`}
        label="Publish date"
        type="date"
        value={draft.publishDate}
        onChange={set('publishDate')}
        disabled={disabled}
      />
      <TextField
        id={`${idPrefix}-expiry`}
        label="Expiry date"
        type="date"
        value={draft.expiryDate}
        onChange={set('expiryDate')}
        disabled={disabled}
      />
      <DescriptionField
        idPrefix={idPrefix}
        value={draft.description}
        onChange={set('description')}
        disabled={disabled}
        translating={translating}
        required
      />
    </div>
  );
}

function NewsDetails({ item }: { item: News }) {
  const dates = [`Published ${formatDate(item.publishDate)}`];
  if (item.expiryDate) dates.push(`expires ${formatDate(item.expiryDate)}`);
  return (
    <>
      <p className={`badge priority-${priorityColour(item.priority)}`}>{priorityLabel(item.priority)}</p>
      <h3 className="item-title">{item.title}</h3>
      <p className="item-meta">{dates.join(', ')}</p>
      <p className="item-text">{markdownPlainText(item.description)}</p>
    </>
  );
}

export const NEWS: ItemKind<News, NewsDraft, ImageRef> = {
  id: 'news',
  title: 'News',
  summary: 'Shown on the Events & News page from the publish date until the expiry date, high priority first.',
  noun: 'news item',
  addButton: 'Add news',
  empty: 'No news yet.',
  failures: {
    add: 'Failed to add news',
    update: 'Failed to update news',
    delete: 'Failed to delete news',
    deleteAttachment: 'Failed to delete news image',
  },
  emptyDraft: (timeZone) => emptyNewsDraft(dateInZone(new Date(), timeZone)),
  draftOf: newsDraftOf,
  problem: newsProblem,
  body: newsBody,
  attachment: imageAttachment(),
  Fields: NewsFields,
  Details: NewsDetails,
};
