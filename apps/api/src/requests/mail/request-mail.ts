import type { Types } from 'mongoose';
import { eventsOf, pendingEvent, withEvents } from '../events/pending-events.js';
import { announce } from '../events/publish.js';
import { shortenHistoryText } from '@crm/shared';
import type { AppContext } from '../../context.js';
import { historyEntry } from '../history/history.service.js';

/*
 * What the request itself keeps of its mails (issue 35): a history line for each, and the
 * count of the customer's mails no one has read (the card's mark). The mails are the emails
 * feature's (emails/); these are its writes to the request, each one update of one document.
 */

/** What a mail from the request needs of it: whom to write to and the merge fields. */
export type RequestForMail = {
  _id: string;
  requestNumber: number | null;
  name: string;
  email: string;
  company: string;
  vendor: string | null;
  status: string;
};

const MAIL_FIELDS = 'requestNumber name email company vendor status';

type MailFieldsDoc = {
  _id: Types.ObjectId;
  requestNumber?: number | null;
  name: string;
  email: string;
  company: string;
  vendor: Types.ObjectId | null;
  status: string;
};

const toRequestForMail = (doc: MailFieldsDoc): RequestForMail => ({
  _id: doc._id.toHexString(),
  requestNumber: doc.requestNumber ?? null,
  name: doc.name,
  email: doc.email,
  company: doc.company,
  vendor: doc.vendor ? doc.vendor.toHexString() : null,
  status: doc.status,
});

/** The request's fields a mail needs; null when it doesn't exist. */
export async function requestForMail(ctx: AppContext, id: string): Promise<RequestForMail | null> {
  const doc = await ctx.models.Request.findById(id, MAIL_FIELDS).lean<MailFieldsDoc>();
  return doc ? toRequestForMail(doc) : null;
}

/**
 * The newest request, open (not "closed"), of a sender's address: one range of the
 * `{ email, createdAt }` index. The address is tried as written and lower-cased: the stored
 * address is as the customer or a rep typed it.
 */
export async function newestOpenRequestOf(
  ctx: AppContext,
  address: string,
): Promise<RequestForMail | null> {
  const doc = await newestOpenRequestQuery(ctx, address).lean<MailFieldsDoc>();
  return doc ? toRequestForMail(doc) : null;
}

/** newestOpenRequestOf's read, unrun (index-bound.test.ts probes it). */
export function newestOpenRequestQuery(ctx: AppContext, address: string) {
  const spellings = [...new Set([address, address.trim().toLowerCase()])];
  return ctx.models.Request.findOne(
    { email: { $in: spellings }, status: { $ne: 'closed' } },
    MAIL_FIELDS,
  ).sort({ createdAt: -1 });
}

/** A mail written from the request, in its history (by who wrote it). */
export async function recordEmailSent(
  ctx: AppContext,
  id: string,
  userId: string,
  subject: string,
  at: Date,
): Promise<void> {
  const entry = historyEntry(at, userId, 'emailSent', null, shortenHistoryText(subject));
  await ctx.models.Request.updateOne(
    { _id: id },
    withEvents({ $push: { history: entry } }, eventsOf([entry])),
  );
  announce(ctx, id);
}

/** A customer's mail joined the request: its history line, and one more unread mail. */
export async function recordEmailReceived(
  ctx: AppContext,
  id: string,
  from: string,
  subject: string,
  at: Date,
): Promise<void> {
  const entry = historyEntry(at, null, 'emailReceived', from, shortenHistoryText(subject));
  await ctx.models.Request.updateOne(
    { _id: id },
    withEvents({ $push: { history: entry }, $inc: { unreadEmails: 1 } }, eventsOf([entry])),
  );
  announce(ctx, id);
}

/** Someone opened the request's mails: the card's mark goes. One write only when it shows. */
export async function clearUnreadEmails(ctx: AppContext, id: string): Promise<void> {
  // Issue 36: the card's mark goes on every board too.
  const { modifiedCount } = await ctx.models.Request.updateOne(
    { _id: id, unreadEmails: { $gt: 0 } },
    withEvents({ $set: { unreadEmails: 0 } }, [
      pendingEvent('request.updated', ctx.clock.now(), null, [
        { field: 'unreadEmails', from: null, to: '0' },
      ]),
    ]),
  );
  if (modifiedCount > 0) announce(ctx, id);
}
