import {
  columnTitleOf,
  DASHBOARD_LABELS,
  type Dashboard,
  NO_VALUE,
  formatNumber,
  formatShare,
} from '@crm/shared';
import { BoardNumber, type BoardTarget } from './board-link';
import { CELL_CLASS, NUMBER_CELL_CLASS, Panel, TableHead, TABLE_CLASS } from './panel';

export type FunnelPanelProps = {
  funnel: Dashboard['funnel'];
  /** The board under the dashboard's executive. */
  board: BoardTarget;
};

/**
 * "Embudo": of the requests created in the period, how many got at least as far as each stage,
 * and the share of the previous stage's that did. A table, each row with a bar drawn to scale
 * (decoration: the numbers are in the cells). Each count opens the board under the executive.
 */
export function FunnelPanel({ funnel, board }: FunnelPanelProps) {
  const created = funnel[0]?.reached ?? 0;
  return (
    <Panel title={DASHBOARD_LABELS.funnel} help={DASHBOARD_LABELS.funnelHelp}>
      {created === 0 ? (
        <p className="text-sm text-slate-600">{DASHBOARD_LABELS.noData}</p>
      ) : (
        <table className={TABLE_CLASS}>
          <TableHead
            first={DASHBOARD_LABELS.stage}
            numbers={[DASHBOARD_LABELS.reached, DASHBOARD_LABELS.conversion]}
          />
          <tbody>
            {funnel.map(({ status, reached }, index) => {
              const previous = funnel[index - 1];
              const title = columnTitleOf(status);
              return (
                <tr key={status}>
                  <th scope="row" className={`${CELL_CLASS} font-medium`}>
                    <span className="block text-xs">{title}</span>
                    <span
                      aria-hidden
                      className="mt-1 block h-2 rounded-sm bg-indigo-600"
                      style={{ width: `${Math.max(2, (reached / created) * 100)}%` }}
                    />
                  </th>
                  <td className={NUMBER_CELL_CLASS}>
                    <BoardNumber target={board} what={title}>
                      {formatNumber(reached)}
                    </BoardNumber>
                  </td>
                  <td className={NUMBER_CELL_CLASS}>
                    {previous ? formatShare(reached, previous.reached) : NO_VALUE}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
    </Panel>
  );
}
