import { HONEYPOT_FIELD } from '../../site/contract/contact-subjects.ts';

/** Whether a form's body filled in the field people never see: a program that fills every field. */
export function filledHoneypot(body: unknown): boolean {
  if (!body || typeof body !== 'object' || !Object.hasOwn(body, HONEYPOT_FIELD)) return false;
  const value = (body as Record<string, unknown>)[HONEYPOT_FIELD];
  return !(value === '' || value === null || value === undefined);
}
