import { useId } from 'react';
import { Link } from 'react-router-dom';
import { AGENDA_LABELS, UNREAD_MAIL_LABELS } from '@crm/shared';
import { useUnreadMail } from '../../api/activities/get-unread-mail';
import { hasFailed, LoadError } from '../../components/ui/load-error';
import { BOARD_PATH } from '../requests';

/**
 * "Correos sin leer" (issue 35), atop the agenda: the caller's requests (they are the executive)
 * holding customer mail no one has read, the most unread first, at most the server's limit with
 * "y N más" for the rest. A name opens the request's window as the agenda's rows do; reading its
 * "Correos" takes it off the list. Nothing shows while there are none (or while loading).
 */
export function UnreadMailSection() {
  const headingId = useId();
  const query = useUnreadMail();
  const failed = hasFailed(query);
  const { items = [], total = 0 } = query.data ?? {};
  if (!failed && items.length === 0) return null;
  return (
    <section aria-labelledby={headingId} className="space-y-2">
      <h2 id={headingId} className="text-base font-semibold text-slate-900">
        {UNREAD_MAIL_LABELS.heading}
      </h2>
      {failed ? (
        <LoadError
          message={query.error?.message ?? UNREAD_MAIL_LABELS.loadFailed}
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        />
      ) : null}
      <ul aria-labelledby={headingId} className="space-y-2">
        {items.map((request) => (
          <li
            key={request._id}
            className="flex flex-wrap items-center gap-x-3 gap-y-1 rounded-md bg-white px-3 py-2 text-sm ring-1 ring-slate-200"
          >
            <Link
              to={`${BOARD_PATH}/${request._id}`}
              // As the board opens it: closing the modal goes back, here.
              state={{ fromBoard: true }}
              aria-label={`${AGENDA_LABELS.openRequest}: ${request.name}`}
              className="font-medium text-indigo-700 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-600"
            >
              {request.name}
            </Link>
            {request.company ? <span className="text-slate-600">{request.company}</span> : null}
            <span className="ml-auto text-xs font-medium text-indigo-700">
              {UNREAD_MAIL_LABELS.count(request.unreadEmails)}
            </span>
          </li>
        ))}
      </ul>
      {total > items.length ? (
        <p className="text-sm text-slate-600">{UNREAD_MAIL_LABELS.more(total - items.length)}</p>
      ) : null}
    </section>
  );
}
