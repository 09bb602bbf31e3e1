import {
  DASHBOARD_LABELS,
  type Dashboard,
  formatDayRange,
  formatMoney,
  formatNumber,
  formatPercentChange,
  formatSignedNumber,
} from '@crm/shared';
import { BoardNumber, type BoardTarget } from './board-link';
import { CELL_CLASS, NUMBER_CELL_CLASS, Panel, TableHead, TABLE_CLASS } from './panel';

export type ClosedPanelProps = {
  closed: Dashboard['closed'];
  period: Dashboard['period'];
  /** From the settings (APP_CURRENCY); money waits for it. */
  currency: string | undefined;
  board: BoardTarget;
};

/**
 * "Cerradas": the requests closed in the period and their amount paid, beside the previous
 * period of the same length and the change ("+3", "-12 %"). The count opens CERRADO's board
 * under the executive.
 */
export function ClosedPanel({ closed, period, currency, board }: ClosedPanelProps) {
  const money = (amount: number) => (currency ? formatMoney(amount, currency) : '…');
  return (
    <Panel
      title={DASHBOARD_LABELS.closed}
      help={`${DASHBOARD_LABELS.previousPeriod}: ${formatDayRange(period.previousFrom, period.previousTo)}`}
    >
      <div className="overflow-x-auto">
        <table className={TABLE_CLASS}>
          <TableHead
            numbers={[
              DASHBOARD_LABELS.period,
              DASHBOARD_LABELS.previousPeriod,
              DASHBOARD_LABELS.change,
            ]}
          />
          <tbody>
            <tr>
              <th scope="row" className={`${CELL_CLASS} font-medium`}>
                {DASHBOARD_LABELS.closedCount}
              </th>
              <td className={`${NUMBER_CELL_CLASS} text-base`}>
                <BoardNumber target={board} what={DASHBOARD_LABELS.closedCount}>
                  {formatNumber(closed.count)}
                </BoardNumber>
              </td>
              <td className={NUMBER_CELL_CLASS}>{formatNumber(closed.previousCount)}</td>
              <td className={NUMBER_CELL_CLASS}>
                {formatSignedNumber(closed.count - closed.previousCount)}
              </td>
            </tr>
            <tr>
              <th scope="row" className={`${CELL_CLASS} font-medium`}>
                {DASHBOARD_LABELS.amountPaid}
              </th>
              <td className={`${NUMBER_CELL_CLASS} font-semibold text-slate-900`}>
                {money(closed.amount)}
              </td>
              <td className={NUMBER_CELL_CLASS}>{money(closed.previousAmount)}</td>
              <td className={NUMBER_CELL_CLASS}>
                {formatPercentChange(closed.amount, closed.previousAmount)}
              </td>
            </tr>
          </tbody>
        </table>
      </div>
    </Panel>
  );
}
