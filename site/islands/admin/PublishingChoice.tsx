import type { Publication, Status } from '../../contract/publication.ts';
import { useSignedIn } from './signed-in.ts';

/** When an item goes out, as its form holds it: now, later (at `publishAt`), a draft, or for review. */
export type PublishingChoiceId = 'now' | 'later' | 'draft' | 'review';
export interface PublishingDraft {
  choice: PublishingChoiceId;
  /** `YYYY-MM-DDTHH:MM` (a datetime-local input's value), for `later`. */
  publishAt: string;
}

export const publishingOf = ({ status, publishAt }: Pick<Publication, 'status' | 'publishAt'>): PublishingDraft => ({
  choice: status === 'published' ? (publishAt ? 'later' : 'now') : status,
  publishAt: publishAt ?? '',
});

/** What a new item starts as: published at once by those who publish, a draft by a Contributor. */
export const newPublishing = (mayPublish: boolean): PublishingDraft => ({
  choice: mayPublish ? 'now' : 'draft',
  publishAt: '',
});

/** The fields a write sends. */
export function publishingBody({ choice, publishAt }: PublishingDraft): { status: Status; publishAt: string | null } {
  if (choice === 'now') return { status: 'published', publishAt: null };
  if (choice === 'later') return { status: 'published', publishAt };
  return { status: choice, publishAt: null };
}

/** Why the choice cannot be sent, or null. */
export const publishingProblem = ({ choice, publishAt }: PublishingDraft): string | null =>
  choice === 'later' && publishAt === '' ? 'Choose the date and time to publish on' : null;

/**
 * "Publishing": radio buttons for when the item goes out. Those who publish choose now, a time
 * (in the school's time zone), or to keep it as a draft; a Contributor keeps a draft or sends it
 * for review.
 */
export function PublishingChoice({
  idPrefix,
  value,
  onChange,
  disabled,
  schedule = true,
}: {
  idPrefix: string;
  value: PublishingDraft;
  onChange: (value: PublishingDraft) => void;
  disabled: boolean;
  /** False where there is no time to choose (photos go out when approved). */
  schedule?: boolean;
}) {
  const signedIn = useSignedIn();
  const { choice } = value;
  const options: { id: PublishingChoiceId; label: string }[] = signedIn.may('publish')
    ? [
        { id: 'now', label: 'Publish now' },
        ...(schedule ? [{ id: 'later' as const, label: 'Publish later' }] : []),
        { id: 'draft', label: 'Keep as a draft' },
        ...(choice === 'review' ? [{ id: 'review' as const, label: 'Leave waiting for review' }] : []),
      ]
    : [
        { id: 'draft', label: 'Keep as a draft' },
        { id: 'review', label: 'Send for review' },
      ];
  const choose = (next: PublishingChoiceId) =>
    onChange({ choice: next, publishAt: next === 'later' ? value.publishAt || tomorrowMorning() : value.publishAt });
  return (
    <fieldset className="publishing-choice field-wide">
      <legend>Publishing</legend>
      <div className="choice-row">
        {options.map((option) => (
          <label key={option.id} className="check">
            <input
              type="radio"
              name={`${idPrefix}-publishing`}
              value={option.id}
              checked={choice === option.id}
              onChange={() => choose(option.id)}
              disabled={disabled}
            />
            {option.label}
          </label>
        ))}
      </div>
      {choice === 'later' && (
        <div className="field">
          <label className="field-label" htmlFor={`${idPrefix}-publish-at`}>
            Goes live on (school clock)
          </label>
          <input
            id={`${idPrefix}-publish-at`}
            type="datetime-local"
            value={value.publishAt}
            onChange={(event) => onChange({ ...value, publishAt: event.target.value })}
            disabled={disabled}
            required
          />
        </div>
      )}
    </fieldset>
  );
}

/** Tomorrow at 08:00 on this device's calendar: a sensible first guess for "later". */
function tomorrowMorning(): string {
  const tomorrow = new Date(Date.now() + 86_400_000);
  const date = `${tomorrow.getFullYear()}-${String(tomorrow.getMonth() + 1).padStart(2, '0')}-${String(tomorrow.getDate()).padStart(2, '0')}`;
  return `${date}T08:00`;
}
