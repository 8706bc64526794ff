/** The contact form (spec §3, §5). It is checked in the browser and sent nowhere. */
import * as z from 'zod';
import { CONTACT_SUBJECTS } from './contact-subjects.ts';

const required = (label: string, max: number) =>
  z.string().trim().min(1, `${label} is required`).max(max, `${label} must be at most ${max} characters`);

export const ContactMessage = z.object({
  name: required('Name', 120),
  email: required('Email', 254).pipe(z.email('Please enter a valid email address')),
  phone: z
    .string()
    .trim()
    .refine((value) => value === '' || /^\+?[0-9 ()-]{7,20}$/.test(value), 'Please enter a valid phone number'),
  subject: z.enum(CONTACT_SUBJECTS, { error: 'Please choose a subject' }),
  message: required('Message', 5000),
});
export type ContactMessage = z.infer<typeof ContactMessage>;
