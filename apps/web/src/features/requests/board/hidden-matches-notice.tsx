import {
  HIDING_FILTER_KEYS,
  VENDOR_FILTER_NONE,
  type BoardFilters,
  HIDDEN_MATCHES_LABELS,
} from '@crm/shared';
import { useBoard } from '../../../api/requests/get-board';
import type { BoardFilterKey } from '../../../lib/board-search-params';

export type HiddenMatchesNoticeProps = {
  filters: BoardFilters;
  onChange: (changes: Partial<Record<BoardFilterKey, string | undefined>>) => void;
};

/** "Ver todas" drops every filter that hides a match and keeps the search. */
const SHOW_ALL = Object.fromEntries(HIDING_FILTER_KEYS.map((key) => [key, undefined]));

/**
 * Under the toolbar (issue 33): a search whose matches the filters hide says how many (the board
 * call's `hiddenMatches`, "100+" past the API's cap) and offers them all. "Con otros ejecutivos"
 * when the executive filter alone hides them; "fuera de los filtros" otherwise. The status region
 * stays in place, so the count is announced when it appears.
 */
export function HiddenMatchesNotice({ filters, onChange }: HiddenMatchesNoticeProps) {
  const hidden = useBoard(filters).data?.hiddenMatches;
  const active = HIDING_FILTER_KEYS.filter((key) => filters[key]);
  const byVendor = active.length === 1 && filters.vendor && filters.vendor !== VENDOR_FILTER_NONE;
  const words = byVendor ? HIDDEN_MATCHES_LABELS.otherVendors : HIDDEN_MATCHES_LABELS.otherFilters;
  const showAll = () => {
    onChange(SHOW_ALL);
    // The button goes with the filters: the focus stays on the search it kept.
    document.querySelector<HTMLInputElement>('input[type="search"]')?.focus();
  };
  return (
    <div role="status" className="px-3 md:px-5">
      {hidden && hidden.count > 0 ? (
        <p className="mt-2 flex flex-wrap items-center gap-x-1.5 rounded-md bg-amber-50 px-3 py-1 text-sm text-amber-900">
          {words(`${hidden.count}${hidden.more ? '+' : ''}`)}
          <span aria-hidden>·</span>
          <button
            type="button"
            onClick={showAll}
            className="min-h-11 font-semibold text-indigo-700 underline md:min-h-0"
          >
            {HIDDEN_MATCHES_LABELS.showAll}
          </button>
        </p>
      ) : null}
    </div>
  );
}
