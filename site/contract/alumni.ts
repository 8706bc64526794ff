/** The alumni registration (spec §3, §5): checked by the form in the browser and by the server. */
import * as z from 'zod';
import { LIST_LIMIT, listFullMessage } from './list-limits.ts';
import { Consent, ConsentInput } from './personal-data.ts';

function field(label: string, max: number) {
  return z
    .string({
      error: (issue) =>
        issue.input === undefined || issue.input === null ? `${label} is required` : `${label} must be text`,
    })
    .max(max, `${label} must be at most ${max} characters`)
    .trim()
    .min(1, `${label} is required`);
}

function optionalField(label: string, max: number) {
  return z
    .string({ error: `${label} must be text` })
    .max(max, `${label} must be at most ${max} characters`)
    .trim()
    .default('');
}

export const GENDERS = ['male', 'female'] as const;

export const AlumniInput = z.object({
  fullName: field('Full name', 120),
  gender: z.enum(GENDERS, { error: 'Please choose male or female' }),
  mobile: field('Mobile number', 20).regex(/^\+?[0-9 ()-]{7,20}$/, 'Please enter a valid mobile number'),
  email: field('Email', 254).pipe(z.email('Please enter a valid email address')),
  address: field('Address', 500),
  periodOfStudy: field('Period of study', 50),
  qualification: field('Qualification', 200),
  occupation: field('Occupation', 200),
  companyName: optionalField('Company name', 200),
  companyAddress: optionalField('Company address', 500),
  message: optionalField('Message', 2000),
  consent: ConsentInput,
});
export type AlumniInput = z.infer<typeof AlumniInput>;

export const Alumni = AlumniInput.extend({
  _id: z.string(),
  isApproved: z.boolean(),
  registrationDate: z.iso.datetime(),
  /** Registrations made before consent was recorded have none. */
  consent: Consent,
});
export type Alumni = z.infer<typeof Alumni>;

/** `DATA_DIR/alumni.json`: registrations, never part of the public content. */
export const AlumniRecords = z.object({
  alumni: z.array(Alumni).max(LIST_LIMIT, listFullMessage('alumni', 'registrations')).default([]),
});

/** PUT /api/alumni/{id}/approve: Approve (true) or Unapprove (false). */
export const AlumniApproval = z.object({
  isApproved: z.boolean({ error: 'isApproved must be true or false' }),
});
