import { createHash } from 'node:crypto';
import { simpleParser, type AddressObject, type HeaderValue } from 'mailparser';

/** Mail no person wrote: it never becomes a request nor notifies anyone (issue 35). */
export type AutomaticMail = 'auto-reply' | 'bounce';

export interface MailAddress {
  address: string;
  name: string;
}

export interface IncomingAttachment {
  /** The name the sender gave, as given (the files feature cleans it before keeping it). */
  fileName: string;
  contentType: string;
  size: number;
  content: Buffer;
}

/** A message of the sales mailbox, as the product keeps and matches it. */
export interface IncomingMail {
  /**
   * Its Message-ID, or `<sha256-…@sin-message-id.crm>` of its bytes when it has none: the key
   * under which it is stored once, however many times it is read.
   */
  messageId: string;
  inReplyTo?: string;
  references: string[];
  from?: MailAddress;
  to: MailAddress[];
  cc: MailAddress[];
  subject: string;
  text: string;
  /** As sent: never shown without the sanitiser. */
  html?: string;
  date?: Date;
  attachments: IncomingAttachment[];
  automatic?: AutomaticMail;
  /** For a bounce: the Message-ID of the mail that could not be delivered, when the report says. */
  bouncedMessageId?: string;
}

const MESSAGE_ID = /<[^<>\s]+>/g;
/** Who sends delivery reports: the local part of the sender's address. */
const REPORTING_SENDERS = /^(mailer-daemon|postmaster)$/i;
/** The parts of a delivery report that carry the undelivered mail or its headers. */
const RETURNED_PARTS = new Set(['message/rfc822', 'message/rfc822-headers', 'text/rfc822-headers']);

const headerText = (value: HeaderValue | undefined): string => {
  if (value === undefined) return '';
  if (typeof value === 'string') return value;
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map((item) => headerText(item)).join(' ');
  if ('value' in value && typeof value.value === 'string') return value.value;
  return '';
};

const addressesOf = (field: AddressObject | AddressObject[] | undefined): MailAddress[] =>
  (Array.isArray(field) ? field : field ? [field] : [])
    .flatMap((group) => group.value)
    .filter((entry) => entry.address)
    .map((entry) => ({ address: entry.address!.toLowerCase(), name: entry.name }));

const messageIdsIn = (value: string | string[] | undefined): string[] =>
  (Array.isArray(value) ? value.join(' ') : (value ?? '')).match(MESSAGE_ID) ?? [];

/**
 * Auto-Submitted other than "no" (RFC 3834), X-Autoreply or X-Autorespond, Precedence
 * auto_reply: an out-of-office or an auto-responder. A delivery report (multipart/report, or a
 * mailer-daemon or postmaster sender) is a bounce.
 */
function automaticKind(
  headers: Map<string, HeaderValue>,
  from: MailAddress | undefined,
): AutomaticMail | undefined {
  const type = headerText(headers.get('content-type'));
  const sender = from?.address.split('@')[0] ?? '';
  if (type.trim().toLowerCase() === 'multipart/report' || REPORTING_SENDERS.test(sender))
    return 'bounce';
  const autoSubmitted = headerText(headers.get('auto-submitted')).trim().toLowerCase();
  if (autoSubmitted && autoSubmitted !== 'no') return 'auto-reply';
  if (headers.has('x-autoreply') || headers.has('x-autorespond')) return 'auto-reply';
  if (headerText(headers.get('precedence')).trim().toLowerCase() === 'auto_reply') {
    return 'auto-reply';
  }
  return undefined;
}

/**
 * Reads one message of the mailbox. Malformed MIME and unknown charsets are read as far as they
 * go (mailparser), never thrown at the reader.
 */
export async function parseIncomingMail(source: Buffer): Promise<IncomingMail> {
  const parsed = await simpleParser(source, { skipImageLinks: true, skipTextToHtml: true });
  const from = addressesOf(parsed.from)[0];
  const automatic = automaticKind(parsed.headers, from);
  const returned = parsed.attachments.filter((part) => RETURNED_PARTS.has(part.contentType));
  const attachments = parsed.attachments
    .filter((part) => !(automatic === 'bounce' && RETURNED_PARTS.has(part.contentType)))
    .map((part) => ({
      fileName: part.filename ?? '',
      contentType: part.contentType,
      size: part.size,
      content: part.content,
    }));
  const bouncedMessageId =
    automatic === 'bounce'
      ? returned
          .map((part) => /^message-id:\s*(<[^<>\s]+>)/im.exec(part.content.toString('latin1'))?.[1])
          .find(Boolean)
      : undefined;
  return {
    messageId:
      messageIdsIn(parsed.messageId)[0] ??
      `<sha256-${createHash('sha256').update(source).digest('hex')}@sin-message-id.crm>`,
    inReplyTo: messageIdsIn(parsed.inReplyTo)[0],
    references: messageIdsIn(parsed.references),
    from,
    to: addressesOf(parsed.to),
    cc: addressesOf(parsed.cc),
    subject: parsed.subject ?? '',
    text: parsed.text ?? '',
    html: typeof parsed.html === 'string' ? parsed.html : undefined,
    date: parsed.date,
    attachments,
    automatic,
    bouncedMessageId,
  };
}
