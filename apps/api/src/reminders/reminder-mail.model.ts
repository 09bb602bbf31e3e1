import type { Connection, InferSchemaType } from 'mongoose';
import { expiringSchema } from '../db/expiring-schema.js';

/*
 * The app's outbox (issue 20; account mails since issue 23). A mail is claimed by inserting its
 * record under a key that names it (`digest:<user>:<day>`, `reminder:<activity>:<due instant>`,
 * `account:…`): the `_id`, so on any server, FerretDB 1.x included, exactly one process's insert
 * wins, whatever the scheduler's own lock does. Its content is written with the claim, so every
 * try sends the same mail.
 */

/** `account`: a one-time link or a notice of the account feature (account/account-mail.ts). */
export const MAIL_KINDS = ['digest', 'reminder', 'account'] as const;
export type MailKind = (typeof MAIL_KINDS)[number];

/**
 * pending: to send (at `nextAttemptAt`); sent; failed: every retry used (logged as an error);
 * empty: a digest with nothing to say (recorded so the day's check is not repeated).
 */
export const MAIL_STATUSES = ['pending', 'sent', 'failed', 'empty'] as const;
export type MailStatus = (typeof MAIL_STATUSES)[number];

/** Kept 30 days (long after its day or instant has passed, so it is never claimed again). */
export const OUTBOX_KEEP_MS = 30 * 24 * 60 * 60_000;

const reminderMailSchema = expiringSchema({
  kind: { type: String, enum: MAIL_KINDS, required: true },
  /** Whose mail it is; '' for an account mail (its key names what it is for). */
  userId: { type: String, default: '' },
  status: { type: String, enum: MAIL_STATUSES, required: true },
  to: { type: String, default: '' },
  subject: { type: String, default: '' },
  text: { type: String, default: '' },
  html: { type: String, default: '' },
  /** Tries made so far; the next one is claimed as `<_id>#<attempts + 1>` (ReminderAttempt). */
  attempts: { type: Number, default: 0 },
  nextAttemptAt: { type: Date, required: true },
  createdAt: { type: Date, required: true },
  sentAt: { type: Date, default: null },
  lastError: { type: String, default: null },
});
// The tick's read: what is pending and due, soonest first.
reminderMailSchema.index({ status: 1, nextAttemptAt: 1 });

/**
 * One try at sending one mail, claimed by inserting `<mail key>#<try number>` before the SMTP
 * conversation: of two processes that read the same pending mail, one inserts and sends, the
 * other gets a duplicate key and leaves it. A try older than the stale limit whose mail is still
 * pending was cut short (a crash): the next try takes the next number.
 */
const reminderAttemptSchema = expiringSchema({ at: { type: Date, required: true } });

const reminderMailModel = (connection: Connection) =>
  connection.model('ReminderMail', reminderMailSchema, 'reminder_mails');
const reminderAttemptModel = (connection: Connection) =>
  connection.model('ReminderAttempt', reminderAttemptSchema, 'reminder_attempts');

export type ReminderMailDoc = InferSchemaType<typeof reminderMailSchema> & { _id: string };

/** The reminders feature's models, registered on the app's connection by app-context.ts. */
export const remindersModels = (connection: Connection) => ({
  ReminderMail: reminderMailModel(connection),
  ReminderAttempt: reminderAttemptModel(connection),
});

declare module '../context.js' {
  interface Models {
    ReminderMail: ReturnType<typeof reminderMailModel>;
    ReminderAttempt: ReturnType<typeof reminderAttemptModel>;
  }
}
