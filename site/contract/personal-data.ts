/**
 * What the law asks of the personal data the site collects (alumni registrations, contact
 * messages): how long it is kept, the consent a person gave and to which privacy notice, and a
 * person's requests to see or erase everything about them.
 */
import * as z from 'zod';

/** How long personal data is kept; a school changes it (Administrators), the privacy page says it. */
export const RetentionSettings = z.object({
  /** Contact messages, counted from their arrival. */
  messageMonths: z
    .number({ error: 'The months to keep contact messages must be a number' })
    .int('The months to keep contact messages must be a whole number')
    .min(1, 'Contact messages are kept at least 1 month')
    .max(120, 'Contact messages are kept at most 120 months'),
  /** Alumni registrations never approved, counted from the registration. Approved ones are kept until removed. */
  pendingAlumniDays: z
    .number({ error: 'The days to keep registrations never approved must be a number' })
    .int('The days to keep registrations never approved must be a whole number')
    .min(7, 'Registrations never approved are kept at least 7 days')
    .max(3650, 'Registrations never approved are kept at most 3,650 days'),
  /** How long the school keeps backups (which hold copies of everything): said on the privacy page. */
  backupDays: z
    .number({ error: 'The days to keep backups must be a number' })
    .int('The days to keep backups must be a whole number')
    .min(1, 'Backups are kept at least 1 day')
    .max(3650, 'Backups are kept at most 3,650 days'),
});
export type RetentionSettings = z.infer<typeof RetentionSettings>;

export const DEFAULT_RETENTION: RetentionSettings = { messageMonths: 12, pendingAlumniDays: 90, backupDays: 30 };

/** A record sent without consent (a client written to the spec's API) is kept this long at most, unless approved. */
export const NO_CONSENT_DAYS = 30;

/** The consent given with a record: when, and to which version of the privacy notice; null: none recorded. */
export const Consent = z
  .object({ givenAt: z.iso.datetime(), notice: z.string().max(100) })
  .nullable()
  .default(null);
export type Consent = z.infer<typeof Consent>;

/** GET and DELETE /api/admin/personal-data: one person, by e-mail address or phone number. */
export const PersonQuery = z
  .object({
    email: z
      .string()
      .max(254)
      .trim()
      .optional()
      .meta({ description: 'The e-mail address they gave (case and spaces aside). Send this or `phone`.' }),
    phone: z
      .string()
      .max(30)
      .trim()
      .optional()
      .meta({ description: 'The phone number they gave, at least 7 digits (compared by its last ten digits).' }),
  })
  .refine((query) => Boolean(query.email) !== Boolean(query.phone), 'Search by one e-mail address or one phone number')
  .refine((query) => !query.phone || phoneKey(query.phone).length >= 7, 'A phone number has at least 7 digits');
export type PersonQuery = z.infer<typeof PersonQuery>;

/** How an e-mail address is compared: case and spaces aside. */
export const emailKey = (email: string) => email.trim().toLowerCase();
/** How a phone number is compared: its last ten digits, whatever the spaces, dashes or country code. */
export const phoneKey = (phone: string) => phone.replace(/\D/g, '').slice(-10);

/** An e-mail about a record that the server has not managed to send yet. */
export const PendingMail = z.object({
  /** What the e-mail is about: `alumni` (a registration) or `contact` (a message). */
  kind: z.string(),
  subject: z.string(),
  /** When it was queued (ISO date-time). */
  queuedAt: z.string(),
});
export type PendingMail = z.infer<typeof PendingMail>;

/**
 * GET /api/admin/personal-data: everything kept about one person, given the schemas of a
 * registration, a message and a subscription (alumni.ts, contact.ts and subscriptions.ts import
 * this file, so it cannot import them).
 */
export const personalDataFound = <Alumni extends z.ZodType, Message extends z.ZodType, Subscription extends z.ZodType>(
  alumni: Alumni,
  message: Message,
  subscription: Subscription,
) =>
  z.object({
    /** Their alumni registrations, newest first. */
    alumni: z.array(alumni),
    /** Their contact messages, newest first. */
    messages: z.array(message),
    /** Their e-mail subscriptions (one per address). */
    subscriptions: z.array(subscription),
    /** The e-mails about their records not sent yet. */
    pendingMails: z.array(PendingMail),
  });
export type PersonalDataFound<Alumni = unknown, Message = unknown, Subscription = unknown> = z.infer<
  ReturnType<typeof personalDataFound<z.ZodType<Alumni>, z.ZodType<Message>, z.ZodType<Subscription>>>
>;

/** Records counted by kind: what an erasure removed. */
export const RecordCounts = z.object({
  alumni: z.number().int(),
  messages: z.number().int(),
  subscriptions: z.number().int(),
  pendingMails: z.number().int(),
});

/** DELETE /api/admin/personal-data: what was erased, under the request's number. */
export const Erased = z.object({
  /** The number of the request (`E-0001`), kept on the erasure list. */
  request: z.string(),
  erased: RecordCounts,
});
export type Erased = z.infer<typeof Erased>;

/** GET /api/admin/retention: the settings, and what a sweep would remove now. */
export const RetentionAnswer = z.object({
  settings: RetentionSettings,
  /** Records a sweep now would remove, and when the next one runs. */
  nextSweep: z.object({ at: z.string(), messages: z.number().int(), alumni: z.number().int() }),
});
export type RetentionAnswer = z.infer<typeof RetentionAnswer>;

/** GET /api/admin/personal-data/export: the person, and the file's format. */
export const PersonExportQuery = PersonQuery.safeExtend({
  format: z
    .string()
    .optional()
    .meta({ description: '`csv`: one spreadsheet of every record; anything else, or nothing: one JSON file.' }),
});

/** The audit log's actions that record a look at personal data (never the data itself). */
export const PERSONAL_DATA_LOOKS = [
  'inbox.read',
  'alumni.read',
  'messages.export',
  'alumni.export',
  'personal-data.search',
  'personal-data.export',
  'subscribers.read',
  'subscribers.search',
  'backup.download',
] as const;
