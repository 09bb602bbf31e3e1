import { queryOptions, useQuery } from '@tanstack/react-query';
import { activitiesApi, queryKeyOf } from '@crm/shared';
import { callEndpoint } from '../../lib/api-client';

/** GET /api/form-contact/{id}/activities: planned ones first (nearest first), then done ones. */
export function getActivities(id: string, signal?: AbortSignal) {
  return callEndpoint(activitiesApi.list, { params: { id } }, { signal });
}

export const activitiesQueryKey = (id: string) =>
  queryKeyOf(activitiesApi.list, { params: { id } });

export const activitiesQueryOptions = (id: string) =>
  queryOptions({
    queryKey: activitiesQueryKey(id),
    queryFn: ({ signal }) => getActivities(id, signal),
  });

export function useActivities(id: string) {
  return useQuery(activitiesQueryOptions(id));
}
