import { infiniteQueryOptions, useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { emailsApi, queryKeyOf } from '@crm/shared';
import { callEndpoint } from '../../lib/api-client';
import { filesQueryKey } from '../files/request-files';
import { historyQueryKey } from '../requests/get-request-history';
import { readRecord, writeRecord } from '../requests/request-records';

/** GET /api/form-contact/{id}/emails?cursor: one page of the thread, newest first. */
export function getEmailsPage(id: string, cursor: string | null, signal?: AbortSignal) {
  return callEndpoint(
    emailsApi.list,
    { params: { id }, query: cursor ? { cursor } : {} },
    { signal },
  );
}

export const emailsQueryKey = (id: string) => queryKeyOf(emailsApi.list, { params: { id } });

/** A request's thread as an infinite query: `pageParam` is the previous page's `nextCursor`. */
export const emailsQueryOptions = (id: string) =>
  infiniteQueryOptions({
    queryKey: emailsQueryKey(id),
    queryFn: ({ pageParam, signal }) => getEmailsPage(id, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
    // The customer's answers come in with the mailbox's reads: asked again at its pace.
    refetchInterval: (query) => query.state.data?.pages[0]?.pollAfterMs ?? false,
  });

/**
 * The thread. Reading it marks the customer's mails read on the server (issue 35), so the card's
 * mark goes here too, without reading the request again.
 */
export function useRequestEmails(id: string) {
  const queryClient = useQueryClient();
  const thread = useInfiniteQuery(emailsQueryOptions(id));
  const read = thread.isSuccess;
  // A mail that came in (a poll's page has a new newest one): the history records it too.
  const newest = thread.data?.pages[0]?.items[0]?._id;
  useEffect(() => {
    if (!newest) return;
    void queryClient.invalidateQueries({ queryKey: historyQueryKey(id) });
    // Its attachments joined "Archivos".
    void queryClient.invalidateQueries({ queryKey: filesQueryKey(id) });
  }, [queryClient, id, newest]);
  useEffect(() => {
    if (!read) return;
    const record = readRecord(queryClient, id);
    if (!record?.unreadEmails) return;
    const { unreadEmails: _read, ...rest } = record;
    writeRecord(queryClient, rest);
  }, [queryClient, id, read]);
  return thread;
}
