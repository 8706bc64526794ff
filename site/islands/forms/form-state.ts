import { type RefObject, useEffect, useState } from 'react';
import type * as z from 'zod';
import { useTypedBeforeHydration } from './hydration.ts';

export type FieldErrors<K extends string> = Partial<Record<K, string>>;

/** The first message for each field that failed the schema: the issue's own, or `message`'s for it. */
export function fieldErrors<K extends string>(
  issues: readonly z.core.$ZodIssue[],
  message: (issue: z.core.$ZodIssue, field: K) => string = (issue) => issue.message,
): FieldErrors<K> {
  const errors: FieldErrors<K> = {};
  for (const issue of issues) {
    const field = issue.path[0] as K | undefined;
    if (field !== undefined && !errors[field]) errors[field] = message(issue, field);
  }
  return errors;
}

/**
 * A form's values and shown errors; typing in a field clears its error (spec §5). Errors shown
 * by `showErrors` move focus to the first field that has one, once it is on screen.
 */
export function useFormFields<K extends string>(empty: Record<K, string>, form: RefObject<HTMLFormElement | null>) {
  const [values, setValues] = useState(empty);
  const [errors, setErrors] = useState<FieldErrors<K>>({});
  const [focusRequest, setFocusRequest] = useState(0);
  useTypedBeforeHydration(form, Object.keys(empty), (typed) => setValues((current) => ({ ...current, ...typed })));

  useEffect(() => {
    if (focusRequest > 0) form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [focusRequest, form]);

  return {
    values,
    errors,
    showErrors(shown: FieldErrors<K>) {
      setErrors(shown);
      setFocusRequest((request) => request + 1);
    },
    change(field: K, value: string) {
      setValues((current) => ({ ...current, [field]: value }));
      setErrors((current) => ({ ...current, [field]: undefined }));
    },
    reset() {
      setValues(empty);
      setErrors({});
    },
  };
}
