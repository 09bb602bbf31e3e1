import { useCallback, useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router-dom';
import {
  ADMIN_ROLE,
  DASHBOARD_LABELS,
  VENDOR_FILTER_ME,
  type DashboardPeriodName,
} from '@crm/shared';
import { useDashboard } from '../../api/dashboard/get-dashboard';
import { currentUserQueryOptions } from '../../api/session/get-current-user';
import { useSettings } from '../../api/settings/get-settings';
import { useUsers } from '../../api/users/get-users';
import { Button } from '../../components/ui/button';
import { LoadingText } from '../../components/ui/status-text';
import { useSession } from '../../lib/session';
import type { BoardTarget } from './board-link';
import { ClosedPanel } from './closed-panel';
import { DashboardFilters } from './dashboard-filters';
import {
  dashboardQueryOf,
  readDashboardParams,
  writePeriod,
  writeVendor,
} from './dashboard-params';
import { FunnelPanel } from './funnel-panel';
import { OutcomesPanel } from './outcomes-panel';
import { StageTimesPanel } from './stage-times-panel';
import { TeamPanel } from './team-panel';
import { TodayPanel } from './today-panel';
import { WeeklyPanel } from './weekly-panel';

/**
 * /main/home "Inicio" (issue 22): how the pipeline is doing for a period, the signed-in
 * person's own requests or, for a system admin, the whole team's or one executive's. The
 * period and the executive live in the URL (each change a history entry: Back returns to the
 * previous one). "Para hoy" is the agenda's; every other panel comes from one call.
 */
export function HomePage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const search = searchParams.toString();
  const params = useMemo(() => readDashboardParams(new URLSearchParams(search)), [search]);
  // The layout reads the signed-in user and waits for it; here its answer is only read, so a
  // failed read is not retried behind the layout's back (§8: the non-admin view then stays).
  const session = useSession();
  const { data: user } = useQuery({
    ...currentUserQueryOptions(session?.userId ?? ''),
    enabled: false,
  });
  const isAdmin = user?.role === ADMIN_ROLE;
  const users = useUsers();
  const settings = useSettings();
  const currency = settings.data?.currency;
  const dashboard = useDashboard(dashboardQueryOf(params, isAdmin));

  const setPeriod = useCallback(
    (period: DashboardPeriodName, days?: { from: string; to: string }) =>
      setSearchParams((current) => writePeriod(current, period, days)),
    [setSearchParams],
  );
  const setVendor = useCallback(
    (vendor: string) => setSearchParams((current) => writeVendor(current, vendor)),
    [setSearchParams],
  );

  const data = dashboard.data;
  // The board under the same executive: one's own requests are the board's "Mis solicitudes".
  const board: BoardTarget = {
    vendor: data?.vendor ? (data.vendor === user?._id ? VENDOR_FILTER_ME : data.vendor) : undefined,
  };

  return (
    <div className="mx-auto max-w-6xl space-y-5 p-3 sm:p-4 md:p-8">
      <h1 className="text-2xl font-bold tracking-tight text-slate-900">{DASHBOARD_LABELS.title}</h1>
      <DashboardFilters
        // A new URL (a choice applied, Back) starts the selector again from it.
        key={search}
        params={params}
        days={data?.period}
        executives={isAdmin ? (users.data ?? []) : undefined}
        onPeriod={setPeriod}
        onVendor={setVendor}
      />
      <div className="grid grid-cols-1 items-start gap-4 lg:grid-cols-2">
        <TodayPanel />
        {dashboard.isError ? (
          <div role="alert" className="space-y-2 rounded-lg bg-white p-4 ring-1 ring-red-200">
            <p className="text-sm text-red-700">{DASHBOARD_LABELS.loadFailed}</p>
            <Button variant="secondary" onClick={() => void dashboard.refetch()}>
              {DASHBOARD_LABELS.retry}
            </Button>
          </div>
        ) : !data ? (
          <LoadingText className="p-4 text-sm" />
        ) : (
          // Another period's figures on their way: the current ones stay, dimmed.
          <div
            aria-busy={dashboard.isPlaceholderData}
            className={`contents ${dashboard.isPlaceholderData ? '[&>section]:opacity-60' : ''}`}
          >
            <FunnelPanel funnel={data.funnel} board={board} />
            <WeeklyPanel weekly={data.weekly} />
            <StageTimesPanel stageTimes={data.stageTimes} />
            <ClosedPanel
              closed={data.closed}
              period={data.period}
              currency={currency}
              board={board}
            />
            <OutcomesPanel
              outcomes={data.outcomes}
              pipeline={data.pipeline}
              currency={currency}
              board={board}
            />
            {data.team ? <TeamPanel team={data.team} currency={currency} /> : null}
          </div>
        )}
      </div>
    </div>
  );
}
