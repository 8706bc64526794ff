/**
 * The contact form (spec §3, §5; its schema: contact-form.ts): the server keeps each message for
 * the administrators (`DATA_DIR/messages.json`, never part of the public content).
 */
import * as z from 'zod';
import { ContactMessage } from './contact-form.ts';
import { Consent } from './personal-data.ts';

export { ContactMessage } from './contact-form.ts';
export { HONEYPOT_FIELD } from './contact-subjects.ts';

/** A message as kept and as GET /api/admin/messages answers it. */
export const InboxMessage = z.object({
  ...ContactMessage.shape,
  _id: z.string(),
  receivedAt: z.iso.datetime(),
  read: z.boolean(),
  /** Messages sent before consent was recorded have none. */
  consent: Consent,
});
export type InboxMessage = z.infer<typeof InboxMessage>;

/** `DATA_DIR/messages.json`: the contact messages. Personal data: administrators only. */
export const InboxRecords = z.object({ messages: z.array(InboxMessage).default([]) });

/** PUT /api/admin/messages/{id}: read (true) or unread (false). */
export const MessageReadState = z.object({ read: z.boolean({ error: 'read must be true or false' }) });
