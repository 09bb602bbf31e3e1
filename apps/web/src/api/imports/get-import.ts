import { queryOptions, useQuery } from '@tanstack/react-query';
import { importsApi, isImportActive, queryKeyOf, type ImportSummary } from '@crm/shared';
import { callEndpoint } from '../../lib/api-client';

/** How often a queued or running import is read again: about once a second. */
export const IMPORT_POLL_MS = 1000;

/** One import's cache key: the summary its upload, start, cancel and every read answer. */
export const importQueryKey = (id: string) => queryKeyOf(importsApi.get, { params: { id } });

/** GET /api/imports/:id: its file, mapping, status and progress. */
export const importQueryOptions = (id: string) =>
  queryOptions({
    queryKey: importQueryKey(id),
    queryFn: ({ signal }) => callEndpoint(importsApi.get, { params: { id } }, { signal }),
  });

/** Read again every IMPORT_POLL_MS while the job has work left; settled imports are left alone. */
const pollWhileActive = (query: { state: { data?: ImportSummary } }) =>
  query.state.data && isImportActive(query.state.data.status) ? IMPORT_POLL_MS : false;

/**
 * An import, polled while it is queued or running when `poll` (one observer polls: the board's
 * follower, use-import-follower.ts; the dialog's progress step reads the same cache entry).
 */
export function useImport(id: string | null, { poll = false } = {}) {
  return useQuery({
    ...importQueryOptions(id ?? ''),
    enabled: id !== null,
    refetchInterval: poll ? pollWhileActive : false,
  });
}
