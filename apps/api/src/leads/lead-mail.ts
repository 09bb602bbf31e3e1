import { Types } from 'mongoose';
import { ADMIN_ROLE, LEAD_MAIL, normaliseEmail, type LeadMailFields } from '@crm/shared';
import type { AppContext } from '../context.js';
import { upsertLive } from '../db/expiring-counter.js';
import { queueMail, type QueuedMail } from '../mail/index.js';

/**
 * The emails of a website request: a confirmation to the person and a notice to every system
 * admin. Sent only when SMTP_URL is set, and only after the request is stored: a mail server
 * that is down never loses a lead. Nothing is sent for what the honeypot caught (leads.service.ts
 * returns before).
 *
 * The form takes any address, so the confirmation goes to whoever was typed in: it repeats
 * nothing typed but the name (LEAD_MAIL in @crm/shared), and goes at most once a day per address
 * (`confirmationWindowMs`), whether the submissions were new requests or follow-ups. The admins
 * hear of every one. Subjects and every field of the notice are single lines (LEAD_MAIL).
 *
 * Both go through the app's outbox (mail/, issue 34), keyed `lead:<request number>:<submission>:
 * <kind>` (the request number finds the request in the log; recipients are not logged): tried at
 * once, and a failure retried with the app's retry policy by the outbox's run, also after a
 * restart or by another process.
 */

type LeadMailKind = 'confirmation' | 'admin-notice';

/**
 * Queues both emails and tries them at once. Resolves once each first try is over; never
 * rejects (callers don't wait for it: the form's answer doesn't).
 */
export async function sendLeadMails(
  ctx: AppContext,
  lead: LeadMailFields,
  followUp: boolean,
  /**
   * Issue 35, a lead from the sales mailbox: no confirmation (the product never answers a mail
   * by itself: two robots would write to each other forever), and the submission named by the
   * message, so a run done again notifies the admins once.
   */
  fromMail?: { submission: string },
): Promise<void> {
  if (!ctx.config.mail.smtpUrl) return;
  // One submission's mails; a follow-up shares its request's number, not this.
  const submission = fromMail?.submission ?? new Types.ObjectId().toHexString();
  const mail = (kind: LeadMailKind, to: string[], subject: string, text: string): QueuedMail => ({
    key: `lead:${lead.requestNumber}:${submission}:${kind}`,
    kind: 'lead',
    to,
    content: { subject, text },
  });
  try {
    const admins = await ctx.users.withRole(ADMIN_ROLE);
    const mails: QueuedMail[] = [];
    if (!fromMail && (await firstConfirmationToday(ctx, lead.email))) {
      mails.push(
        mail(
          'confirmation',
          [lead.email],
          LEAD_MAIL.confirmationSubject(lead, followUp),
          LEAD_MAIL.confirmationText(lead, followUp),
        ),
      );
    }
    if (admins.length > 0) {
      mails.push(
        mail(
          'admin-notice',
          admins.map((admin) => admin.email),
          LEAD_MAIL.adminSubject(lead, followUp),
          LEAD_MAIL.adminText(lead, followUp),
        ),
      );
    }
    await Promise.all(mails.map((queued) => queueMail(ctx, queued)));
  } catch (error) {
    ctx.logger.error(
      { err: error, requestNumber: lead.requestNumber },
      'website lead mails not queued',
    );
  }
}

/**
 * Whether this is the first confirmation to `email` in the window: the first caller of the window
 * gets true, every other false (one atomic `$inc`). The mark is a counter of the form's limits'
 * collection (`confirmation:<email>`), so it lapses and is swept as they are.
 */
async function firstConfirmationToday(ctx: AppContext, email: string): Promise<boolean> {
  const now = ctx.clock.now().getTime();
  const mark = await upsertLive(
    ctx.models.LeadCounter,
    `confirmation:${normaliseEmail(email)}`,
    now,
    {
      $inc: { count: 1 },
      $setOnInsert: { expiresAt: new Date(now + ctx.config.leads.confirmationWindowMs) },
    },
  );
  return mark?.count === 1;
}
