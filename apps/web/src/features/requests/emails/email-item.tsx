import {
  HISTORY_LABELS,
  REQUEST_EMAIL_LABELS,
  REQUEST_EMAIL_STATE_LABELS,
  failedEmailText,
  formatDateTime,
  type RequestEmail,
} from '@crm/shared';
import { Paperclip } from 'lucide-react';
import { REQUEST_FILE_LABELS, fileSizeText } from '@crm/shared';
import { Button } from '../../../components/ui/button';
import { downloadFile } from '../files';

export type EmailItemProps = {
  requestId: string;
  email: RequestEmail;
  timeZone: string;
  busy: boolean;
  onReply: (email: RequestEmail) => void;
  onRetry: (email: RequestEmail) => void;
};

const STATE_CLASSES: Record<RequestEmail['state'], string> = {
  pending: 'bg-amber-50 text-amber-800 ring-amber-600/30',
  sent: 'bg-slate-50 text-slate-700 ring-slate-500/30',
  failed: 'bg-red-50 text-red-800 ring-red-600/30',
  bounced: 'bg-red-50 text-red-800 ring-red-600/30',
  received: 'bg-indigo-50 text-indigo-800 ring-indigo-600/30',
};

const stateText = (email: RequestEmail) =>
  email.state === 'failed'
    ? failedEmailText(email.reason)
    : REQUEST_EMAIL_STATE_LABELS[email.state];

/** Who: the customer for a received mail, the person who wrote it for a sent one. */
const whoOf = (email: RequestEmail) =>
  email.direction === 'in'
    ? REQUEST_EMAIL_LABELS.from(
        email.from.name ? `${email.from.name} <${email.from.address}>` : email.from.address,
      )
    : REQUEST_EMAIL_LABELS.sentBy(email.byName ?? HISTORY_LABELS.deletedUser);

/**
 * One mail of the thread: who and when, where it stands ("Pendiente de envío", "No enviado:
 * <razón>" with "Reintentar", "Rebotado"), its subject and its text as written. A customer's
 * mail not seen before says "Nuevo" and can be answered.
 */
export function EmailItem({ requestId, email, timeZone, busy, onReply, onRetry }: EmailItemProps) {
  const incoming = email.direction === 'in';
  return (
    <li
      className={`rounded-md px-3 py-2 text-sm ring-1 ${
        incoming ? 'bg-white ring-indigo-200' : 'bg-slate-50 ring-slate-200'
      }`}
    >
      <div className="flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-slate-600">
        <span className="min-w-0 break-all">{whoOf(email)}</span>
        <span aria-hidden>·</span>
        <time dateTime={email.at}>{formatDateTime(email.at, timeZone)}</time>
        <span
          className={`rounded-full px-2 py-0.5 font-medium ring-1 ring-inset ${STATE_CLASSES[email.state]}`}
        >
          {stateText(email)}
        </span>
        {email.unread ? (
          <span className="rounded-full bg-indigo-600 px-2 py-0.5 font-semibold text-white">
            {REQUEST_EMAIL_LABELS.unread}
          </span>
        ) : null}
      </div>
      {incoming ? null : (
        <p className="mt-1 text-xs break-all text-slate-600">
          {REQUEST_EMAIL_LABELS.to}: {[...email.to, ...email.cc].join(', ')}
        </p>
      )}
      <p className="mt-1 font-semibold break-words text-slate-900">{email.subject}</p>
      <p className="mt-1 break-words whitespace-pre-wrap text-slate-700">{email.text}</p>
      {email.attachments.length > 0 ? (
        <ul aria-label={REQUEST_FILE_LABELS.attachments} className="mt-2 flex flex-wrap gap-1">
          {email.attachments.map((attachment, index) => (
            <li key={attachment.fileId ?? `${attachment.name}-${index}`}>
              {attachment.fileId ? (
                <button
                  type="button"
                  aria-label={REQUEST_FILE_LABELS.download(attachment.name)}
                  className="inline-flex items-center gap-1 rounded-full bg-white px-2 py-0.5 text-xs text-slate-700 ring-1 ring-slate-300 hover:bg-slate-100"
                  onClick={() => void downloadFile(requestId, attachment.fileId!)}
                >
                  <Paperclip className="size-3" aria-hidden />
                  <span className="break-all">{attachment.name}</span>
                  <span className="text-slate-500">{fileSizeText(attachment.size)}</span>
                </button>
              ) : (
                <span className="inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs text-slate-500 ring-1 ring-slate-200">
                  <Paperclip className="size-3" aria-hidden />
                  {REQUEST_FILE_LABELS.notKept(attachment.name)}
                </span>
              )}
            </li>
          ))}
        </ul>
      ) : null}
      <div className="mt-2 flex gap-2 empty:hidden">
        {incoming ? (
          <Button variant="secondary" className="py-1 text-xs" onClick={() => onReply(email)}>
            {REQUEST_EMAIL_LABELS.reply}
          </Button>
        ) : null}
        {email.state === 'failed' ? (
          <Button
            variant="secondary"
            className="py-1 text-xs"
            disabled={busy}
            onClick={() => onRetry(email)}
          >
            {REQUEST_EMAIL_LABELS.retry}
          </Button>
        ) : null}
      </div>
    </li>
  );
}
