import { Link } from 'react-router-dom';
import { DASHBOARD_LABELS, VENDOR_FILTER_NONE, type OutcomeFilter } from '@crm/shared';
import { writeBoardFilters } from '../../lib/board-search-params';
import { BOARD_PATH } from '../requests';

/**
 * Where the board shows what a figure counts, with the board's own filters only (it has no
 * stage, date or "stale" filter): the executive (`vendor`) and, for CERRADO, `outcome`.
 */
export type BoardTarget = { vendor?: string; outcome?: OutcomeFilter };

function boardHref({ vendor, outcome }: BoardTarget): string {
  const search = writeBoardFilters(new URLSearchParams(), { vendor, outcome }).toString();
  return search ? `${BOARD_PATH}?${search}` : BOARD_PATH;
}

/**
 * The board's executive filter for the dashboard's: a user, or the whole board for the team;
 * a team row's unassigned requests are the board's "Sin ejecutivo".
 */
export const boardVendorOf = (vendor: string | null, unassigned = false) =>
  unassigned ? VENDOR_FILTER_NONE : (vendor ?? undefined);

export type BoardNumberProps = {
  target: BoardTarget;
  /** What the number counts, for its accessible name ("CONTACTADO"). */
  what: string;
  children: string;
};

/** A figure that opens the board filtered to the requests it counts. */
export function BoardNumber({ target, what, children }: BoardNumberProps) {
  const name = DASHBOARD_LABELS.onBoard(`${what}, ${children}`);
  return (
    <Link
      to={boardHref(target)}
      aria-label={name}
      title={name}
      className="font-semibold text-indigo-700 tabular-nums underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-600"
    >
      {children}
    </Link>
  );
}
