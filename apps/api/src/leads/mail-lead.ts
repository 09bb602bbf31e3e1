import { Types } from 'mongoose';
import {
  DEFAULT_REQUEST_TYPE,
  FIELD_MAX_LENGTH,
  type CreateRequestBody,
  type Request,
} from '@crm/shared';
import type { AppContext } from '../context.js';
import { createRequest, requestForMail } from '../requests/index.js';
import { sendLeadMails } from './lead-mail.js';
import { recentLeadOf, rememberLead } from './leads.service.js';

/*
 * Issue 35: a mail to the sales address that answers no request becomes a lead, as the website
 * form's do: source "Correo", the sender's name and address, the subject and text as its message,
 * the admins told. The same duplicate rule: within the window after a lead of the same address,
 * the mail joins that request instead (while it is open). Never a confirmation to the sender:
 * the product doesn't answer mail by itself (no loops with auto-responders).
 *
 * Exactly once across runs and processes: the request's `_id` is named by the message
 * (`requestId`), so a run done again after a crash finds it instead of creating a second one,
 * and the admins' notice is keyed by the message too.
 */

export type MailLead = {
  /** The request's id if one is created: derived from the message by the caller. */
  requestId: string;
  /** Names the message in the outbox's keys (its inbox key). */
  messageKey: string;
  name: string;
  email: string;
  subject: string;
  text: string;
};

/** The request the mail belongs to: the open one of the duplicate window, or the one it became. */
export async function leadFromMail(
  ctx: AppContext,
  mail: MailLead,
): Promise<{ requestId: string; created: boolean }> {
  const recent = await recentLeadOf(ctx, mail.email);
  if (recent && !recent.equals(mail.requestId)) {
    const earlier = await requestForMail(ctx, recent.toHexString());
    if (earlier && earlier.status !== 'closed') return { requestId: earlier._id, created: false };
  }
  if (await requestForMail(ctx, mail.requestId)) {
    return { requestId: mail.requestId, created: false };
  }
  const message = [mail.subject, mail.text]
    .filter((part) => part.trim() !== '')
    .join('\n\n')
    .slice(0, FIELD_MAX_LENGTH.message);
  const fields: CreateRequestBody & Pick<Request, 'sourceOfContact'> & { _id: Types.ObjectId } = {
    _id: new Types.ObjectId(mail.requestId),
    // A sender without a display name is named by their address.
    name: (mail.name.trim() || mail.email).slice(0, FIELD_MAX_LENGTH.name),
    email: mail.email,
    requestType: DEFAULT_REQUEST_TYPE,
    message: message || mail.email,
    sourceOfContact: 'email',
  };
  const request = await createRequest(ctx, fields, { userId: null, type: 'request.lead' });
  await rememberLead(ctx, request);
  void sendLeadMails(
    ctx,
    {
      ...request,
      requestNumber: request.requestNumber ?? 0,
      message: request.message,
      viaMail: true,
    },
    false,
    { submission: mail.messageKey },
  );
  return { requestId: mail.requestId, created: true };
}
