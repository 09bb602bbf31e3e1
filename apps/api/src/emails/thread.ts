import { Types } from 'mongoose';
import {
  API_MESSAGES,
  encodeInstantCursor,
  type RequestEmail,
  type InstantCursor,
  type RequestEmailPage,
} from '@crm/shared';
import type { AppContext } from '../context.js';
import { afterInstant } from '../db/instant-keyset.js';
import { notFound } from '../http/app-error.js';
import { outboxStatesOf } from '../mail/index.js';
import { clearUnreadEmails, requestForMail } from '../requests/index.js';
import { outboxKeyOf, type RequestEmailDoc } from './email.model.js';
import { stateOf, toEmailJson } from './email-json.js';

/*
 * A request's "Correos" (issue 35): its mails newest first, a page at a time, each with where it
 * stands. A page is one range of the `{ requestId, at, _id }` index, one read of the outbox by
 * `_id` for the sent mails' states and one of the writers' names: its cost follows the page,
 * not the thread (a request with 500 mails opens as fast as one with 5).
 */

/** The page's mails as the thread shows them. */
async function toPage(ctx: AppContext, docs: RequestEmailDoc[]): Promise<RequestEmail[]> {
  const keyOf = (doc: RequestEmailDoc) =>
    doc.direction === 'out' ? outboxKeyOf(doc._id) : undefined;
  const keys = docs.flatMap((doc) => keyOf(doc) ?? []);
  const writers = [...new Set(docs.flatMap((doc) => (doc.by ? [doc.by.toHexString()] : [])))];
  const [states, nameOf] = await Promise.all([
    outboxStatesOf(ctx, keys),
    ctx.users.namesByIds(writers),
  ]);
  const now = ctx.clock.now();
  return docs.map((doc) =>
    toEmailJson(doc, stateOf(doc, states.get(keyOf(doc) ?? ''), now), nameOf),
  );
}

/** A page of the thread, unrun: newest first, after the cursor (index-bound.test.ts probes it). */
export function threadPageQuery(
  ctx: AppContext,
  requestId: string,
  cursor: InstantCursor | undefined,
  limit: number,
) {
  const after = afterInstant('at', cursor);
  return ctx.models.RequestEmail.find({ requestId: new Types.ObjectId(requestId), ...after })
    .sort({ at: -1, _id: -1 })
    .limit(limit);
}

/** One stored mail as the thread shows it now. */
export async function emailJsonOf(ctx: AppContext, doc: RequestEmailDoc): Promise<RequestEmail> {
  const [email] = await toPage(ctx, [doc]);
  return email as RequestEmail;
}

/**
 * GET /api/form-contact/:id/emails. Reading the thread marks its received mails read (they are
 * answered as still unread this once, so the screen can show which are new) and clears the
 * card's mark.
 */
export async function listEmails(
  ctx: AppContext,
  requestId: string,
  query: { cursor?: InstantCursor | undefined; limit: number },
): Promise<RequestEmailPage> {
  if (!(await requestForMail(ctx, requestId))) throw notFound(API_MESSAGES.requestNotFound);
  const docs = await threadPageQuery(ctx, requestId, query.cursor, query.limit + 1).lean<
    RequestEmailDoc[]
  >();
  const request = new Types.ObjectId(requestId);
  const page = docs.slice(0, query.limit);
  const items = await toPage(ctx, page);
  if (items.some((email) => email.unread)) {
    await ctx.models.RequestEmail.updateMany(
      { requestId: request, unread: true },
      { $set: { unread: false } },
    );
    await clearUnreadEmails(ctx, requestId);
  }
  const last = items.at(-1);
  return {
    items,
    nextCursor: docs.length > query.limit && last ? encodeInstantCursor(last) : null,
    readingReplies: !!ctx.config.inbox.imapUrl,
    pollAfterMs: ctx.config.inbox.imapUrl ? ctx.config.inbox.pollMs : null,
    sending: !!ctx.config.mail.smtpUrl,
  };
}

/** The request is deleted: its mails go with it (the outbox still sends one already written). */
export async function forgetRequestEmails(ctx: AppContext, requestId: string): Promise<void> {
  await ctx.models.RequestEmail.deleteMany({ requestId: new Types.ObjectId(requestId) });
}
