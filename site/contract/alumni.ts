/** The alumni registrations (spec §3, §5) as kept; what the form sends: alumni-form.ts. */
import * as z from 'zod';
import { AlumniInput } from './alumni-form.ts';
import { LIST_LIMIT, listFullMessage } from './list-limits.ts';
import { Consent } from './personal-data.ts';

export { AlumniInput, GENDERS } from './alumni-form.ts';

export const Alumni = z.object({
  ...AlumniInput.shape,
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
