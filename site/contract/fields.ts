/** Field schemas the documents of the contract share. */
import * as z from 'zod';

/**
 * Plain text: trimmed, with a message a person understands when missing, wrong or too long.
 * `required` makes blank text an error: `true` says "<label> is required", a string says itself.
 * The length is checked before trimming, so the API's document (maxLength) says what is refused.
 */
export function text(label: string, max: number, required: boolean | string = false) {
  const missing = typeof required === 'string' ? required : `${label} is required`;
  const base = z
    .string({
      error: (issue) => (issue.input === undefined || issue.input === null ? missing : `${label} must be text`),
    })
    .max(max, `${label} must be at most ${max} characters`)
    .trim();
  return required ? base.min(1, missing) : base;
}

/** A list of at most `max` entries, named in its messages. */
export function list<T extends z.ZodType>(label: string, item: T, max: number) {
  return z.array(item, { error: `${label} must be a list` }).max(max, `${label} may have at most ${max} entries`);
}
