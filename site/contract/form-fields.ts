/**
 * The fields of the public forms (the contact form, the alumni registration) in zod's lighter
 * build, `zod/mini`: the same schemas, written with functions instead of methods, so that a
 * browser loads only the parts of zod they use (with a copy of zod of their own in the browser:
 * admin-api/publish/forms-zod.ts). With zod's whole library these forms' pages loaded 99 KB of JS
 * (gzip -9, budget 90 KB). The server checks with the same schemas.
 */
import * as z from 'zod/mini';

/** A text that must be given, trimmed, at most `max` characters: "Name is required". */
export const requiredText = (label: string, max: number) =>
  z
    .string({
      error: (issue) =>
        issue.input === undefined || issue.input === null ? `${label} is required` : `${label} must be text`,
    })
    .check(
      z.maxLength(max, `${label} must be at most ${max} characters`),
      z.trim(),
      z.minLength(1, `${label} is required`),
    );

/** A text that may be left out (then empty), trimmed, at most `max` characters. */
export const optionalText = (label: string, max: number) =>
  z._default(
    z
      .string({ error: `${label} must be text` })
      .check(z.maxLength(max, `${label} must be at most ${max} characters`), z.trim()),
    '',
  );

/** An e-mail address that must be given. */
export const requiredEmail = () => z.pipe(requiredText('Email', 254), z.email('Please enter a valid email address'));

/** A phone number: perhaps a `+`, then 7 to 20 digits, spaces, brackets or dashes. */
export const PHONE_PATTERN = /^\+?[0-9 ()-]{7,20}$/;

/** What a form sends: `consent: true` once the box is ticked; left out by clients written to the spec. */
export const ConsentInput = z.optional(z.boolean({ error: 'consent must be true or false' }));
