/**
 * The contact form (spec §3, §5): checked in the browser, which loads this file when the form is
 * sent, and by the server (POST /api/contact). zod/mini: see form-fields.ts.
 */
import * as z from 'zod/mini';
import { CONTACT_SUBJECTS } from './contact-subjects.ts';
import { ConsentInput, PHONE_PATTERN, requiredEmail, requiredText } from './form-fields.ts';

/** POST /api/contact */
export const ContactMessage = z.object({
  name: requiredText('Name', 120),
  email: requiredEmail(),
  phone: z._default(
    z.string({ error: 'Phone must be text' }).check(
      z.trim(),
      z.refine((value) => value === '' || PHONE_PATTERN.test(value), 'Please enter a valid phone number'),
    ),
    '',
  ),
  subject: z.enum(CONTACT_SUBJECTS, { error: 'Please choose a subject' }),
  message: requiredText('Message', 5000),
  consent: ConsentInput,
});
export type ContactMessage = z.infer<typeof ContactMessage>;
