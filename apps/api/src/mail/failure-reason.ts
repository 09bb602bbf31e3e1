import type { MailFailureReason } from '@crm/shared';

/*
 * Why a try failed, in words a person can act on (issue 35: "No enviado: <razón>"). Only the
 * error's code is read: the mail server's own words may name hosts and accounts, and they stay
 * in the log (`lastError`), never on a screen.
 */

const UNREACHABLE = new Set(['ECONNECTION', 'ETIMEDOUT', 'ESOCKET', 'EDNS', 'ETLS', 'EPROXY']);

export function failureReasonOf(error: unknown): MailFailureReason {
  const { code, responseCode } = (error ?? {}) as { code?: unknown; responseCode?: unknown };
  if (code === 'EAUTH' || code === 'ENOAUTH') return 'refusedLogin';
  if (code === 'EENVELOPE') return 'refusedRecipient';
  if (typeof code === 'string' && UNREACHABLE.has(code)) return 'unreachable';
  if (typeof responseCode === 'number') return 'refused';
  return 'unreachable';
}
