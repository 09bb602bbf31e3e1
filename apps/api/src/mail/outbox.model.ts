import type { Connection, InferSchemaType } from 'mongoose';
import { expiringSchema } from '../db/expiring-schema.js';

/*
 * The app's outbox, every mail it sends (issue 20; account mails since issue 23; website lead
 * mails since issue 34). A mail is claimed by inserting its record under a key that names it
 * (`digest:<user>:<day>`, `reminder:<activity>:<due instant>`, `account:…`, `lead:…`): the `_id`,
 * so on any server, FerretDB 1.x included, exactly one process's insert wins, whatever the
 * scheduler's own lock does. Its content is written with the claim, so every try sends the same
 * mail. The collections keep their issue-20 names (`reminder_mails`, `reminder_attempts`): what
 * is pending in them carries on across the move to mail/.
 */

/**
 * `account`: a one-time link or a notice of the account feature (account/account-mail.ts);
 * `lead`: a website request's confirmation or admins' notice (leads/lead-mail.ts);
 * `request`: a mail a person wrote to a customer from a request (emails/, issue 35);
 * `customer-mail`: the notice to a request's executive that its customer wrote (emails/, issue 35).
 */
export const MAIL_KINDS = [
  'digest',
  'reminder',
  'account',
  'lead',
  'request',
  'customer-mail',
] as const;
export type MailKind = (typeof MAIL_KINDS)[number];

/**
 * pending: to send (at `nextAttemptAt`); sent; failed: every retry used (logged as an error);
 * empty: a digest with nothing to say (recorded so the day's check is not repeated).
 */
export const MAIL_STATUSES = ['pending', 'sent', 'failed', 'empty'] as const;
export type MailStatus = (typeof MAIL_STATUSES)[number];

/** Kept 30 days (long after its day or instant has passed, so it is never claimed again). */
export const OUTBOX_KEEP_MS = 30 * 24 * 60 * 60_000;

const outboxMailSchema = expiringSchema({
  kind: { type: String, enum: MAIL_KINDS, required: true },
  /** Whose mail it is; '' for an account or lead mail (its key names what it is for). */
  userId: { type: String, default: '' },
  status: { type: String, enum: MAIL_STATUSES, required: true },
  /** The recipients, comma-separated (validated addresses carry no comma). */
  to: { type: String, default: '' },
  subject: { type: String, default: '' },
  text: { type: String, default: '' },
  html: { type: String, default: '' },
  /**
   * Issue 35, a request's mail: its Cc, Reply-To, the Message-ID the product gave it (so answers
   * find their request) and the mail it answers. Empty for the app's own notices.
   */
  cc: { type: String, default: '' },
  replyTo: { type: String, default: '' },
  messageId: { type: String, default: '' },
  inReplyTo: { type: String, default: '' },
  /** The ids of the request's files it carries (files/ gives their bytes at each try). */
  attachments: { type: [String], default: undefined },
  /** Tries made so far; the next one is claimed as `<_id>#<attempts + 1>` (OutboxAttempt). */
  attempts: { type: Number, default: 0 },
  nextAttemptAt: { type: Date, required: true },
  createdAt: { type: Date, required: true },
  sentAt: { type: Date, default: null },
  lastError: { type: String, default: null },
  /** Why the last try failed, as a person is told (MAIL_FAILURE_REASONS' key, failure-reason.ts). */
  failReason: { type: String, default: null },
});
// The outbox run's read: what is pending and due, soonest first.
outboxMailSchema.index({ status: 1, nextAttemptAt: 1 });

/**
 * One try at sending one mail, claimed by inserting `<mail key>#<try number>` before the SMTP
 * conversation: of two processes that read the same pending mail, one inserts and sends, the
 * other gets a duplicate key and leaves it. A try older than the stale limit whose mail is still
 * pending was cut short (a crash): the next try takes the next number.
 */
const outboxAttemptSchema = expiringSchema({ at: { type: Date, required: true } });

const outboxMailModel = (connection: Connection) =>
  connection.model('OutboxMail', outboxMailSchema, 'reminder_mails');
const outboxAttemptModel = (connection: Connection) =>
  connection.model('OutboxAttempt', outboxAttemptSchema, 'reminder_attempts');

export type OutboxMailDoc = InferSchemaType<typeof outboxMailSchema> & { _id: string };

/** The mail feature's models, registered on the app's connection by app-context.ts. */
export const mailModels = (connection: Connection) => ({
  OutboxMail: outboxMailModel(connection),
  OutboxAttempt: outboxAttemptModel(connection),
});

declare module '../context.js' {
  interface Models {
    OutboxMail: ReturnType<typeof outboxMailModel>;
    OutboxAttempt: ReturnType<typeof outboxAttemptModel>;
  }
}
