import { Mail } from 'lucide-react';
import { REQUEST_EMAIL_LABELS, type Request } from '@crm/shared';

export type UnreadMailBadgeProps = { request: Pick<Request, 'unreadEmails'> };

/** The customer wrote and no one has opened the request's "Correos" since (issue 35). */
export function UnreadMailBadge({ request }: UnreadMailBadgeProps) {
  const count = request.unreadEmails ?? 0;
  if (count === 0) return null;
  const label = REQUEST_EMAIL_LABELS.unreadMark(count);
  return (
    <span
      role="img"
      aria-label={label}
      title={label}
      className="inline-flex items-center gap-0.5 rounded bg-indigo-600 px-1 py-px text-[11px] leading-4 font-semibold text-white"
    >
      <Mail className="size-3" aria-hidden />
      {count}
    </span>
  );
}
