import { Types } from 'mongoose';
import type { sendEmailBodySchema } from '@crm/shared';
import { API_MESSAGES, REQUEST_EMAIL_MESSAGES, type RequestEmail } from '@crm/shared';
import type { z } from 'zod';
import type { AuthUser } from '../auth/index.js';
import type { AppContext } from '../context.js';
import { conflict, fieldError, notFound } from '../http/app-error.js';
import { putInOutbox, queueMail, tryAgain, type QueuedMail } from '../mail/index.js';
import { attachToMail } from '../files/index.js';
import { recordEmailSent, requestForMail } from '../requests/index.js';
import { outboxKeyOf, type RequestEmailDoc } from './email.model.js';
import { emailJsonOf } from './thread.js';
import { newMessageId, productAddress } from './sender.js';

/*
 * "Enviar correo" (issue 35): a mail a person writes from the request. Nothing typed is lost:
 * the mail is stored with the request first, then put in the app's outbox (mail/) and tried at
 * once; a mail server that is down leaves it pending for the outbox's run, and one that refuses
 * it for good leaves it "No enviado", with "Reintentar". Without SMTP_URL it waits in the outbox.
 */

type SendBody = z.output<typeof sendEmailBodySchema>;

/** The outbox's copy of a stored mail (what it says, to whom, its headers). */
function queuedOf(ctx: AppContext, doc: RequestEmailDoc, answered?: string): QueuedMail {
  return {
    key: outboxKeyOf(doc._id),
    kind: 'request',
    to: doc.to,
    content: { subject: doc.subject ?? '', text: doc.text ?? '' },
    headers: {
      cc: doc.cc,
      ...(ctx.config.inbox.replyTo ? { replyTo: ctx.config.inbox.replyTo } : {}),
      messageId: doc.messageId,
      ...(answered ? { inReplyTo: answered } : {}),
      attachments: (doc.attachments ?? []).flatMap((file) =>
        file.fileId ? [file.fileId.toHexString()] : [],
      ),
    },
  };
}

/** The Message-ID of the mail of this request that `emailId` names; 400 when there is none. */
async function answeredMessageId(ctx: AppContext, requestId: string, emailId: string) {
  const answered = await ctx.models.RequestEmail.findOne(
    { _id: emailId, requestId },
    'messageId',
  ).lean<{ messageId: string }>();
  if (!answered) throw fieldError('inReplyTo', REQUEST_EMAIL_MESSAGES.replyToUnknown);
  return answered.messageId;
}

/** POST /api/form-contact/:id/emails */
export async function sendEmail(
  ctx: AppContext,
  requestId: string,
  body: SendBody,
  user: AuthUser,
): Promise<RequestEmail> {
  const request = await requestForMail(ctx, requestId);
  if (!request) throw notFound(API_MESSAGES.requestNotFound);
  const answered = body.inReplyTo
    ? await answeredMessageId(ctx, requestId, body.inReplyTo)
    : undefined;
  const attachments = await attachToMail(ctx, requestId, body.attachments);
  const _id = new Types.ObjectId();
  const now = ctx.clock.now();
  const created = await ctx.models.RequestEmail.create({
    _id,
    requestId: new Types.ObjectId(requestId),
    direction: 'out',
    messageId: newMessageId(_id, ctx.config.mail.from),
    from: productAddress(ctx.config.mail.from),
    to: body.to,
    cc: body.cc,
    subject: body.subject,
    text: body.text,
    at: now,
    by: new Types.ObjectId(user.userId),
    inReplyTo: body.inReplyTo ? new Types.ObjectId(body.inReplyTo) : null,
    ...(attachments.length
      ? {
          attachments: attachments.map(({ fileId, name, size }) => ({
            fileId: new Types.ObjectId(fileId!),
            name,
            size,
          })),
        }
      : {}),
  });
  const doc = created.toObject() as RequestEmailDoc;
  await recordEmailSent(ctx, requestId, user.userId, body.subject, now);
  const queued = queuedOf(ctx, doc, answered);
  // Without SMTP_URL it waits in the outbox, sent once the operator sets it.
  if (ctx.config.mail.smtpUrl) await queueMail(ctx, queued, now);
  else await putInOutbox(ctx, queued, now);
  return emailJsonOf(ctx, doc);
}

/** POST /api/form-contact/:id/emails/:emailId/retry: one more try at a mail not sent. */
export async function retryEmail(
  ctx: AppContext,
  requestId: string,
  emailId: string,
): Promise<RequestEmail> {
  if (!(await requestForMail(ctx, requestId))) throw notFound(API_MESSAGES.requestNotFound);
  const doc = await ctx.models.RequestEmail.findOne({
    _id: emailId,
    requestId,
    direction: 'out',
  }).lean<RequestEmailDoc>();
  if (!doc) throw notFound(REQUEST_EMAIL_MESSAGES.emailNotFound);
  const before = await emailJsonOf(ctx, doc);
  if (before.state !== 'failed') {
    throw conflict(REQUEST_EMAIL_MESSAGES.notFailed, { email: before });
  }
  const answered = doc.inReplyTo
    ? await ctx.models.RequestEmail.findById(doc.inReplyTo, 'messageId').lean<{
        messageId: string;
      }>()
    : null;
  await tryAgain(ctx, queuedOf(ctx, doc, answered?.messageId));
  return emailJsonOf(ctx, doc);
}
