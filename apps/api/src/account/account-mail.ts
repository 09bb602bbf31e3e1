import type { AppContext } from '../context.js';
import { queueMail } from '../mail/index.js';

export type AccountMail = {
  /** Names the mail (e.g. `reset:<token hash>`): queueing the same key again sends nothing. */
  key: string;
  to: string;
  subject: string;
  text: string;
};

/**
 * An account email (issue 23: reset and invitation links, the email-change confirmation, the
 * "password changed" notice) through the app's outbox (mail/): claimed by its key, tried at once,
 * and, when the mail server fails, retried with backoff by the outbox's run, also after a
 * restart. Text only; once sent or given up, the outbox keeps no copy of its link.
 *
 * Resolves once the first try is over (sent, or left for the retries): false when SMTP_URL is
 * unset (nothing is queued; callers that need the mail check `ctx.config.mail.smtpUrl` first) or
 * the key was queued before. Rejects only when the outbox can't be written.
 */
export function queueAccountMail(ctx: AppContext, mail: AccountMail): Promise<boolean> {
  return queueMail(ctx, {
    key: `account:${mail.key}`,
    kind: 'account',
    to: mail.to,
    content: { subject: mail.subject, text: mail.text, html: '' },
  });
}
