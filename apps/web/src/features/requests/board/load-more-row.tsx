import { APP_LABELS, BOARD_LABELS, formatNumber } from '@crm/shared';
import { ErrorText } from '../../../components/ui/status-text';

export type LoadMoreRowProps = {
  /** Cards the server holds beyond those loaded. */
  remaining: number;
  loading: boolean;
  /** The last "load more" failed: shown, and the button tries again. */
  errorMessage?: string;
  onLoadMore: () => void;
};

/**
 * The end of a column's loaded cards. Scrolling near it loads the next page by itself (see
 * ColumnCards); the button does the same for the keyboard, and after a failure.
 */
export function LoadMoreRow({ remaining, loading, errorMessage, onLoadMore }: LoadMoreRowProps) {
  return (
    <div className="mt-2 flex flex-col items-stretch gap-1">
      {errorMessage && !loading ? (
        <ErrorText message={errorMessage} className="px-1 text-xs" />
      ) : null}
      <button
        type="button"
        onClick={onLoadMore}
        disabled={loading}
        aria-busy={loading}
        // "Loading..." is the spec's English.
        lang={loading ? 'en' : undefined}
        className="rounded-md px-2 py-1.5 text-xs font-medium text-indigo-700 hover:bg-indigo-50 disabled:cursor-wait disabled:text-slate-500 disabled:hover:bg-transparent"
      >
        {loading ? APP_LABELS.loading : BOARD_LABELS.loadMore(formatNumber(remaining))}
      </button>
    </div>
  );
}
