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

/**
 * What a kept message holds at most, so a hostile or enormous one (a 1 MB header, 40 MB of
 * text, thousands of parts or recipients) still fits a document (16 MB) with room to spare, and
 * the thread shows what a person could read. Longer text is cut; HTML over its limit is dropped
 * (the text stays). RFC 5322 lines are at most 998 characters: a longer Message-ID is no ID.
 */
export const KEPT_LIMITS = {
  line: 998,
  text: 500_000,
  html: 1_000_000,
  addresses: 100,
  references: 100,
  attachments: 100,
} as const;

const cut = (text: string, max: number) =>
  text.length > max ? `${text.slice(0, max - 1)}…` : text;
const ids = (value: string | string[] | undefined) =>
  messageIdsIn(value).filter((id) => id.length <= KEPT_LIMITS.line);
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
    .map((entry) => ({
      address: cut(entry.address!.toLowerCase(), KEPT_LIMITS.line),
      name: cut(entry.name, KEPT_LIMITS.line),
    }));

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

const PARSE_OPTIONS = { skipImageLinks: true, skipTextToHtml: true } as const;

/**
 * The whole message, or, when its structure is past what the parser takes (more than 1,000
 * parts, mailsplit's limit), its headers alone: who, what and which mail it answers are still
 * kept and filed, without a body. A message is never left unread, holding up the ones after it.
 */
async function parsedOrHeaders(source: Buffer) {
  try {
    return await simpleParser(source, PARSE_OPTIONS);
  } catch {
    const end = source.indexOf('\r\n\r\n');
    const headers = end === -1 ? source : source.subarray(0, end + 4);
    const parsed = await simpleParser(
      Buffer.concat([headers.subarray(0, 1_000_000), Buffer.from('\r\n')]),
      PARSE_OPTIONS,
    );
    return { ...parsed, text: '', html: false as const, attachments: [] };
  }
}

/**
 * Reads one message of the mailbox. Malformed MIME and unknown charsets are read as far as they
 * go (mailparser), never thrown at the reader.
 */
export async function parseIncomingMail(source: Buffer): Promise<IncomingMail> {
  const parsed = await parsedOrHeaders(source);
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
  const html = typeof parsed.html === 'string' ? parsed.html : undefined;
  return {
    messageId:
      ids(parsed.messageId)[0] ??
      `<sha256-${createHash('sha256').update(source).digest('hex')}@sin-message-id.crm>`,
    inReplyTo: ids(parsed.inReplyTo)[0],
    references: ids(parsed.references).slice(-KEPT_LIMITS.references),
    from,
    to: addressesOf(parsed.to).slice(0, KEPT_LIMITS.addresses),
    cc: addressesOf(parsed.cc).slice(0, KEPT_LIMITS.addresses),
    subject: cut(parsed.subject ?? '', KEPT_LIMITS.line),
    text: cut(parsed.text ?? '', KEPT_LIMITS.text),
    html: html !== undefined && html.length <= KEPT_LIMITS.html ? html : undefined,
    date: parsed.date,
    attachments: attachments.slice(0, KEPT_LIMITS.attachments),
    automatic,
    bouncedMessageId,
  };
}
