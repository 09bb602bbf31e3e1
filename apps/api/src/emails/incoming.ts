import { Types } from 'mongoose';
import type { AppContext } from '../context.js';
import { isDuplicateKeyError } from '../db/errors.js';
import { discardMailAttachments, fileMailAttachments } from '../files/index.js';
import { INBOX_JOB, markHandled, waitingMessages, type InboxMessageDoc } from '../inbox/index.js';
import { holding, type JobLease } from '../jobs/index.js';
import { leadFromMail } from '../leads/index.js';
import { newestOpenRequestOf, recordEmailReceived } from '../requests/index.js';
import { noticeCustomerMail } from './customer-mail-notice.js';
import { productAddress } from './sender.js';

/*
 * Each message kept from the sales mailbox (inbox/) finds its request (issue 35), in this order:
 *
 * 1. In-Reply-To / References naming a Message-ID the product gave a mail it sent: that mail's
 *    request. Only the product's own Message-IDs count (random, known only to whoever got the
 *    mail), so a forged In-Reply-To can't file a mail in another customer's request.
 * 2. (Plus addressing, `ventas+<token>@…`, is not used: on a mail host that doesn't deliver
 *    subaddresses the customer's answer would bounce. docs/decisions.md.)
 * 3. The sender's address: the newest open request with it.
 * 4. None: it becomes a lead (leads/, source "Correo"), under the duplicate rule of the form.
 *
 * Auto-replies and bounces never file, create or notify anything; a bounce marks the sent mail
 * it names as "Rebotado". Exactly once: the mail joins its request under the message's inbox
 * key (unique), and a lead's request is named by the message, so a run cut short and done
 * again (or a second process) records each message once. A message is marked handled last.
 */

/** Messages filed per run: a backlog is filed over several runs. */
const MATCH_BATCH = 200;
/** The Message-IDs of a References header looked up: its last ones (the nearest answers). */
const MAX_NAMED = 50;

type Match = { requestId: string; answers: Types.ObjectId | null };

/** The product's sent mail among these Message-IDs, unrun (index-bound.test.ts probes it). */
export const sentMailNamedQuery = (ctx: AppContext, named: readonly string[]) =>
  ctx.models.RequestEmail.findOne({ messageId: { $in: named }, direction: 'out' }, 'requestId');

/** Rule 1: the sent mail of the product's that it answers, by the Message-IDs it names. */
async function answeredMail(ctx: AppContext, message: InboxMessageDoc): Promise<Match | null> {
  // A References header can name hundreds: the nearest ones are the ones that count.
  const named = [message.inReplyTo, ...(message.references ?? []).slice(-MAX_NAMED)].filter(
    (id): id is string => !!id,
  );
  if (named.length === 0) return null;
  const sent = await sentMailNamedQuery(ctx, named).lean<{
    _id: Types.ObjectId;
    requestId: Types.ObjectId;
  }>();
  return sent ? { requestId: sent.requestId.toHexString(), answers: sent._id } : null;
}

/** The request a person's mail belongs to, by the rules above (a lead when none). */
async function requestOf(
  ctx: AppContext,
  message: InboxMessageDoc,
  sender: { address: string; name: string },
): Promise<Match> {
  const answered = await answeredMail(ctx, message);
  if (answered) return answered;
  const open = await newestOpenRequestOf(ctx, sender.address);
  if (open) return { requestId: open._id, answers: null };
  const lead = await leadFromMail(ctx, {
    // The message's key names the request it becomes: a second run finds it.
    requestId: message._id.slice(0, 24),
    messageKey: message._id,
    name: sender.name,
    email: sender.address,
    subject: message.subject ?? '',
    text: message.text ?? '',
  });
  return { requestId: lead.requestId, answers: null };
}

/** Files one person's mail in its request's thread, once. */
async function file(ctx: AppContext, message: InboxMessageDoc, match: Match) {
  const sender = message.from as { address: string; name?: string };
  // Before the mail: a re-run after a crash finds the mail recorded and stops there.
  await fileMailAttachments(ctx, message._id, match.requestId);
  const attachments = (message.attachments ?? []).map((attachment) => ({
    fileId: attachment.fileId ? new Types.ObjectId(attachment.fileId) : null,
    name: attachment.fileName ?? '',
    size: attachment.size ?? 0,
  }));
  // The executive's email, if they chose it (the bell is the unread count the history line
  // raises). Keyed by the message: sent once whether the mail is recorded now or was before a
  // crash cut the last run short.
  const notice = () =>
    noticeCustomerMail(ctx, {
      requestId: match.requestId,
      inboxKey: message._id,
      from: { address: sender.address, name: sender.name ?? '' },
      subject: message.subject ?? '',
    });
  try {
    await ctx.models.RequestEmail.create({
      requestId: new Types.ObjectId(match.requestId),
      direction: 'in',
      messageId: message.messageId,
      from: { address: sender.address, name: sender.name ?? '' },
      to: (message.to ?? []).map((to) => to.address),
      cc: (message.cc ?? []).map((cc) => cc.address),
      subject: message.subject ?? '',
      text: (message.text ?? '').trimEnd(),
      html: message.html,
      at: message.readAt,
      inReplyTo: match.answers,
      inboxKey: message._id,
      unread: true,
      ...(attachments.length ? { attachments } : {}),
    });
  } catch (error) {
    if (!isDuplicateKeyError(error)) throw error;
    await notice();
    return;
  }
  // After the mail is in the thread: a crash here loses only its history line and mark.
  await recordEmailReceived(
    ctx,
    match.requestId,
    sender.address,
    message.subject ?? '',
    message.readAt,
  );
  await notice();
}

/** What one waiting message is: a bounce, an auto-reply, our own mail, or a person's. */
async function handle(
  ctx: AppContext,
  message: InboxMessageDoc,
  ownAddresses: ReadonlySet<string>,
): Promise<void> {
  const where = { inboxKey: message._id };
  if (message.skipped || !message.from?.address) {
    ctx.logger.info(where, 'mailbox message not filed: too large or without a sender');
    await discardMailAttachments(ctx, message._id);
    return;
  }
  if (message.automatic === 'bounce') {
    if (message.bouncedMessageId) {
      await ctx.models.RequestEmail.updateOne(
        { messageId: message.bouncedMessageId, direction: 'out', bouncedAt: null },
        { $set: { bouncedAt: message.readAt } },
      );
    }
    return;
  }
  if (message.automatic === 'auto-reply') {
    ctx.logger.info(where, 'mailbox auto-reply ignored');
    return;
  }
  if (ownAddresses.has(message.from.address.toLowerCase())) {
    // The product's own mail come back (a copy, a loop): never filed nor answered.
    ctx.logger.info(where, 'mailbox message from the product itself ignored');
    await discardMailAttachments(ctx, message._id);
    return;
  }
  const sender = { address: message.from.address, name: message.from.name ?? '' };
  await file(ctx, message, await requestOf(ctx, message, sender));
}

/**
 * One run of the filing: each waiting message handled, then marked handled. A message that
 * fails (the database) is logged and left waiting for the next run; the others go on.
 */
export async function fileWaitingMail(ctx: AppContext, lease: JobLease): Promise<void> {
  const waiting = await waitingMessages(ctx, MATCH_BATCH);
  // The product's own addresses (MAIL_FROM, Reply-To), once a run: mail from them is never filed.
  const ownAddresses = new Set(
    [productAddress(ctx.config.mail.from).address, ctx.config.inbox.replyTo].flatMap((own) =>
      own ? [own.toLowerCase()] : [],
    ),
  );
  for (const message of waiting) {
    holding(lease, INBOX_JOB);
    try {
      await handle(ctx, message, ownAddresses);
      await markHandled(ctx, message._id, ctx.clock.now());
    } catch (error) {
      ctx.logger.error({ err: error, inboxKey: message._id }, 'mailbox message not filed');
    }
  }
}
