import { useId } from 'react';
import { Link } from 'react-router-dom';
import { ACTIVITY_MESSAGES, AGENDA_LABELS, DASHBOARD_LABELS, type AgendaBucket } from '@crm/shared';
import { useAgenda } from '../../api/activities/get-agenda';
import { hasFailed, LoadError } from '../../components/ui/load-error';
import { LoadingText } from '../../components/ui/status-text';
import { AGENDA_PATH, AgendaRows } from '../agenda';
import { Panel } from './panel';

/**
 * "Para hoy": the caller's overdue and today's activities, as the agenda lists them (its rows:
 * each opens its request, "Completar" completes it in place). The rest is one link away.
 */
export function TodayPanel() {
  const ranges = [
    { due: 'overdue', title: AGENDA_LABELS.overdue, query: useAgenda('overdue') },
    { due: 'today', title: AGENDA_LABELS.today, query: useAgenda('today') },
  ] as const;
  const nothingDue = ranges.every(
    ({ query }) => query.isSuccess && query.data.pages.every((page) => page.items.length === 0),
  );
  const more = ranges.some(({ query }) => query.hasNextPage);
  return (
    <Panel title={DASHBOARD_LABELS.today}>
      {nothingDue ? (
        <p className="text-sm text-slate-600">{DASHBOARD_LABELS.todayEmpty}</p>
      ) : (
        <div className="space-y-4">
          {ranges.map(({ due, title, query }) => (
            <TodayRange key={due} due={due} title={title} query={query} />
          ))}
        </div>
      )}
      {more ? (
        <Link
          to={AGENDA_PATH}
          className="mt-3 inline-block text-sm font-medium text-indigo-700 underline-offset-2 hover:underline"
        >
          {AGENDA_LABELS.title}
        </Link>
      ) : null}
    </Panel>
  );
}

type TodayRangeProps = {
  due: AgendaBucket;
  title: string;
  query: ReturnType<typeof useAgenda>;
};

/** "Vencidas" or "Hoy": the first page of the range (the agenda pages the rest). */
function TodayRange({ due, title, query }: TodayRangeProps) {
  const headingId = useId();
  const items = query.data?.pages[0]?.items ?? [];
  return (
    <div className="space-y-2">
      <h3 id={headingId} className="text-sm font-semibold text-slate-800">
        {title}
      </h3>
      {hasFailed(query) ? (
        <LoadError
          message={query.error?.message ?? ACTIVITY_MESSAGES.loadFailed}
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        />
      ) : query.isPending ? (
        <LoadingText />
      ) : items.length === 0 ? (
        <p className="text-sm text-slate-600">{AGENDA_LABELS.emptyBucket}</p>
      ) : (
        <AgendaRows items={items} due={due} labelledBy={headingId} />
      )}
    </div>
  );
}
