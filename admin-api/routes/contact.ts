import { randomUUID } from 'node:crypto';
import { Hono } from 'hono';
import * as z from 'zod';
import { MessageAnswer } from '../../site/contract/api.ts';
import { ContactMessage, HONEYPOT_FIELD, InboxMessage, MessageReadState } from '../../site/contract/contact.ts';
import type { AppDeps } from '../app-deps.ts';
import { noteLook } from '../audit/record-changes.ts';
import { countFromConnection } from '../http/connection-limit.ts';
import { filledHoneypot } from '../http/honeypot.ts';
import { readJsonBody, validate } from '../http/json-body.ts';
import { SlidingWindow } from '../http/sliding-window.ts';
import { contactMail } from '../mail/notifications.ts';
import { operations } from '../openapi/operation.ts';
import { consentOf } from '../privacy/privacy-notice.ts';
import type { ListAccess } from '../store/list-access.ts';
import { listRoutes } from './list-routes.ts';

export const MESSAGE_RECEIVED = 'Thank you! Your message has been received. We will reply within 24 hours.';
const GONE = 'This message no longer exists';

/** Messages one address may send per hour: a family with questions fits, a flood does not. */
const MESSAGES_PER_HOUR = 10;

/**
 * The contact form and the administrators' inbox. Anyone may send a message (the answer never
 * repeats it back); it is kept in `messages.json`, apart from the site content, and e-mailed to
 * the office when mail is configured. Administrators list, mark read or unread, and delete.
 */
export function contactRoutes(deps: AppDeps) {
  const { stores, trustProxy, notifier } = deps;
  const op = operations(deps);
  const sent = new SlidingWindow(60 * 60_000);
  const list: ListAccess<InboxMessage> = {
    items: () => stores.messages.data.messages,
    write: async (change) => ({
      items: (await stores.messages.update((draft) => change(draft.messages))).data.messages,
    }),
  };
  return new Hono()
    .post(
      '/contact',
      op({
        tag: 'Visitors',
        summary: 'Send a message to the school',
        description:
          'The message reaches the office’s inbox (and its e-mail, when mail is set up); the answer never repeats it. ' +
          `A body whose \`${HONEYPOT_FIELD}\` field is filled in (a field people never see) is answered the same and kept nowhere. ` +
          'With `consent: true` (the form’s box ticked), the message keeps the privacy notice agreed to.',
        body: ContactMessage,
        example: {
          name: 'Anil Kumar',
          email: 'anil.kumar@example.com',
          phone: '+91 98450 67890',
          subject: 'admission',
          message: 'When do admissions for class 1 open?',
          consent: true,
        },
        answers: { 201: { description: 'The message was received.', schema: MessageAnswer } },
        refusals: {
          429: 'Too many messages from this connection: the message and the `Retry-After` header say how long to wait.',
        },
      }),
      async (c) => {
        const body = await readJsonBody(c);
        // A program that fills every field it finds: told it worked, so it has no reason to try again.
        if (filledHoneypot(body)) return c.json({ message: MESSAGE_RECEIVED }, 201);
        const input = validate(ContactMessage, body);
        countFromConnection(c, sent, { limit: MESSAGES_PER_HOUR, trustProxy, what: 'messages' });
        const { consent, ...fields } = input;
        const message: InboxMessage = {
          _id: randomUUID(),
          ...fields,
          receivedAt: new Date().toISOString(),
          read: false,
          // The privacy notice the person agreed to, when the form asked (a client of the spec's API does not).
          consent: consentOf(consent, stores.content.data),
        };
        await stores.messages.update((data) => void data.messages.push(message));
        notifier.notify(contactMail(message));
        return c.json({ message: MESSAGE_RECEIVED }, 201);
      },
    )
    .get(
      '/admin/messages',
      op({
        tag: 'Personal data',
        summary: 'The inbox',
        description: 'The contact messages, read or not. Recorded in the audit log as a look at personal data.',
        permission: 'personalData',
        answers: { 200: { description: 'Every message, newest first.', schema: z.array(InboxMessage) } },
      }),
      (c) => {
        noteLook(c, 'inbox.read');
        return c.json(newestMessagesFirst(list.items()));
      },
    )
    .route(
      '/admin/messages',
      listRoutes({
        list,
        op,
        permission: 'personalData',
        tag: 'Personal data',
        words: { one: 'a message', many: 'the messages' },
        summaries: { update: 'Mark a message read or unread' },
        item: InboxMessage,
        gone: GONE,
        input: MessageReadState,
        update: ({ read }, previous) => ({ ...previous, read }),
        answer: { order: 'newest first', items: newestMessagesFirst },
      }),
    );
}

export function newestMessagesFirst(messages: readonly InboxMessage[]): InboxMessage[] {
  return [...messages].reverse().sort((a, b) => b.receivedAt.localeCompare(a.receivedAt));
}
