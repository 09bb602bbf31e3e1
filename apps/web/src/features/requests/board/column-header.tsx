import { Plus } from 'lucide-react';
import { BULK_LABELS, OUTCOME_LABELS, formatMoney, formatNumber, BOARD_LABELS } from '@crm/shared';
import { IconButton } from '../../../components/ui/button';

export type ColumnHeaderProps = {
  headingId: string;
  title: string;
  /** The column's total under the filters, from the server; undefined while unknown. */
  count: number | undefined;
  /** The sum of its expected values under the filters (issue 21), and the currency to show it in. */
  totalValue: number | undefined;
  /** CERRADO's (issue 33): won and lost apart, shown instead of their sum. */
  outcomeValues?: { won: number; lost: number } | undefined;
  currency: string | undefined;
  /** Only the "new request" column has the "+" button (§2). */
  onCreate?: () => void;
  /** Issue 24's "Seleccionar la columna": its loaded cards (absent while it has none). */
  selectColumn?: { checked: boolean; selecting: boolean; onChange: () => void };
};

/**
 * A column's sticky header: the stage title, its count, its "Total estimado" (issue 21; CERRADO
 * shows its won and lost apart instead, issue 33) and, in NUEVA SOLICITUD, "+".
 */
export function ColumnHeader({
  headingId,
  title,
  count,
  totalValue,
  outcomeValues,
  currency,
  onCreate,
  selectColumn,
}: ColumnHeaderProps) {
  return (
    // The square band behind the rounded header has the board's colour: stuck at the board's
    // top edge, its corners then hide the cards scrolling beneath instead of showing them.
    <div className="sticky top-0 z-10 bg-slate-50">
      <header className="group flex min-h-11 items-center justify-between gap-1.5 rounded-t-xl bg-slate-100 px-2.5 py-1.5">
        <div className="flex min-w-0 flex-wrap items-center gap-x-1.5 gap-y-0.5">
          <h2 id={headingId} className="text-[11px] leading-tight font-bold text-slate-700">
            {title}
          </h2>
          {count === undefined ? null : (
            <span
              className="rounded-full bg-white px-1.5 py-px text-[11px] font-medium text-slate-600 tabular-nums ring-1 ring-slate-200"
              aria-label={BOARD_LABELS.count(count)}
            >
              {formatNumber(count)}
            </span>
          )}
          {!currency ? null : outcomeValues ? (
            // Won and lost never add up (issue 33): each its own figure, what it counts in the title.
            <span
              className="flex flex-wrap gap-x-1.5 text-[11px] font-medium tabular-nums"
              title={OUTCOME_LABELS.closedTotalHelp}
            >
              <span className="text-emerald-800">
                {OUTCOME_LABELS.closedWon} {formatMoney(outcomeValues.won, currency)}
              </span>
              <span className="text-red-800">
                {OUTCOME_LABELS.closedLost} {formatMoney(outcomeValues.lost, currency)}
              </span>
            </span>
          ) : totalValue === undefined ? null : (
            <span
              className="text-[11px] font-medium text-slate-700 tabular-nums"
              title={OUTCOME_LABELS.columnTotal}
            >
              <span className="sr-only">{OUTCOME_LABELS.columnTotal}: </span>
              {formatMoney(totalValue, currency)}
            </span>
          )}
        </div>
        {selectColumn ? (
          <label
            title={BULK_LABELS.selectColumn}
            className={`ml-auto flex shrink-0 cursor-pointer p-1 max-md:min-h-11 max-md:min-w-11 max-md:items-center max-md:justify-center ${
              selectColumn.checked || selectColumn.selecting
                ? ''
                : 'opacity-0 group-focus-within:opacity-100 group-hover:opacity-100 pointer-coarse:opacity-100'
            }`}
          >
            <input
              type="checkbox"
              checked={selectColumn.checked}
              onChange={selectColumn.onChange}
              aria-label={`${BULK_LABELS.selectColumn} ${title}`}
              className="size-3.5 accent-indigo-600"
            />
          </label>
        ) : null}
        {onCreate ? (
          <IconButton
            label={BOARD_LABELS.create}
            onClick={onCreate}
            className="shrink-0 bg-indigo-600 p-1 text-white hover:bg-indigo-500 hover:text-white"
          >
            <Plus className="size-4" aria-hidden />
          </IconButton>
        ) : null}
      </header>
    </div>
  );
}
