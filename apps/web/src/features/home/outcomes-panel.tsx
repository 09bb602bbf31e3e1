import {
  DASHBOARD_LABELS,
  OUTCOME_LABELS,
  type Dashboard,
  formatMoney,
  formatNumber,
  formatShare,
} from '@crm/shared';
import { BoardNumber, type BoardTarget } from './board-link';

import { Panel } from './panel';

export type OutcomesPanelProps = {
  outcomes: Dashboard['outcomes'];
  pipeline: Dashboard['pipeline'];
  currency: string | undefined;
  board: BoardTarget;
};

const TERM_CLASS = 'text-xs text-slate-600';
const VALUE_CLASS = 'text-lg font-semibold text-slate-900 tabular-nums';
const PIPELINE_HELP_ID = 'period-pipeline-help';

/**
 * "Ganadas y perdidas" (issue 21 on Inicio): the period's closed requests won, lost and not said
 * (each opening CERRADO under the executive and that "Resultado"), the success rate
 * won/(won+lost), the lost reasons most first; then the open pipeline of the requests created
 * in the period and its weighted forecast (dashboard/figures.ts pipelineQuery: the expected
 * values of the requests created in the period that are still open; named for that, issue 33).
 */
export function OutcomesPanel({ outcomes, pipeline, currency, board }: OutcomesPanelProps) {
  const { won, lost, none, lostReasons } = outcomes;
  const counts = [
    { outcome: 'won', label: OUTCOME_LABELS.filters.won, count: won },
    { outcome: 'lost', label: OUTCOME_LABELS.filters.lost, count: lost },
    { outcome: 'none', label: OUTCOME_LABELS.filters.none, count: none },
  ] as const;
  const money = (amount: number) => (currency ? formatMoney(amount, currency) : '…');
  return (
    <Panel title={DASHBOARD_LABELS.outcomes}>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        {counts.map(({ outcome, label, count }) => (
          <div key={outcome}>
            <dt className={TERM_CLASS}>{label}</dt>
            <dd className="text-lg">
              <BoardNumber target={{ ...board, outcome }} what={label}>
                {formatNumber(count)}
              </BoardNumber>
            </dd>
          </div>
        ))}
        <div>
          <dt className={TERM_CLASS}>{DASHBOARD_LABELS.winRate}</dt>
          <dd className={VALUE_CLASS}>{formatShare(won, won + lost)}</dd>
        </div>
      </dl>
      <h3 className="mt-4 text-sm font-semibold text-slate-800">{DASHBOARD_LABELS.lostReasons}</h3>
      {lostReasons.length === 0 ? (
        <p className="mt-1 text-sm text-slate-600">{DASHBOARD_LABELS.noLostReasons}</p>
      ) : (
        <ol className="mt-1 space-y-1 text-sm text-slate-700">
          {lostReasons.map(({ reason, count }) => (
            <li key={reason} className="flex justify-between gap-3 border-b border-slate-100 pb-1">
              <span className="min-w-0 break-words">{reason}</span>
              <span className="tabular-nums">{formatNumber(count)}</span>
            </li>
          ))}
        </ol>
      )}
      {/* Issue 33: not the board's "Pipeline abierto" (every open request), so not its name. */}
      <dl className="mt-4 grid grid-cols-2 gap-3" aria-describedby={PIPELINE_HELP_ID}>
        <div>
          <dt className={TERM_CLASS}>{DASHBOARD_LABELS.periodPipeline}</dt>
          <dd className={VALUE_CLASS}>{money(pipeline.total)}</dd>
        </div>
        <div>
          <dt className={TERM_CLASS}>{DASHBOARD_LABELS.periodForecast}</dt>
          <dd className={VALUE_CLASS}>{money(pipeline.forecast)}</dd>
        </div>
      </dl>
      <p id={PIPELINE_HELP_ID} className="mt-1 text-xs text-slate-600">
        {DASHBOARD_LABELS.periodPipelineHelp}
      </p>
    </Panel>
  );
}
