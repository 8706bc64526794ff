import type * as z from 'zod';
import type { MessageKey, Messages } from '../../i18n/catalogue.ts';

/** A public form's field as its messages name it: its label, and what is wrong with a bad value. */
export interface FieldWords {
  label: MessageKey;
  /** The field's own message for a value of the wrong form (an e-mail address, a choice). */
  invalid?: MessageKey;
}

/**
 * What is wrong with a field, in the page's language: the schemas (site/contract/*-form.ts) say it
 * in English for the API; a form says it in its page's words, from the problem's kind.
 */
export function fieldProblem(issue: z.core.$ZodIssue, words: FieldWords, { t }: Messages): string {
  const field = t(words.label);
  if (issue.code === 'too_big') return t('form.tooLong', { field, max: Number(issue.maximum) });
  if (issue.code === 'too_small' || issue.code === 'invalid_type') return t('form.required', { field });
  return words.invalid ? t(words.invalid) : issue.message;
}
