import { useId, useState, type FormEvent } from 'react';
import {
  DASHBOARD_LABELS,
  DASHBOARD_PERIODS,
  type DashboardPeriodName,
  type User,
  formatDayRange,
} from '@crm/shared';
import { Button } from '../../components/ui/button';
import { fullName } from '../../lib/format';
import { customPeriodOf, type DashboardParams } from './dashboard-params';

export type DashboardFiltersProps = {
  params: DashboardParams;
  /** The days the figures are for, from the answer (shown under the selector). */
  days: { from: string; to: string } | undefined;
  /** A system admin's executive picker: the users to choose from; undefined: no picker. */
  executives: readonly User[] | undefined;
  onPeriod: (period: DashboardPeriodName, days?: { from: string; to: string }) => void;
  onVendor: (vendor: string) => void;
};

const FIELD_CLASS =
  'block rounded-md border-0 bg-white py-1.5 pr-8 pl-2.5 text-sm text-slate-900 shadow-xs ring-1 ring-slate-300 ring-inset focus:ring-2 focus:ring-indigo-600 focus:ring-inset';
const LABEL_CLASS = 'mb-1 block text-xs font-medium text-slate-700';

/**
 * The period ("Esta semana" … "Personalizado" with "Desde"/"Hasta" and "Aplicar") and, for a
 * system admin, the executive ("Todo el equipo" or one person), both kept in the URL by the
 * page. Remounted by the page when the URL changes, so Back shows its choice again.
 */
export function DashboardFilters({
  params,
  days,
  executives,
  onPeriod,
  onVendor,
}: DashboardFiltersProps) {
  const periodId = useId();
  const vendorId = useId();
  const fromId = useId();
  const toId = useId();
  const errorId = useId();
  // "Personalizado" is applied with its days: until then it is only chosen here.
  const [choice, setChoice] = useState<DashboardPeriodName>(params.period);
  const [from, setFrom] = useState(params.from ?? days?.from ?? '');
  const [to, setTo] = useState(params.to ?? days?.to ?? '');
  const [invalid, setInvalid] = useState(false);

  const choose = (period: DashboardPeriodName) => {
    setChoice(period);
    if (period !== 'custom') onPeriod(period);
    // Starting from the days shown, the custom range is one change away from them.
    else if (days && !from && !to) {
      setFrom(days.from);
      setTo(days.to);
    }
  };
  const apply = (event: FormEvent) => {
    event.preventDefault();
    const custom = customPeriodOf(from, to);
    setInvalid(custom === null);
    if (custom) onPeriod('custom', custom);
  };

  return (
    <div className="space-y-1.5">
      <div className="flex flex-wrap items-end gap-3">
        <div>
          <label htmlFor={periodId} className={LABEL_CLASS}>
            {DASHBOARD_LABELS.period}
          </label>
          <select
            id={periodId}
            value={choice}
            onChange={(event) => choose(event.target.value as DashboardPeriodName)}
            className={FIELD_CLASS}
          >
            {DASHBOARD_PERIODS.map((period) => (
              <option key={period} value={period}>
                {DASHBOARD_LABELS.periods[period]}
              </option>
            ))}
          </select>
        </div>
        {choice === 'custom' ? (
          <form
            onSubmit={apply}
            noValidate
            className="flex flex-wrap items-end gap-3"
            aria-label={DASHBOARD_LABELS.periods.custom}
          >
            <div>
              <label htmlFor={fromId} className={LABEL_CLASS}>
                {DASHBOARD_LABELS.from}
              </label>
              <input
                id={fromId}
                type="date"
                value={from}
                onChange={(event) => setFrom(event.target.value)}
                aria-invalid={invalid || undefined}
                aria-describedby={invalid ? errorId : undefined}
                className={`${FIELD_CLASS} pr-2.5`}
              />
            </div>
            <div>
              <label htmlFor={toId} className={LABEL_CLASS}>
                {DASHBOARD_LABELS.to}
              </label>
              <input
                id={toId}
                type="date"
                value={to}
                onChange={(event) => setTo(event.target.value)}
                aria-invalid={invalid || undefined}
                aria-describedby={invalid ? errorId : undefined}
                className={`${FIELD_CLASS} pr-2.5`}
              />
            </div>
            <Button type="submit" variant="secondary" className="py-1.5">
              {DASHBOARD_LABELS.apply}
            </Button>
          </form>
        ) : null}
        {executives ? (
          <div>
            <label htmlFor={vendorId} className={LABEL_CLASS}>
              {DASHBOARD_LABELS.executive}
            </label>
            <select
              id={vendorId}
              value={params.vendor ?? ''}
              onChange={(event) => onVendor(event.target.value)}
              className={`${FIELD_CLASS} max-w-64`}
            >
              <option value="">{DASHBOARD_LABELS.wholeTeam}</option>
              {executives.map((user) => (
                <option key={user._id} value={user._id}>
                  {fullName(user)}
                </option>
              ))}
            </select>
          </div>
        ) : null}
      </div>
      {invalid ? (
        <p id={errorId} role="alert" className="text-sm text-red-700">
          {DASHBOARD_LABELS.invalidRange}
        </p>
      ) : null}
      {days ? (
        <p className="text-sm text-slate-600" data-testid="dashboard-days">
          {formatDayRange(days.from, days.to)}
        </p>
      ) : null}
    </div>
  );
}
