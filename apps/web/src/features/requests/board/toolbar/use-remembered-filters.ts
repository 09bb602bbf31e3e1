import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useLocation, useSearchParams } from 'react-router-dom';
import { boardViewsApi, type BoardFilters, type RememberedBoardFilters } from '@crm/shared';
import {
  boardFiltersQueryKey,
  setWaitingFiltersSave,
  useRememberedBoardFilters,
} from '../../../../api/board-views/board-filters';
import { callEndpoint } from '../../../../lib/api-client';
import {
  hasBoardFilters,
  readBoardFilters,
  rememberedOf,
  writeBoardFilters,
} from '../../../../lib/board-search-params';

/** Quiet time after the last filter change before it is saved: one save per settled choice. */
const SAVE_FILTERS_DELAY_MS = 800;

/** The same filters, spelled one way (keys in order, empty ones left out). */
const keyOf = (filters: RememberedBoardFilters) =>
  JSON.stringify(
    Object.entries(filters)
      .filter(([, value]) => Boolean(value))
      .sort(([a], [b]) => a.localeCompare(b)),
  );

/**
 * On entering the board: an address with filters wins (a shared link, a reload, a link from
 * Inicio) and nothing is read; an address without any gets the caller's remembered filters
 * (a vendor's first visit: "Mis solicitudes") written into it, after one small read, the only
 * one before the columns load, and none on a later visit in the same session (cached).
 * True once the board may load its columns with the address's filters.
 */
export function useRestoredBoardFilters(): boolean {
  const [params, setParams] = useSearchParams();
  const state: unknown = useLocation().state;
  // Decided once, on entering: later changes of the address are the person's own.
  const [restoring] = useState(() => !hasBoardFilters(readBoardFilters(params)));
  const remembered = useRememberedBoardFilters(restoring);
  const [applied, setApplied] = useState(!restoring);
  const rememberedFilters = remembered.data;
  const settled = !remembered.isPending || remembered.isError;

  useEffect(() => {
    if (applied || !settled) return;
    if (rememberedFilters) {
      // The same entry, its state kept (a request opened from the agenda closes back there).
      setParams((current) => writeBoardFilters(current, rememberedFilters), {
        replace: true,
        state,
      });
    }
    setApplied(true);
  }, [applied, settled, rememberedFilters, setParams, state]);

  // Ready once the address states what was remembered: the columns never load the whole board
  // first and the remembered one a moment later.
  const inAddress = hasBoardFilters(readBoardFilters(params));
  const restored = applied && (inAddress || !hasBoardFilters(rememberedFilters ?? {}));
  // Once ready, ready for good: from then on an address without filters is the person's choice
  // ("Quitar filtros"), not one still to restore. Asking again hid the board behind "Loading..."
  // and unmounted the screen whose save would have forgotten the remembered filters (issue 33).
  const [ready, setReady] = useState(!restoring);
  useEffect(() => {
    if (restored) setReady(true);
  }, [restored]);
  return ready || restored;
}

/**
 * Saves the board's filters (without the search text, see rememberedBoardFiltersSchema) once
 * they settle, unless they are what the server already holds; a change still waiting when the
 * board closes is saved then. A failed save is not shown: the next change saves again.
 */
export function useSaveBoardFilters(filters: BoardFilters) {
  const queryClient = useQueryClient();
  const remembered = rememberedOf(filters);
  const key = keyOf(remembered);
  const pending = useRef<RememberedBoardFilters | null>(null);
  const latest = useRef(remembered);
  latest.current = remembered;

  const saveRef = useRef((next: RememberedBoardFilters) => {
    pending.current = null;
    setWaitingFiltersSave(null);
    return callEndpoint(boardViewsApi.putFilters, { body: next }).then(
      (saved) => queryClient.setQueryData(boardFiltersQueryKey(), saved),
      () => undefined,
    );
  });

  useEffect(() => {
    const known = queryClient.getQueryData<RememberedBoardFilters>(boardFiltersQueryKey());
    if (known && keyOf(known) === key) {
      pending.current = null;
      setWaitingFiltersSave(null);
      return;
    }
    pending.current = latest.current;
    setWaitingFiltersSave(() => saveRef.current(latest.current));
    const timer = setTimeout(() => saveRef.current(latest.current), SAVE_FILTERS_DELAY_MS);
    return () => clearTimeout(timer);
  }, [key, queryClient]);

  useEffect(
    () => () => {
      if (pending.current) void saveRef.current(pending.current);
    },
    [],
  );
}
