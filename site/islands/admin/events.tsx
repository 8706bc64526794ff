import type { ImageRef, SchoolEvent } from '../../contract/content.ts';
import { type EventDraft, emptyEventDraft, eventBody, eventDraftOf, eventProblem } from '../../lib/admin-drafts.ts';
import { formatDate, formatTime } from '../../lib/display-format.ts';
import { markdownPlainText } from '../../lib/markdown-text.ts';
import { Field } from '../forms/Field.tsx';
import { TextField } from '../forms/TextField.tsx';
import { imageAttachment } from './attachments.tsx';
import { useEventCategories } from './event-categories.ts';
import { DateField, DescriptionField, TitleField } from './item-fields.tsx';
import type { FieldsProps, ItemKind } from './item-kind.ts';
import { TranslatableField, translatingOf } from './translations/TranslatableField.tsx';

function EventFields({ draft, onChange, disabled, idPrefix, stored }: FieldsProps<EventDraft>) {
  const set = (key: keyof EventDraft) => (value: string) => onChange({ ...draft, [key]: value });
  const translating = translatingOf(draft, onChange, stored);
  const categories = useEventCategories();
  const category = draft.category ?? '';
  // An event keeps a category the school has since removed from its list.
  const offered = category === '' || categories.includes(category) ? categories : [...categories, category];
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
      <TextField
        id={`${idPrefix}-time`}
        label="Time"
        type="time"
        value={draft.time}
        onChange={set('time')}
        disabled={disabled}
      />
      <TranslatableField
        id={`${idPrefix}-location`}
        label="Location"
        field="location"
        value={draft.location}
        onChange={set('location')}
        translating={translating}
      >
        {(text) => <TextField {...text} disabled={disabled} maxLength={200} />}
      </TranslatableField>
      <Field id={`${idPrefix}-category`} name="category" label="Category">
        {(control) => (
          <select
            {...control}
            value={category}
            disabled={disabled}
            onChange={(event) => set('category')(event.target.value)}
          >
            <option value="">No category</option>
            {offered.map((name) => (
              <option key={name} value={name}>
                {categories.includes(name) ? name : `${name} (no longer in the list)`}
              </option>
            ))}
          </select>
        )}
      </Field>
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

function EventDetails({ item }: { item: SchoolEvent }) {
  const when = [formatDate(item.date), item.time && formatTime(item.time), item.location, item.category].filter(
    Boolean,
  );
  return (
    <>
      <h3 className="item-title">{item.title}</h3>
      <p className="item-meta">{when.join(' · ')}</p>
      <p className="item-text">{markdownPlainText(item.description)}</p>
    </>
  );
}

export const EVENTS: ItemKind<SchoolEvent, EventDraft, ImageRef> = {
  id: 'events',
  title: 'Events',
  summary: 'Shown on the Events & News page: upcoming ones first, past ones below.',
  noun: 'event',
  addButton: 'Add event',
  empty: 'No events yet.',
  failures: {
    add: 'Failed to add event',
    update: 'Failed to update event',
    delete: 'Failed to delete event',
    deleteAttachment: 'Failed to delete event image',
  },
  emptyDraft: () => emptyEventDraft,
  draftOf: eventDraftOf,
  problem: eventProblem,
  body: eventBody,
  attachment: imageAttachment(),
  Fields: EventFields,
  Details: EventDetails,
};
