import { useState } from 'react';
import { DASHBOARD_LABELS, type Dashboard, formatLongDay, formatNumber } from '@crm/shared';
import { Button } from '../../components/ui/button';
import { CELL_CLASS, NUMBER_CELL_CLASS, Panel, TableHead, TABLE_CLASS } from './panel';
import { WeeklyChart } from './weekly-chart';

export type WeeklyPanelProps = { weekly: Dashboard['weekly'] };

/**
 * "Nuevas solicitudes por semana": the last 12 weeks by source, as a chart or, one toggle away,
 * as a table with the same numbers (for a screen reader, or to read them exactly). No board
 * link: the board has no date filter.
 */
export function WeeklyPanel({ weekly }: WeeklyPanelProps) {
  const [asTable, setAsTable] = useState(false);
  return (
    <Panel
      title={DASHBOARD_LABELS.weekly}
      action={
        <Button
          variant="secondary"
          className="px-2.5 py-1 text-xs"
          onClick={() => setAsTable((shown) => !shown)}
        >
          {asTable ? DASHBOARD_LABELS.showChart : DASHBOARD_LABELS.showTable}
        </Button>
      }
    >
      {asTable ? <WeeklyTable weekly={weekly} /> : <WeeklyChart weekly={weekly} />}
    </Panel>
  );
}

function WeeklyTable({ weekly }: WeeklyPanelProps) {
  return (
    <table className={TABLE_CLASS}>
      <caption className="sr-only">{DASHBOARD_LABELS.weekly}</caption>
      <TableHead
        first={DASHBOARD_LABELS.week}
        numbers={[DASHBOARD_LABELS.website, DASHBOARD_LABELS.otherSources, DASHBOARD_LABELS.total]}
      />
      <tbody>
        {weekly.map(({ weekStart, website, other }) => (
          <tr key={weekStart}>
            <th scope="row" className={`${CELL_CLASS} font-normal`}>
              {formatLongDay(weekStart)}
            </th>
            <td className={NUMBER_CELL_CLASS}>{formatNumber(website)}</td>
            <td className={NUMBER_CELL_CLASS}>{formatNumber(other)}</td>
            <td className={`${NUMBER_CELL_CLASS} font-semibold`}>
              {formatNumber(website + other)}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
