import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import {
  readBoardFilters,
  writeBoardFilters,
  type BoardFilterKey,
} from '../../../../lib/board-search-params';

/**
 * The board's search and filters, kept in the URL. Changes replace the history entry: Back
 * leaves the board instead of stepping through every keystroke and filter.
 */
export function useBoardFilters() {
  const [params, setParams] = useSearchParams();
  const search = params.toString();
  // Parsed once per distinct URL, so the filters object only changes when a filter does.
  const filters = useMemo(() => readBoardFilters(new URLSearchParams(search)), [search]);
  const setFilters = useCallback(
    (changes: Partial<Record<BoardFilterKey, string | undefined>>) =>
      setParams((current) => writeBoardFilters(current, changes), { replace: true }),
    [setParams],
  );
  return { filters, setFilters };
}
