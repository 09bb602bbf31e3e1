import type { MouseEvent } from 'react';
import { Link } from 'react-router-dom';
import { AGENDA_LABELS, type AgendaItem } from '@crm/shared';
import { Button } from '../../components/ui/button';
import { ActivitySummary, BOARD_PATH, COMPLETE_CONTROL } from '../requests';

export type AgendaRowProps = {
  item: AgendaItem;
  /** In "Vencidas": said overdue even if the clock here is a little behind the server's. */
  overdueRange: boolean;
  completing: boolean;
  onComplete: (event: MouseEvent<HTMLButtonElement>) => void;
};

/**
 * One activity of the agenda: its type, title, due moment (red, and said, when overdue) and
 * request. The request's name opens its Edit Request modal, as a card does (the board's
 * /main/requests/:id); closing it comes back here. "Completar" completes it in place
 * (useCompleteActivity).
 */
export function AgendaRow({ item, overdueRange, completing, onComplete }: AgendaRowProps) {
  const { activity, request } = item;
  return (
    <li className="flex flex-wrap items-center gap-x-3 gap-y-1 rounded-md bg-white px-3 py-2 text-sm ring-1 ring-slate-200">
      <ActivitySummary activity={activity} overdue={overdueRange}>
        <Link
          to={`${BOARD_PATH}/${request._id}`}
          // As the board opens it: closing the modal goes back, here.
          state={{ fromBoard: true }}
          aria-label={`${AGENDA_LABELS.openRequest}: ${request.name}`}
          className="font-medium text-indigo-700 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-600"
        >
          {request.name}
        </Link>
        {request.company ? <span> · {request.company}</span> : null}
      </ActivitySummary>
      <Button
        variant="secondary"
        className="px-2.5 py-1 text-xs"
        disabled={completing}
        aria-label={`${AGENDA_LABELS.complete}: ${activity.title}`}
        {...{ [COMPLETE_CONTROL]: activity._id }}
        onClick={onComplete}
      >
        {AGENDA_LABELS.complete}
      </Button>
    </li>
  );
}
