import { RotateCw } from 'lucide-react';
import { OUTAGE_LABELS } from '@crm/shared';
import { Spinner } from './spinner';
import { ErrorText } from './status-text';

/** What of a query (TanStack's result) tells whether it failed. */
export type QueryFailureState = {
  data: unknown;
  error: Error | null;
  isFetching: boolean;
  errorUpdateCount: number;
};

/**
 * Whether a query without data has failed, also while it tries again: a new attempt puts it back
 * to "pending" without its error, and its error with "Reintentar" should stay (saying
 * "Reintentando…") rather than give way to "Loading..." and take the focus with them.
 */
export const hasFailed = (query: QueryFailureState): boolean =>
  query.data === undefined &&
  (query.error !== null || (query.isFetching && query.errorUpdateCount > 0));

export type LoadErrorProps = {
  /**
   * What failed, in the spec's words ("Error: " is added, §8). While a new attempt runs the
   * query has no error: give the list's usual failure message then.
   */
  message: string;
  /** Asks again (the failed query's refetch). */
  onRetry: () => void;
  /** The new attempt is under way: the button says so and ignores clicks. */
  retrying?: boolean;
  className?: string;
};

/**
 * A list that failed to load: its error (§8) and "Reintentar". While the new attempt runs the
 * button stays focusable (a disabled button would drop the focus to the page) and only says
 * "Reintentando…". The error keeps its full colour: never dim it with what it replaces.
 */
export function LoadError({ message, onRetry, retrying = false, className = '' }: LoadErrorProps) {
  return (
    <div className={`flex flex-wrap items-center gap-x-3 gap-y-1.5 ${className}`}>
      <ErrorText message={message} className="text-sm" />
      <button
        type="button"
        onClick={() => {
          if (!retrying) onRetry();
        }}
        aria-disabled={retrying || undefined}
        className="inline-flex min-h-8 items-center gap-1.5 rounded-md bg-white px-2.5 py-1 text-sm font-semibold text-indigo-700 shadow-xs ring-1 ring-slate-300 ring-inset hover:bg-indigo-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 aria-disabled:cursor-wait aria-disabled:hover:bg-white"
      >
        {retrying ? <Spinner /> : <RotateCw className="size-4" aria-hidden />}
        {retrying ? OUTAGE_LABELS.retrying : OUTAGE_LABELS.retry}
      </button>
    </div>
  );
}
