import { hashKey, notifyManager, type QueryClient } from '@tanstack/react-query';
import type { Request } from '@crm/shared';
import { requestKey } from './query-keys';

/** The record of `id` as the cache holds it now, if it does. */
export const readRecord = (queryClient: QueryClient, id: string) =>
  queryClient.getQueryData<Request>(requestKey(id));

/**
 * A copy this browser made or was just given for one request (a save's, a move's or a note's
 * answer, an optimistic move or its rollback, a new website lead): it becomes the record.
 */
export function writeRecord(queryClient: QueryClient, request: Request) {
  queryClient.setQueryData(requestKey(request._id), request);
}

/**
 * A deleted request's record goes. Found by its hash, not with removeQueries, whose filter
 * walks every cached query (thousands of records on a board scrolled deep).
 */
export function removeRecord(queryClient: QueryClient, id: string) {
  const queryCache = queryClient.getQueryCache();
  const record = queryCache.get(hashKey(requestKey(id)));
  if (record) queryCache.remove(record);
}

/**
 * Whether `copy` was read before a change the record already has. A save bumps `version` and a
 * move `statusVersion`, and neither ever goes down, so a copy behind on either one is older.
 */
const isOlderThan = (copy: Request, record: Request) =>
  copy.version < record.version || copy.statusVersion < record.statusVersion;

/**
 * A page's requests into their records. A page that was on its way while this browser saved a
 * request does not take that record back (the card, and the Edit Request modal that reads the
 * same record, keep the newer copy).
 */
export function writeListedRecords(queryClient: QueryClient, requests: readonly Request[]) {
  // One round of notifications for the whole page, not one per record.
  notifyManager.batch(() => {
    for (const request of requests) {
      queryClient.setQueryData<Request>(requestKey(request._id), (record) =>
        record && isOlderThan(request, record) ? record : request,
      );
    }
  });
}
