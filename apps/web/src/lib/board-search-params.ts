import { z } from 'zod';
import { boardFilterShape, type BoardFilters, type RememberedBoardFilters } from '@crm/shared';

const FILTER_KEYS = ['q', 'vendor', 'priority', 'requestType', 'next', 'outcome'] as const;
export type BoardFilterKey = (typeof FILTER_KEYS)[number];

/**
 * The board's filters from the URL (/main/requests?q=…&vendor=me), so a reload or a shared link
 * shows the same board. A value the API would refuse (a mistyped link) is ignored, not sent.
 */
export function readBoardFilters(params: URLSearchParams): BoardFilters {
  const filters: BoardFilters = {};
  for (const key of FILTER_KEYS) {
    const raw = params.get(key);
    if (raw === null) continue;
    const parsed = z.object({ [key]: boardFilterShape[key] }).safeParse({ [key]: raw });
    const value = parsed.success ? (parsed.data as BoardFilters)[key] : undefined;
    if (value) Object.assign(filters, { [key]: value });
  }
  return filters;
}

/** The URL's search with `changes` applied; an empty value removes its parameter. */
export function writeBoardFilters(
  params: URLSearchParams,
  changes: Partial<Record<BoardFilterKey, string | undefined>>,
): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const [key, value] of Object.entries(changes)) {
    if (value) next.set(key, value);
    else next.delete(key);
  }
  return next;
}

export const hasBoardFilters = (filters: BoardFilters) =>
  FILTER_KEYS.some((key) => Boolean(filters[key]));

/** What the board remembers of its filters between visits: all but the search text. */
export function rememberedOf({ q: _search, ...remembered }: BoardFilters): RememberedBoardFilters {
  return remembered;
}

/** The changes that put exactly `filters` on the board (a saved view): the others go. */
export const changesTo = (filters: BoardFilters): Record<BoardFilterKey, string | undefined> =>
  Object.fromEntries(FILTER_KEYS.map((key) => [key, filters[key]])) as Record<
    BoardFilterKey,
    string | undefined
  >;
