import { useEffect, useRef } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { isImportActive } from '@crm/shared';
import { allColumnsQueryKey, type ColumnData } from '../requests/query-keys';
import { useImport } from './get-import';

/**
 * The board's columns after an import: its requests keep their own creation dates, so they may
 * belong anywhere in a column, and an update may have moved or changed any card. Each cached
 * column goes back to its first page and is read again (those on screen now, the others when
 * shown): one call per column, not the board's reload, and not every page a deep scroll loaded.
 */
export function refetchColumnsFromTop(queryClient: QueryClient) {
  for (const [queryKey, data] of queryClient.getQueriesData<ColumnData>({
    queryKey: allColumnsQueryKey(),
  })) {
    if (data && data.pages.length > 1) {
      queryClient.setQueryData<ColumnData>(queryKey, {
        pages: data.pages.slice(0, 1),
        pageParams: data.pageParams.slice(0, 1),
      });
    }
  }
  return queryClient.invalidateQueries({ queryKey: allColumnsQueryKey() });
}

/**
 * Follows an import the dialog started (or found running), from the board, so it goes on while
 * the dialog is closed: polls it while it is queued or running and, once it has ended, refetches
 * the columns once for it. "Once it has ended", not "when it is seen to end": a small import may
 * be done by the first read after its start, before the board has seen it run. It comes in the
 * dialog's lazy chunk (features/imports, ImportFollower; issue 34).
 */
export function useImportFollower(id: string | null) {
  const queryClient = useQueryClient();
  const status = useImport(id, { poll: true }).data?.status;
  const refreshedFor = useRef<string | null>(null);
  useEffect(() => {
    if (!id || !status || status === 'uploaded' || isImportActive(status)) return;
    if (refreshedFor.current === id) return;
    refreshedFor.current = id;
    void refetchColumnsFromTop(queryClient);
  }, [id, status, queryClient]);
}
