import { Link } from 'react-router-dom';
import { Bell } from 'lucide-react';
import { AGENDA_LABELS } from '@crm/shared';
import { useDueCount } from '../api/activities/get-due-count';
import { AGENDA_PATH } from '../features/agenda';

/** More than this reads "99+" on the badge (the accessible name keeps the number). */
const MAX_SHOWN = 99;

/**
 * The bell (issue 20), on every page: how many of the signed-in person's open activities are
 * overdue or due today, and (issue 35) how many of their requests hold customer mail no one has
 * read, kept current without a reload (useDueCount), leading to the agenda. The badge shows the
 * sum; the accessible name says each.
 */
export function AgendaBell() {
  const { data } = useDueCount();
  const count = data && data.count + data.unreadMail;
  const label = data ? AGENDA_LABELS.bell(data.count, data.unreadMail) : AGENDA_LABELS.title;
  return (
    <Link
      to={AGENDA_PATH}
      aria-label={label}
      title={label}
      className="relative inline-flex size-9 items-center justify-center rounded-full text-slate-600 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
    >
      <Bell className="size-5" aria-hidden />
      {count ? (
        <span
          aria-hidden
          className="absolute -top-0.5 -right-0.5 min-w-4.5 rounded-full bg-red-600 px-1 text-center text-[11px] leading-4.5 font-semibold text-white"
        >
          {count > MAX_SHOWN ? `${MAX_SHOWN}+` : count}
        </span>
      ) : null}
    </Link>
  );
}
