import { createContext, useContext, useSyncExternalStore } from 'react';

/*
 * Issue 24: the cards picked for a bulk action. A small store outside React's state, so a card
 * redraws only when its own checkbox changes (and every card once when the first is picked,
 * when the checkboxes start to show), not the whole board on each click.
 */
export type BoardSelection = {
  subscribe: (listener: () => void) => () => void;
  /** The ids picked, a new set after each change. */
  ids: () => ReadonlySet<string>;
  /**
   * A card's checkbox clicked; `range`: with Shift, the column's loaded ids, to pick every card
   * from the last one clicked to this one when both are in it.
   */
  toggle: (id: string, range?: readonly string[]) => void;
  /** "Seleccionar la columna": picks these (or, when all already are, unpicks them). */
  toggleAll: (ids: readonly string[]) => void;
  /** Only these stay picked (those that could not change, after an action). */
  keep: (ids: readonly string[]) => void;
  clear: () => void;
};

export function createBoardSelection(): BoardSelection {
  let ids: ReadonlySet<string> = new Set();
  let anchor: string | null = null;
  const listeners = new Set<() => void>();
  const set = (next: ReadonlySet<string>) => {
    ids = next;
    for (const listener of listeners) listener();
  };
  return {
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    ids: () => ids,
    toggle: (id, range) => {
      const next = new Set(ids);
      const from = anchor && range ? range.indexOf(anchor) : -1;
      const to = range ? range.indexOf(id) : -1;
      if (range && from >= 0 && to >= 0) {
        for (const listed of range.slice(Math.min(from, to), Math.max(from, to) + 1)) {
          next.add(listed);
        }
      } else if (!next.delete(id)) next.add(id);
      anchor = id;
      set(next);
    },
    toggleAll: (column) => {
      const all = column.every((id) => ids.has(id));
      const next = new Set(ids);
      for (const id of column) {
        if (all) next.delete(id);
        else next.add(id);
      }
      set(next);
    },
    keep: (kept) => set(new Set(kept.filter((id) => ids.has(id)))),
    clear: () => {
      anchor = null;
      if (ids.size > 0) set(new Set());
    },
  };
}

export const BoardSelectionContext = createContext<BoardSelection | null>(null);

const noSelection = createBoardSelection();
export const useBoardSelection = () => useContext(BoardSelectionContext) ?? noSelection;

/** Reads one fact of the selection; the component redraws only when that fact changes. */
export function useSelectionFact<T>(read: (ids: ReadonlySet<string>) => T): T {
  const selection = useBoardSelection();
  return useSyncExternalStore(selection.subscribe, () => read(selection.ids()));
}
