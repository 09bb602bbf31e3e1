import { useState } from 'react';
import {
  DASHBOARD_LABELS,
  type DashboardTeamRow,
  APP_LABELS,
  formatMoney,
  formatNumber,
} from '@crm/shared';
import { BoardNumber, boardVendorOf } from './board-link';
import {
  CELL_CLASS,
  HEAD_CELL_CLASS,
  NUMBER_CELL_CLASS,
  NUMBER_HEAD_CLASS,
  Panel,
  TABLE_CLASS,
} from './panel';

type Column = 'name' | 'open' | 'stale' | 'closed' | 'amount';
type Sort = { column: Column; direction: 'ascending' | 'descending' };

const COLUMNS: readonly { column: Column; label: string }[] = [
  { column: 'name', label: DASHBOARD_LABELS.executive },
  { column: 'open', label: DASHBOARD_LABELS.open },
  { column: 'stale', label: DASHBOARD_LABELS.stale },
  { column: 'closed', label: DASHBOARD_LABELS.closed },
  { column: 'amount', label: DASHBOARD_LABELS.amountPaid },
];

const nameOf = (row: DashboardTeamRow) => row.vendor?.name ?? APP_LABELS.noVendor;
const NAME_ORDER = new Intl.Collator('es-CL', { sensitivity: 'base' });

/** Rows in a column's order; ties by name, so the order never depends on the answer's. */
function sortTeam(rows: readonly DashboardTeamRow[], { column, direction }: Sort) {
  const sign = direction === 'ascending' ? 1 : -1;
  return [...rows].sort((a, b) => {
    const byColumn =
      column === 'name' ? NAME_ORDER.compare(nameOf(a), nameOf(b)) : a[column] - b[column];
    return sign * byColumn || NAME_ORDER.compare(nameOf(a), nameOf(b));
  });
}

export type TeamPanelProps = {
  team: readonly DashboardTeamRow[];
  currency: string | undefined;
};

/**
 * "Equipo" (a system admin's whole-team view): per executive ("Sin ejecutivo" for the
 * unassigned), open and stale requests now, and closed in the period with their amount paid.
 * Each column header sorts by it (again: the other way). Open and closed counts open the board
 * under that executive; stale has no board filter, so it is plain.
 */
export function TeamPanel({ team, currency }: TeamPanelProps) {
  const [sort, setSort] = useState<Sort>({ column: 'name', direction: 'ascending' });
  const sortBy = (column: Column) =>
    setSort((current) =>
      current.column === column
        ? {
            column,
            direction: current.direction === 'ascending' ? 'descending' : 'ascending',
          }
        : // Names from A, figures from the largest: what one looks for first.
          { column, direction: column === 'name' ? 'ascending' : 'descending' },
    );
  return (
    <Panel title={DASHBOARD_LABELS.team} className="lg:col-span-2">
      {team.length === 0 ? (
        <p className="text-sm text-slate-600">{DASHBOARD_LABELS.noData}</p>
      ) : (
        <div className="overflow-x-auto">
          <table className={TABLE_CLASS}>
            <thead>
              <tr>
                {COLUMNS.map(({ column, label }) => (
                  <th
                    key={column}
                    scope="col"
                    aria-sort={sort.column === column ? sort.direction : undefined}
                    className={column === 'name' ? HEAD_CELL_CLASS : NUMBER_HEAD_CLASS}
                  >
                    <button
                      type="button"
                      onClick={() => sortBy(column)}
                      className="inline-flex items-center gap-1 rounded-sm font-medium hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-indigo-600"
                    >
                      {label}
                      <span aria-hidden className="w-3 text-slate-500">
                        {sort.column === column ? (sort.direction === 'ascending' ? '▲' : '▼') : ''}
                      </span>
                    </button>
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {sortTeam(team, sort).map((row) => {
                const name = nameOf(row);
                const vendor = boardVendorOf(row.vendor?._id ?? null, row.vendor === null);
                return (
                  <tr key={row.vendor?._id ?? 'none'}>
                    <th scope="row" className={`${CELL_CLASS} font-medium text-slate-900`}>
                      {name}
                    </th>
                    <td className={NUMBER_CELL_CLASS}>
                      <BoardNumber target={{ vendor }} what={`${name}, ${DASHBOARD_LABELS.open}`}>
                        {formatNumber(row.open)}
                      </BoardNumber>
                    </td>
                    <td className={NUMBER_CELL_CLASS}>{formatNumber(row.stale)}</td>
                    <td className={NUMBER_CELL_CLASS}>
                      <BoardNumber target={{ vendor }} what={`${name}, ${DASHBOARD_LABELS.closed}`}>
                        {formatNumber(row.closed)}
                      </BoardNumber>
                    </td>
                    <td className={NUMBER_CELL_CLASS}>
                      {currency ? formatMoney(row.amount, currency) : '…'}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </Panel>
  );
}
