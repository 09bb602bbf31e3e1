import { createHash } from 'node:crypto';
import { cleanFileName } from '@crm/shared';
import type { AppContext } from '../context.js';
import { isDuplicateKeyError } from '../db/errors.js';
import { keepMailAttachments } from '../files/index.js';
import { holding, type JobLease } from '../jobs/index.js';
import { mailboxAddressOf, type MailboxAddress } from './imap-url.js';
import { readNewMail, waitForNewMail, type MailboxMessage, type MailWait } from './mailbox.js';
import { parseIncomingMail } from './parse-mail.js';

export const INBOX_JOB = 'inbox.read';

/** The key a message is kept under: its Message-ID's sha256 (inbox.models.ts). */
export const inboxMessageKey = (messageId: string): string =>
  createHash('sha256').update(messageId).digest('hex');

/** Keeps one message once; what another read already kept is left as it is. */
async function keep(ctx: AppContext, address: MailboxAddress, message: MailboxMessage) {
  const base = {
    mailbox: address.label,
    uid: message.uid,
    size: message.size,
    readAt: ctx.clock.now(),
  };
  let record;
  if (!message.source) {
    // Never downloaded: named by where it lies, so a second read finds the same key.
    const messageId = `<uid-${message.checkpoint.uidValidity}-${message.uid}@${address.label}>`;
    record = { _id: inboxMessageKey(messageId), messageId, skipped: 'too-large', ...base };
  } else {
    const mail = await parseIncomingMail(message.source);
    const key = inboxMessageKey(mail.messageId);
    // Before the message: a message kept is one whose files are kept too. An automatic one's
    // (an out-of-office's logo, a bounce's copy) are named only.
    const attachments = mail.automatic
      ? mail.attachments.map(({ fileName, contentType, size }) => ({
          fileId: null,
          name: cleanFileName(fileName),
          contentType,
          size,
        }))
      : await keepMailAttachments(ctx, key, mail.from?.address ?? null, mail.attachments);
    record = {
      _id: key,
      ...base,
      messageId: mail.messageId,
      inReplyTo: mail.inReplyTo,
      references: mail.references,
      from: mail.from,
      to: mail.to,
      cc: mail.cc,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      sentAt: mail.date,
      attachments: attachments.map(({ fileId, name, contentType, size }) => ({
        fileId,
        fileName: name,
        contentType,
        size,
      })),
      automatic: mail.automatic,
      bouncedMessageId: mail.bouncedMessageId,
    };
  }
  try {
    await ctx.models.InboxMessage.create(record);
    if (!message.source) {
      ctx.logger.warn(
        { mailbox: address.label, uid: message.uid, size: message.size },
        'mail too large to read: skipped',
      );
    }
  } catch (error) {
    if (!isDuplicateKeyError(error)) throw error;
  }
}

/**
 * One read of the sales mailbox: the messages since the mailbox's checkpoint (at most a batch),
 * each kept once and then the checkpoint moved past it. Ends early, at a message's edge, once
 * the job's lease is no longer held. Answers how many messages it read (0 when the mailbox
 * could not be read).
 */
export async function readInbox(ctx: AppContext, _now: Date, lease: JobLease): Promise<number> {
  const { imapUrl, maxMessageBytes, batchSize } = ctx.config.inbox;
  if (!imapUrl) return 0;
  const address = mailboxAddressOf(imapUrl);
  let read = 0;
  try {
    const saved = await ctx.models.InboxCheckpoint.findById(address.label).lean();
    await readNewMail(
      address,
      saved ? { uidValidity: saved.uidValidity, lastUid: saved.lastUid } : undefined,
      async (message) => {
        holding(lease, INBOX_JOB);
        await keep(ctx, address, message);
        read += 1;
        await ctx.models.InboxCheckpoint.replaceOne(
          { _id: address.label },
          { ...message.checkpoint, at: ctx.clock.now() },
          { upsert: true },
        );
      },
      { maxBytes: maxMessageBytes, batchSize },
    );
  } catch (error) {
    // The mailbox by its host and folder only: IMAP_URL carries the password.
    const reason = error instanceof Error ? error.message : String(error);
    ctx.logger.warn(
      { mailbox: address.label, reason },
      'mailbox not read; the next run tries again',
    );
  }
  return read;
}

/**
 * Waits at most `maxMs` for new mail in the sales mailbox, in IMAP IDLE, past what has been read
 * (the checkpoint); ends early when the job's lock is no longer held. `no-idle` without IDLE on
 * the server, `quiet` also when the mailbox can't be reached (the next run says why).
 */
export async function awaitNewMail(
  ctx: AppContext,
  lease: JobLease,
  maxMs: number,
): Promise<MailWait> {
  const { imapUrl } = ctx.config.inbox;
  if (!imapUrl || maxMs <= 0) return 'quiet';
  const address = mailboxAddressOf(imapUrl);
  try {
    const saved = await ctx.models.InboxCheckpoint.findById(address.label).lean();
    return await waitForNewMail(address, saved?.lastUid ?? 0, maxMs, () => !lease.held());
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    ctx.logger.warn({ mailbox: address.label, reason }, 'mailbox not watched (IDLE)');
    return 'quiet';
  }
}
