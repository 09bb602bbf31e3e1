import { History } from 'lucide-react';
import { SESSION_MESSAGES, type RequestHistory, type User } from '@crm/shared';
import type { UseQueryResult } from '@tanstack/react-query';
import { hasFailed, LoadError } from '../../../components/ui/load-error';
import { LoadingText } from '../../../components/ui/status-text';
import { describeEntry } from './history-text';

type Person = Pick<User, '_id' | 'name' | 'lastName'>;

export type HistoryTimelineProps = {
  history: UseQueryResult<RequestHistory>;
  users: readonly Person[];
};

/**
 * "Historial": who moved, assigned or changed notes of the request, and when, newest first
 * (issue 12). Folded by default so the form stays short.
 */
export function HistoryTimeline({ history, users }: HistoryTimelineProps) {
  const entries = history.data?.entries ?? [];
  return (
    <details className="group rounded-md ring-1 ring-slate-200">
      <summary className="flex cursor-pointer items-center gap-2 px-3 py-2 text-sm font-semibold text-slate-900">
        <History className="size-4 text-slate-500" aria-hidden />
        Historial
        {history.data ? (
          <span className="text-xs font-normal text-slate-500">({entries.length})</span>
        ) : null}
      </summary>
      <div className="border-t border-slate-200 px-3 py-2 text-sm">
        {history.isError || hasFailed(history) ? (
          <LoadError
            message={SESSION_MESSAGES.fetchFailed}
            onRetry={() => void history.refetch()}
            retrying={history.isFetching}
          />
        ) : !history.data ? (
          <LoadingText />
        ) : entries.length === 0 ? (
          <p className="text-slate-500">Todavía no hay cambios registrados.</p>
        ) : (
          <ol aria-label="Historial" className="relative space-y-2 border-l border-slate-200 pl-4">
            {entries.map((entry, index) => (
              <li key={`${entry.at}-${index}`} className="relative text-slate-700">
                <span
                  aria-hidden
                  className="absolute top-1.5 -left-[1.3rem] size-2 rounded-full bg-indigo-400"
                />
                {describeEntry(entry, users)}
              </li>
            ))}
          </ol>
        )}
      </div>
    </details>
  );
}
