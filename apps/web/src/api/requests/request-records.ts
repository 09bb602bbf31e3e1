import { hashKey, notifyManager, type QueryClient, type QueryKey } from '@tanstack/react-query';
import type { Request } from '@crm/shared';
import { allColumnsQueryKey, allRequestsKey, requestKey, type ColumnData } from './query-keys';

/** The record of `id` as the cache holds it now, if it does. */
export const readRecord = (queryClient: QueryClient, id: string) =>
  queryClient.getQueryData<Request>(requestKey(id));

/**
 * A copy this browser made or was just given for one request (a save's, a move's or a note's
 * answer, an optimistic move or its rollback, a new website lead): it becomes the record.
 */
export function writeRecord(queryClient: QueryClient, request: Request) {
  keepRecordsWhileListed(queryClient);
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
 * Records this tab shows ahead of the server: a move on its way, drawn in its new column with the
 * versions it had. An event with those same versions was published before the move (the live
 * stream, api/events/live-cache.ts) and must not take the card back; it brings only what no
 * version counts (`withUnversionedOf`).
 */
const optimisticRecords = new WeakSet<Request>();

/** The record of `id` as stored now is ahead of the server until the server answers. */
export function markOptimistic(queryClient: QueryClient, id: string) {
  const record = readRecord(queryClient, id);
  if (record) optimisticRecords.add(record);
}

export const isOptimistic = (record: Request) => optimisticRecords.has(record);

/** Whether `copy` has exactly the record's versions (neither older nor newer). */
export const hasSameVersions = (copy: Request, record: Request) =>
  copy.version === record.version && copy.statusVersion === record.statusVersion;

/** Whether `copy` says the same as the record of the fields no version counts. */
export const hasSameUnversioned = (copy: Request, record: Request) =>
  copy.vendor === record.vendor &&
  copy.unreadEmails === record.unreadEmails &&
  JSON.stringify(copy.nextActivity) === JSON.stringify(record.nextActivity);

/**
 * The record with what `copy` says of the fields no version counts: the executive (an
 * assignment), the next step (activities) and the unread mails (the mailbox).
 */
export function withUnversionedOf(record: Request, copy: Request): Request {
  const { unreadEmails: _unread, ...rest } = record;
  return {
    ...rest,
    vendor: copy.vendor,
    nextActivity: copy.nextActivity,
    ...(copy.unreadEmails !== undefined && { unreadEmails: copy.unreadEmails }),
  };
}

/**
 * Whether `copy` was read before a change the record already has. A save bumps `version` and a
 * move `statusVersion`, and neither ever goes down, so a copy behind on either one is older.
 */
export const isOlderThan = (copy: Request, record: Request) =>
  copy.version < record.version || copy.statusVersion < record.statusVersion;

/**
 * A page's requests into their records. A page that was on its way while this browser saved a
 * request does not take that record back (the card, and the Edit Request modal that reads the
 * same record, keep the newer copy).
 */
export function writeListedRecords(queryClient: QueryClient, requests: readonly Request[]) {
  keepRecordsWhileListed(queryClient);
  // One round of notifications for the whole page, not one per record.
  notifyManager.batch(() => {
    for (const request of requests) {
      queryClient.setQueryData<Request>(requestKey(request._id), (record) =>
        record && isOlderThan(request, record) ? record : request,
      );
    }
  });
}

const isColumnKey = (queryKey: QueryKey) =>
  allColumnsQueryKey().every((part, index) => queryKey[index] === part);

/** Every id a cached column lists, of any filters. */
function listedIds(queryClient: QueryClient): Set<string> {
  const ids = new Set<string>();
  for (const [, data] of queryClient.getQueriesData<ColumnData>({
    queryKey: allColumnsQueryKey(),
  })) {
    for (const page of data?.pages ?? []) for (const id of page.ids) ids.add(id);
  }
  return ids;
}

/** Records no cached column lists and nothing shows (no card, no modal) leave the cache. */
function dropUnlistedRecords(queryClient: QueryClient) {
  const listed = listedIds(queryClient);
  const queryCache = queryClient.getQueryCache();
  for (const query of queryCache.findAll({ queryKey: allRequestsKey() })) {
    const id = (query.state.data as Request | undefined)?._id;
    if (query.getObserversCount() === 0 && !(id && listed.has(id))) queryCache.remove(query);
  }
}

const keeping = new WeakSet<QueryClient>();

/**
 * A column lists far more requests than it draws, so a record must not go after the usual five
 * minutes without a card on screen: records stay while a cached column lists them, and go once
 * the last column listing them has left the cache (TanStack Query's own garbage collection of
 * the columns drives it) or when the request is deleted. Set up once per query client.
 */
function keepRecordsWhileListed(queryClient: QueryClient) {
  if (keeping.has(queryClient)) return;
  keeping.add(queryClient);
  queryClient.setQueryDefaults(allRequestsKey(), { gcTime: Infinity });
  let scheduled = false;
  queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== 'removed' || scheduled || !isColumnKey(event.query.queryKey as QueryKey))
      return;
    // Columns go several at a time (five per filter set): one sweep after them.
    scheduled = true;
    queueMicrotask(() => {
      scheduled = false;
      dropUnlistedRecords(queryClient);
    });
  });
}
