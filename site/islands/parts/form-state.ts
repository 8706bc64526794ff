import { useState } from 'react';
import type * as z from 'zod';

export type FieldErrors<K extends string> = Partial<Record<K, string>>;

/** The first message for each field that failed the schema. */
export function fieldErrors<K extends string>(issues: readonly z.core.$ZodIssue[]): FieldErrors<K> {
  const errors: FieldErrors<K> = {};
  for (const issue of issues) {
    const field = issue.path[0] as K | undefined;
    if (field !== undefined && !errors[field]) errors[field] = issue.message;
  }
  return errors;
}

/** A form's values and shown errors; typing in a field clears its error (spec §5). */
export function useFormFields<K extends string>(empty: Record<K, string>) {
  const [values, setValues] = useState(empty);
  const [errors, setErrors] = useState<FieldErrors<K>>({});
  return {
    values,
    errors,
    setErrors,
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

/** Moves focus to the first field with an error, so keyboard and screen reader users land on it. */
export function focusFirstError(form: HTMLFormElement | null) {
  form?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
}
