import { z } from 'zod';
import { decodeInstantCursor, keysetCursorSchema } from './board.js';
import {
  MAX_MAIL_ATTACHMENTS,
  REQUEST_FILE_MESSAGES,
  mailAttachmentSchema,
} from './request-files.js';
import {
  dateTimeSchema,
  objectIdSchema,
  requiredEmail,
  requiredFreeText,
  requiredText,
} from './fields.js';

/*
 * Issue 35: the mails of a request, its "Correos" section. A rep writes to the customer from the
 * request ("Enviar correo"); what the customer answers, read from the shared sales mailbox,
 * joins the same thread. Every word the screens and the API say of them is here, once.
 */

/**
 * Where a mail stands. `pending`: in the outbox, not yet accepted by the mail server;
 * `sent`: accepted; `failed`: every try used ("Reintentar" gives it another); `bounced`: the
 * customer's server sent it back; `received`: a mail from the customer.
 */
export const REQUEST_EMAIL_STATES = ['pending', 'sent', 'failed', 'bounced', 'received'] as const;
export type RequestEmailState = (typeof REQUEST_EMAIL_STATES)[number];

export const REQUEST_EMAIL_STATE_LABELS: Record<RequestEmailState, string> = {
  pending: 'Pendiente de envío',
  sent: 'Enviado',
  failed: 'No enviado',
  bounced: 'Rebotado',
  received: 'Recibido',
};

/** "No enviado: <razón>" when the reason is known. */
export const failedEmailText = (reason: string | null): string =>
  reason ? `${REQUEST_EMAIL_STATE_LABELS.failed}: ${reason}` : REQUEST_EMAIL_STATE_LABELS.failed;

/** Why a try failed, as the person sees it (mail/'s failure reasons, never the server's words). */
export const MAIL_FAILURE_REASONS = {
  unreachable: 'el servidor de correo no responde',
  refusedLogin: 'el servidor de correo rechazó la cuenta del producto',
  refusedRecipient: 'el servidor de correo rechazó un destinatario',
  refused: 'el servidor de correo rechazó el mensaje',
  notQueued: 'el correo no llegó a la bandeja de salida',
} as const;
export type MailFailureReason = keyof typeof MAIL_FAILURE_REASONS;

export const REQUEST_EMAIL_MESSAGES = {
  toRequired: 'Indica al menos un destinatario',
  tooManyRecipients: (max: number) => `A lo más ${max} destinatarios`,
  invalidAddress: 'Dirección de correo inválida',
  subjectRequired: 'El asunto es requerido',
  textRequired: 'El mensaje es requerido',
  emailNotFound: 'El correo no existe en esta solicitud',
  notFailed: 'Solo un correo no enviado se puede reintentar',
  replyToUnknown: 'El correo al que respondes no existe en esta solicitud',
} as const;

/** At most this many addresses in Para, and as many in Cc. */
export const MAX_EMAIL_RECIPIENTS = 10;
export const EMAIL_SUBJECT_MAX_LENGTH = 200;
/** A mail's text as typed: longer than a note, well within a document. */
export const EMAIL_TEXT_MAX_LENGTH = 20_000;
export const REQUEST_EMAILS_PAGE_SIZE = 20;
export const REQUEST_EMAILS_MAX_PAGE_SIZE = 100;

const address = requiredEmail(
  REQUEST_EMAIL_MESSAGES.invalidAddress,
  REQUEST_EMAIL_MESSAGES.invalidAddress,
);
const addresses = z
  .array(address, { error: REQUEST_EMAIL_MESSAGES.toRequired })
  .max(MAX_EMAIL_RECIPIENTS, REQUEST_EMAIL_MESSAGES.tooManyRecipients(MAX_EMAIL_RECIPIENTS));

/**
 * POST /api/form-contact/:id/emails. The subject is one line (no header can be added through
 * it); addresses follow the app's one email rule (§5), so none carries a comma or a line break.
 */
export const sendEmailBodySchema = z.strictObject({
  to: addresses.min(1, REQUEST_EMAIL_MESSAGES.toRequired),
  cc: addresses.default([]),
  subject: requiredText(REQUEST_EMAIL_MESSAGES.subjectRequired, EMAIL_SUBJECT_MAX_LENGTH),
  text: requiredFreeText(REQUEST_EMAIL_MESSAGES.textRequired, EMAIL_TEXT_MAX_LENGTH),
  /** The mail of this request it answers (its `_id`): the answer carries In-Reply-To. */
  inReplyTo: objectIdSchema.optional(),
  /** Files of this request ("Archivos") the mail carries. */
  attachments: z
    .array(objectIdSchema)
    .max(MAX_MAIL_ATTACHMENTS, REQUEST_FILE_MESSAGES.tooManyAttachments(MAX_MAIL_ATTACHMENTS))
    .default([]),
});
export type SendEmailBody = z.input<typeof sendEmailBodySchema>;

/** Addresses as a person types them in one box: separated by commas or semicolons. */
export const addressesIn = (text: string): string[] =>
  text
    .split(/[,;]/)
    .map((address) => address.trim())
    .filter((address) => address !== '');

/**
 * The composer's rules ("Enviar correo"): the send body's, over what the boxes hold (Para and Cc
 * as typed, one box each), so the browser refuses what the API would, in the same words.
 */
export const emailComposerSchema = z.object({
  to: z.string().transform(addressesIn).pipe(sendEmailBodySchema.shape.to),
  cc: z.string().transform(addressesIn).pipe(addresses),
  subject: sendEmailBodySchema.shape.subject,
  text: sendEmailBodySchema.shape.text,
});
export type EmailComposerValues = z.input<typeof emailComposerSchema>;

/** An address of a received mail as its sender wrote it: the name may be empty. */
export const mailAddressSchema = z.object({ address: z.string(), name: z.string() });

/** One mail of the thread. */
export const requestEmailSchema = z.object({
  _id: objectIdSchema,
  direction: z.enum(['out', 'in']),
  from: mailAddressSchema,
  to: z.array(z.string()),
  cc: z.array(z.string()),
  subject: z.string(),
  text: z.string(),
  at: dateTimeSchema,
  /** Who wrote it (a sent mail); null for a received one or a since-deleted user. */
  by: objectIdSchema.nullable(),
  byName: z.string().nullable(),
  state: z.enum(REQUEST_EMAIL_STATES),
  /** Why it was not sent (`failed`), in MAIL_FAILURE_REASONS' words; else null. */
  reason: z.string().nullable(),
  /** The mail of the thread it answers, when known. */
  inReplyTo: objectIdSchema.nullable(),
  /** A received mail not yet seen by anyone (the card's mark). */
  unread: z.boolean(),
  /** The files it carried, kept in the request's "Archivos". */
  attachments: z.array(mailAttachmentSchema),
});
export type RequestEmail = z.infer<typeof requestEmailSchema>;

/** GET /api/form-contact/:id/emails?cursor&limit: newest first. */
export const requestEmailsQuerySchema = z.strictObject({
  /** Where the previous page ended (InstantCursor: the last mail's `at` and `_id`). */
  cursor: keysetCursorSchema(decodeInstantCursor).optional(),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(REQUEST_EMAILS_MAX_PAGE_SIZE)
    .default(REQUEST_EMAILS_PAGE_SIZE),
});

export const requestEmailPageSchema = z.object({
  items: z.array(requestEmailSchema),
  /** The next (older) page's cursor; null on the last page. */
  nextCursor: z.string().nullable(),
  /** Whether the sales mailbox is read (IMAP_URL set): else answers don't come in. */
  readingReplies: z.boolean(),
  /** Whether mail goes out (SMTP_URL set): else what is sent waits, pending. */
  sending: z.boolean(),
  /**
   * When to read the thread again for answers (the mailbox's poll, IMAP_POLL_SECONDS); null when
   * the mailbox is not read.
   */
  pollAfterMs: z.number().int().positive().nullable(),
});
export type RequestEmailPage = z.infer<typeof requestEmailPageSchema>;

export const requestEmailParamsSchema = z.object({ id: objectIdSchema, emailId: objectIdSchema });

/** "Re: …" for an answer, unless the subject already starts so. */
export const replySubject = (subject: string): string => {
  const re = /^re:/i.test(subject.trim()) ? subject.trim() : `Re: ${subject.trim()}`;
  return re.slice(0, EMAIL_SUBJECT_MAX_LENGTH);
};
