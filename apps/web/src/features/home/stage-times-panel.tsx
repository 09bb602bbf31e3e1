import {
  columnTitleOf,
  DASHBOARD_LABELS,
  type Dashboard,
  formatDecimal,
  formatNumber,
} from '@crm/shared';
import { CELL_CLASS, NUMBER_CELL_CLASS, Panel, TableHead, TABLE_CLASS } from './panel';

export type StageTimesPanelProps = { stageTimes: Dashboard['stageTimes'] };

/**
 * "Tiempo en cada etapa": per open stage, how many requests left it in the period and the
 * median and 90th percentile of the days they had spent in it ("—": none left). No board link:
 * the board can't show stays that ended.
 */
export function StageTimesPanel({ stageTimes }: StageTimesPanelProps) {
  return (
    <Panel title={DASHBOARD_LABELS.stageTimes} help={DASHBOARD_LABELS.stageTimesHelp}>
      <table className={TABLE_CLASS}>
        <TableHead
          first={DASHBOARD_LABELS.stage}
          numbers={[DASHBOARD_LABELS.left, DASHBOARD_LABELS.median, DASHBOARD_LABELS.p90]}
        />
        <tbody>
          {stageTimes.map(({ status, count, medianDays, p90Days }) => (
            <tr key={status}>
              <th scope="row" className={`${CELL_CLASS} text-xs font-medium`}>
                {columnTitleOf(status)}
              </th>
              <td className={NUMBER_CELL_CLASS}>{formatNumber(count)}</td>
              <td className={NUMBER_CELL_CLASS}>{formatDecimal(medianDays)}</td>
              <td className={NUMBER_CELL_CLASS}>{formatDecimal(p90Days)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </Panel>
  );
}
