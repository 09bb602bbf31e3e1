import { CUSTOMER_MAIL_NOTICE, requestPageUrl } from '@crm/shared';
import type { AppContext } from '../context.js';
import { appUrlOf, putInOutbox } from '../mail/index.js';
import { requestForMail } from '../requests/index.js';
import { recipientsByIds } from '../users/index.js';

/*
 * Issue 35: "the request's executive gets the bell and, if they chose it, an email". The bell is
 * the request's unread count (requests/agenda/unread-mail.ts); this is the email. When a
 * customer's mail is filed in a request (incoming.ts), its executive (`vendor`) gets one notice
 * through the app's outbox (mail/) if they turned `emailCustomerMail` on in Perfil. Nothing
 * without SMTP_URL, an executive or the preference; never anything to the customer (the product
 * doesn't answer mail by itself).
 *
 * Exactly once: the notice is put in the outbox under `customer-mail:<inbox key>`, so a run done
 * again (or a second process) queues nothing more. It is put there, not tried at once: the
 * outbox's run sends it within its 30 s, and the mailbox's run never waits on the mail server.
 * Its text names the request, the sender and the subject; no log line carries more than the
 * inbox key and the request's id.
 */

export type FiledCustomerMail = {
  requestId: string;
  /** The message's key in the inbox (inbox/): names the notice. */
  inboxKey: string;
  from: { address: string; name: string };
  subject: string;
};

/** The outbox key of the notice of one filed message. */
export const customerMailNoticeKey = (inboxKey: string) => `customer-mail:${inboxKey}`;

/**
 * Queues the notice of one filed customer mail to the request's executive, when they want it.
 * Never rejects: a failure is logged (the mail itself is already in the thread and on the bell).
 */
export async function noticeCustomerMail(ctx: AppContext, mail: FiledCustomerMail): Promise<void> {
  if (!ctx.config.mail.smtpUrl) return;
  try {
    const request = await requestForMail(ctx, mail.requestId);
    if (!request?.vendor) return;
    const [executive] = await recipientsByIds(ctx, [request.vendor]);
    if (!executive?.emailCustomerMail) return;
    const fields = {
      recipientName: executive.name,
      requestNumber: request.requestNumber,
      requestName: request.name,
      from: mail.from,
      subject: mail.subject,
      link: requestPageUrl(appUrlOf(ctx), request._id),
    };
    await putInOutbox(ctx, {
      key: customerMailNoticeKey(mail.inboxKey),
      kind: 'customer-mail',
      userId: executive._id,
      to: executive.email,
      content: {
        subject: CUSTOMER_MAIL_NOTICE.subject(fields),
        text: CUSTOMER_MAIL_NOTICE.text(fields),
      },
    });
  } catch (error) {
    ctx.logger.error(
      { err: error, inboxKey: mail.inboxKey, requestId: mail.requestId },
      'customer mail notice not queued',
    );
  }
}
