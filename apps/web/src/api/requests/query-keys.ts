import type { InfiniteData } from '@tanstack/react-query';
import {
  requestsApi,
  queryKeyOf,
  type BoardFilters,
  type ColumnPage,
  type RequestStatus,
} from '@crm/shared';

// The requests' cache keys, in one place: each request once by id (its record), and each column
// of each filter set as a list of those ids (board-cache.ts says how they stay in step).

/**
 * One request's record: the entry GET /api/form-contact/{id} answers into, which every card
 * showing the request and its Edit Request modal read.
 */
export const requestKey = (id: string) => queryKeyOf(requestsApi.get, { params: { id } });

/** Every request's record. */
export const allRequestsKey = () => queryKeyOf(requestsApi.get);

/**
 * A column's page in the cache: the ids of its requests, newest first, and the server's count
 * and sum of expected values (issue 21) for the whole column.
 */
export type ColumnIdPage = {
  ids: string[];
  count: number;
  totalValue: number;
  /** CERRADO's won and lost values apart (issue 33), as the server sums them. */
  outcomeValues?: ColumnPage['outcomeValues'];
  nextCursor: string | null;
};
/** A column in the cache: an infinite query of pages of ids. */
export type ColumnData = InfiniteData<ColumnIdPage, string | null>;

/** The cache key of one column (a list of request ids) under the board's filters. */
export const columnQueryKey = (filters: BoardFilters, status: RequestStatus) =>
  queryKeyOf(requestsApi.column, { query: { ...filters, status } });

/** Every column, of any filters: for the cache updates after a save, a create or a delete. */
export const allColumnsQueryKey = () => queryKeyOf(requestsApi.column);
