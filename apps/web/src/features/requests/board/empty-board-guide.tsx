import { lazy, Suspense, useCallback, useSyncExternalStore } from 'react';
import { matchQuery, useQueryClient } from '@tanstack/react-query';
import { BOARD_COLUMNS, VENDOR_FILTER_ME, type BoardFilters } from '@crm/shared';
import {
  allColumnsQueryKey,
  columnQueryKey,
  type ColumnData,
} from '../../../api/requests/query-keys';

// What it says is a chunk of its own (LAZY_PARTS in scripts/check-budgets.mjs): only a board
// with no request at all loads it.
const EmptyBoardText = lazy(() =>
  import('./empty-board-text').then((module) => ({ default: module.EmptyBoardText })),
);

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
    (listener: () => void) =>
      queryClient.getQueryCache().subscribe((event) => {
        // Only a column's data changes the count. A card's record or a column entry is added to
        // the cache while that card or column renders: woken then, this would update mid-render.
        const changed = event.type === 'updated' || event.type === 'removed';
        if (changed && matchQuery({ queryKey: allColumnsQueryKey() }, event.query)) listener();
      }),
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
    <Suspense fallback={null}>
      <EmptyBoardText isAdmin={isAdmin} onCreate={onCreate} />
    </Suspense>
  );
}
