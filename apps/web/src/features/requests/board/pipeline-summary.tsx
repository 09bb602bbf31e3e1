import {
  OUTCOME_LABELS,
  pipelineOf,
  type BoardFilters,
  type WinProbability,
  formatMoney,
  BOARD_LABELS,
} from '@crm/shared';
import { useColumnTotals } from '../../../api/requests/get-column';

export type PipelineSummaryProps = {
  filters: BoardFilters;
  /** From the settings; nothing is shown until they are read. */
  currency: string | undefined;
  winProbability: WinProbability | undefined;
};

/**
 * Above the columns (issue 21): the open stages' expected value under the board's filters
 * ("Pipeline abierto": every open request the filters show, whenever it was created) and that
 * value weighted by each stage's win probability ("Pronóstico ponderado"), from the columns'
 * totals as the cache keeps them (the API's board.service.ts totals). Inicio's figure counts only
 * the requests created in its period and is named for that (issue 33); each says what it counts
 * in its tooltip.
 */
export function PipelineSummary({ filters, currency, winProbability }: PipelineSummaryProps) {
  const totals = useColumnTotals(filters);
  if (!totals || !currency || !winProbability) return null;
  const { total, forecast } = pipelineOf(totals, winProbability);
  return (
    <dl
      aria-label={BOARD_LABELS.pipeline}
      className="flex flex-wrap gap-x-5 gap-y-1 px-3 pt-2 text-xs text-slate-600 md:px-5"
    >
      <div className="flex gap-1" title={OUTCOME_LABELS.pipelineHelp}>
        <dt>{OUTCOME_LABELS.pipelineTotal}:</dt>
        <dd className="font-semibold text-slate-900 tabular-nums">
          {formatMoney(total, currency)}
        </dd>
      </div>
      <div className="flex gap-1" title={OUTCOME_LABELS.forecastHelp}>
        <dt>{OUTCOME_LABELS.forecast}:</dt>
        <dd className="font-semibold text-slate-900 tabular-nums">
          {formatMoney(forecast, currency)}
        </dd>
      </div>
    </dl>
  );
}
