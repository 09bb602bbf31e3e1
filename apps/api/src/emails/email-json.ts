import type { RequestEmail, RequestEmailState } from '@crm/shared';
import { MAIL_FAILURE_REASONS } from '@crm/shared';
import type { OutboxState } from '../mail/index.js';
import type { RequestEmailDoc } from './email.model.js';

/**
 * A sent mail whose record is older than this and still not in the outbox never got there (a
 * crash between the two writes): it shows as not sent, and "Reintentar" puts it in.
 */
const NOT_QUEUED_AFTER_MS = 60_000;

/** Where a mail of the thread stands: a received one, a bounced one, else its outbox's word. */
export function stateOf(
  doc: Pick<RequestEmailDoc, 'direction' | 'bouncedAt' | 'at'>,
  outbox: OutboxState | undefined,
  now: Date,
): { state: RequestEmailState; reason: string | null } {
  if (doc.direction === 'in') return { state: 'received', reason: null };
  if (doc.bouncedAt) return { state: 'bounced', reason: null };
  if (!outbox) {
    return now.getTime() - doc.at.getTime() < NOT_QUEUED_AFTER_MS
      ? { state: 'pending', reason: null }
      : { state: 'failed', reason: MAIL_FAILURE_REASONS.notQueued };
  }
  switch (outbox.status) {
    case 'sent':
      return { state: 'sent', reason: null };
    case 'failed':
      return {
        state: 'failed',
        reason: MAIL_FAILURE_REASONS[outbox.failReason ?? 'unreachable'],
      };
    default:
      return { state: 'pending', reason: null };
  }
}

/** One mail as the thread shows it; `byName` from the names of the page's writers. */
export function toEmailJson(
  doc: RequestEmailDoc,
  state: ReturnType<typeof stateOf>,
  nameOf: ReadonlyMap<string, string>,
): RequestEmail {
  const by = doc.by ? doc.by.toHexString() : null;
  return {
    _id: doc._id.toHexString(),
    direction: doc.direction,
    from: { address: doc.from.address, name: doc.from.name ?? '' },
    to: doc.to,
    cc: doc.cc,
    subject: doc.subject ?? '',
    text: doc.text ?? '',
    at: doc.at.toISOString(),
    by,
    byName: by ? (nameOf.get(by) ?? null) : null,
    ...state,
    inReplyTo: doc.inReplyTo ? doc.inReplyTo.toHexString() : null,
    unread: doc.unread ?? false,
    attachments: (doc.attachments ?? []).map((attachment) => ({
      fileId: attachment.fileId ? attachment.fileId.toHexString() : null,
      name: attachment.name,
      size: attachment.size,
    })),
  };
}
