import { useCallback, useSyncExternalStore } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Inbox } from 'lucide-react';
import { BOARD_COLUMNS, VENDOR_FILTER_ME, type BoardFilters } from '@crm/shared';
import { columnQueryKey, type ColumnData } from '../../../api/requests/query-keys';
import { EMPTY_BOARD_LABELS as T } from '../../../lib/labels';

export type EmptyBoardGuideProps = {
  filters: BoardFilters;
  isAdmin: boolean;
  /** Opens "Crear solicitud" (the board's own dialog). */
  onCreate: () => void;
};

/**
 * How many requests the five columns hold under `filters`, as the cache has them (the board
 * call's counts, then kept by board-cache.ts after a create, a move or a delete): no call of its
 * own. Undefined until every column is known.
 */
function useBoardCount(filters: BoardFilters): number | undefined {
  const queryClient = useQueryClient();
  const subscribe = useCallback(
    (listener: () => void) => queryClient.getQueryCache().subscribe(listener),
    [queryClient],
  );
  const snapshot = useCallback(() => {
    let sum = 0;
    for (const { status } of BOARD_COLUMNS) {
      const count = queryClient
        .getQueryData<ColumnData>(columnQueryKey(filters, status))
        ?.pages.at(-1)?.count;
      if (count === undefined) return undefined;
      sum += count;
    }
    return sum;
  }, [queryClient, filters]);
  return useSyncExternalStore(subscribe, snapshot);
}

/**
 * Issue 33 item 11: the board when there is nothing at all to show says what to do first. A
 * vendor (or driver) with no request of their own (no filter but "Mis solicitudes", or none):
 * create the first one; assigned ones appear by themselves. A system admin with an empty board
 * and no filter: where requests come from (the website form, "Importar", "+") and that assigning
 * them is theirs. Any other filter on: nothing here (the filters hide things, the board is not
 * empty).
 */
export function EmptyBoardGuide({ filters, isAdmin, onCreate }: EmptyBoardGuideProps) {
  const count = useBoardCount(filters);
  const { vendor, ...others } = filters;
  const filtered = Object.values(others).some(Boolean);
  const mine = !vendor || (!isAdmin && vendor === VENDOR_FILTER_ME);
  if (count !== 0 || filtered || !mine) return null;
  return (
    <section
      aria-labelledby="empty-board-title"
      className="mx-3 mt-3 flex gap-3 rounded-lg bg-indigo-50 px-4 py-3 text-sm text-slate-800 ring-1 ring-indigo-200 md:mx-5"
    >
      <Inbox className="mt-0.5 size-5 shrink-0 text-indigo-600" aria-hidden />
      {isAdmin ? (
        <div className="space-y-1">
          <h2 id="empty-board-title" className="font-semibold text-slate-900">
            {T.adminTitle}
          </h2>
          <p>{T.adminIntro}</p>
          <ul className="list-disc space-y-0.5 pl-5">
            <li>
              <a
                href="/form"
                target="_blank"
                rel="noreferrer"
                className="font-medium text-indigo-700 underline"
              >
                {T.adminForm}
              </a>
              {T.adminFormAfter}
            </li>
            <li>{T.adminImport}</li>
            <li>{T.adminCreate}</li>
          </ul>
          <p>{T.adminAssign}</p>
        </div>
      ) : (
        <div className="space-y-1">
          <h2 id="empty-board-title" className="font-semibold text-slate-900">
            {T.vendorTitle}
          </h2>
          <p>{T.vendorCreate}</p>
          <button
            type="button"
            onClick={onCreate}
            className="min-h-11 rounded-md bg-indigo-600 px-3 py-1.5 text-sm font-semibold text-white hover:bg-indigo-500 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 md:min-h-0"
          >
            {T.create}
          </button>
          <p className="text-slate-600">{T.vendorAssigned}</p>
        </div>
      )}
    </section>
  );
}
