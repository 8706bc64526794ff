import type { SchoolEvent } from '../../contract/content.ts';
import { type EventDraft, emptyEventDraft, eventBody, eventDraftOf, eventProblem } from '../../lib/admin-drafts.ts';
import { formatDate, formatTime } from '../../lib/display-format.ts';
import { TextField } from '../forms/TextField.tsx';
import type { FieldsProps, ItemKind } from './ItemsSection.tsx';

function EventFields({ draft, onChange, disabled, idPrefix }: FieldsProps<EventDraft>) {
  const set = (key: keyof EventDraft) => (value: string) => onChange({ ...draft, [key]: value });
  return (
    <div className="field-grid">
      <TextField
        id={`${idPrefix}-title`}
        label="Title"
        value={draft.title}
        onChange={set('title')}
        required
        disabled={disabled}
        maxLength={200}
      />
      <TextField
        id={`${idPrefix}-date`}
        label="Date"
        type="date"
        value={draft.date}
        onChange={set('date')}
        required
        disabled={disabled}
      />
      <TextField
        id={`${idPrefix}-time`}
        label="Time"
        type="time"
        value={draft.time}
        onChange={set('time')}
        disabled={disabled}
      />
      <TextField
        id={`${idPrefix}-location`}
        label="Location"
        value={draft.location}
        onChange={set('location')}
        disabled={disabled}
        maxLength={200}
      />
      <TextField
        id={`${idPrefix}-description`}
        label="Description"
        value={draft.description}
        onChange={set('description')}
        required
        disabled={disabled}
        multiline
        maxLength={5000}
      />
    </div>
  );
}

function EventDetails({ item }: { item: SchoolEvent }) {
  const when = [formatDate(item.date), item.time && formatTime(item.time), item.location].filter(Boolean);
  return (
    <>
      <h3 className="item-title">{item.title}</h3>
      <p className="item-meta">{when.join(' · ')}</p>
      <p className="item-text">{item.description}</p>
    </>
  );
}

export const EVENTS: ItemKind<SchoolEvent, EventDraft> = {
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
    deleteImage: 'Failed to delete event image',
  },
  emptyDraft: () => emptyEventDraft,
  draftOf: eventDraftOf,
  problem: eventProblem,
  body: eventBody,
  Fields: EventFields,
  Details: EventDetails,
};
