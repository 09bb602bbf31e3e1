import { setTimeout as sleep } from 'node:timers/promises';
import nodemailer, { type Transporter } from 'nodemailer';
import { ADMIN_ROLE, LEAD_MAIL, normaliseEmail, type LeadMailFields } from '@crm/shared';
import type { AppContext } from '../context.js';
import { upsertLive } from '../db/expiring-counter.js';

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
 * A mail that fails is logged and tried again after each of `mail.retryDelaysMs` (30 s, 2 min,
 * 10 min), in this process. A queue in MongoDB with a worker would also survive a restart, but
 * what a restart could lose is a courtesy email, never the request (it is on the board and in
 * the admins' list), and the failure is in the log; so the simpler in-process retry.
 */

const transports = new Map<string, Transporter>();

function transportFor(smtpUrl: string): Transporter {
  let transport = transports.get(smtpUrl);
  if (!transport) {
    transport = nodemailer.createTransport(smtpUrl);
    transports.set(smtpUrl, transport);
  }
  return transport;
}

type Mail = { kind: 'confirmation' | 'admin-notice'; to: string[]; subject: string; text: string };

/**
 * Sends both emails, retrying each on failure. Resolves once every mail is sent or has used up
 * its retries; never rejects (callers don't wait for it: the form's answer doesn't).
 */
export async function sendLeadMails(
  ctx: AppContext,
  lead: LeadMailFields,
  followUp: boolean,
): Promise<void> {
  const { smtpUrl } = ctx.config.mail;
  if (!smtpUrl) return;
  try {
    const admins = await ctx.models.User.find({ role: ADMIN_ROLE }, { email: 1 }).lean<
      { email: string }[]
    >();
    const mails: Mail[] = [];
    if (await firstConfirmationToday(ctx, lead.email)) {
      mails.push({
        kind: 'confirmation',
        to: [lead.email],
        subject: LEAD_MAIL.confirmationSubject(lead, followUp),
        text: LEAD_MAIL.confirmationText(lead, followUp),
      });
    }
    if (admins.length > 0) {
      mails.push({
        kind: 'admin-notice',
        to: admins.map((admin) => admin.email),
        subject: LEAD_MAIL.adminSubject(lead, followUp),
        text: LEAD_MAIL.adminText(lead, followUp),
      });
    }
    await Promise.all(mails.map((mail) => deliver(ctx, smtpUrl, mail, lead.requestNumber)));
  } catch (error) {
    ctx.logger.error(
      { err: error, requestNumber: lead.requestNumber },
      'website lead mails not sent',
    );
  }
}

/**
 * Whether this is the first confirmation to `email` in the window: the first caller of the window
 * gets true, every other false (one atomic `$inc`). The mark is a counter of the form's limits'
 * collection (`confirmation:<email>`), so it lapses and is swept as they are.
 */
async function firstConfirmationToday(ctx: AppContext, email: string): Promise<boolean> {
  const now = Date.now();
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

async function deliver(ctx: AppContext, smtpUrl: string, mail: Mail, requestNumber: number) {
  const { from, retryDelaysMs } = ctx.config.mail;
  for (let attempt = 0; ; attempt++) {
    try {
      await transportFor(smtpUrl).sendMail({
        from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
      });
      ctx.logger.info({ requestNumber, mail: mail.kind, attempt }, 'website lead mail sent');
      return;
    } catch (error) {
      // Recipients are not logged: they are personal data; the request number finds them.
      const delay = retryDelaysMs[attempt];
      if (delay === undefined) {
        ctx.logger.error(
          { err: error, requestNumber, mail: mail.kind, attempts: attempt + 1 },
          'website lead mail failed; giving up',
        );
        return;
      }
      ctx.logger.warn(
        { err: error, requestNumber, mail: mail.kind, attempt, retryInMs: delay },
        'website lead mail failed; will retry',
      );
      // Not holding the process open: a shutdown drops pending retries (see above).
      await sleep(delay, undefined, { ref: false });
    }
  }
}
