import { randomUUID } from 'node:crypto';
import { ACCOUNT_MAIL } from '@crm/shared';
import type { AppContext } from '../context.js';
import { queueAccountMail } from './account-mail.js';
import { endEmailLinks } from './account-tokens.js';
import { deliverInvitation } from './invitations.service.js';

export type EmailChangedUser = {
  id: string;
  name: string;
  /** The address before the change. */
  email: string;
  invitationPending?: boolean | null;
};

/**
 * What follows any change of a user's email, theirs (the confirmation link) or an admin's
 * (issue 32: an invitation to a mistyped address, corrected by the admin, still worked from the
 * typo's mailbox). Every pending link ends: it went to an address that no longer speaks for the
 * account. The old address is told, as a password change is. A pending invitation goes again, to
 * `newEmail`, with a fresh link; without a mail server there is none to send, and the admin's
 * "Reenviar invitación" shows one to pass on.
 *
 * The email has changed whatever becomes of the mails: a failure to queue one is logged.
 */
export async function emailChanged(
  ctx: AppContext,
  user: EmailChangedUser,
  newEmail: string,
): Promise<void> {
  await endEmailLinks(ctx, user.id);
  const logFailure = (what: string) => (error: unknown) => {
    ctx.logger.error({ err: error }, what);
  };
  await Promise.all([
    queueAccountMail(ctx, {
      key: `email-changed:${randomUUID()}`,
      to: user.email,
      subject: ACCOUNT_MAIL.emailChangedSubject,
      text: ACCOUNT_MAIL.emailChangedText(user.name),
    }).catch(logFailure('queueing the email-changed mail failed')),
    user.invitationPending && ctx.config.mail.smtpUrl
      ? deliverInvitation(ctx, { ...user, email: newEmail }).catch(
          logFailure('re-sending the invitation to the new address failed'),
        )
      : undefined,
  ]);
}
