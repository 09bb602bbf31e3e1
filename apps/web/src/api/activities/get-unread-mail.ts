import { useEffect } from 'react';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { activitiesApi, queryKeyOf, type DueCount } from '@crm/shared';
import { callEndpoint } from '../../lib/api-client';
import { dueCountQueryKey } from './get-due-count';

/**
 * GET /api/activities/unread-mail (issue 35): the caller's requests with customer mail no one has
 * read, at most UNREAD_MAIL_LIST_LIMIT, and how many there are in all.
 */
export function getUnreadMail(signal?: AbortSignal) {
  return callEndpoint(activitiesApi.unreadMail, {}, { signal });
}

export const unreadMailQueryKey = () => queryKeyOf(activitiesApi.unreadMail);

/**
 * The agenda's "Correos sin leer": read again each time the agenda is shown (coming back from a
 * request whose mails were read there) and when the window gets the focus back.
 */
export const unreadMailQueryOptions = () =>
  queryOptions({
    queryKey: unreadMailQueryKey(),
    queryFn: ({ signal }) => getUnreadMail(signal),
    refetchOnMount: 'always',
    refetchOnWindowFocus: 'always',
  });

/** The list; its total, newer than the bell's, is the bell's too until the bell asks again. */
export function useUnreadMail() {
  const queryClient = useQueryClient();
  const query = useQuery(unreadMailQueryOptions());
  const total = query.data?.total;
  useEffect(() => {
    if (total === undefined) return;
    queryClient.setQueryData<DueCount>(
      dueCountQueryKey(),
      (count) => count && { ...count, unreadMail: total },
    );
  }, [queryClient, total]);
  return query;
}
