import { createContext, use, useMemo, useRef, type ReactNode } from 'react';
import { useCompleteActivity } from '../activities';

type CardCompletion = ReturnType<typeof useCompleteActivity>;

const CardCompleteContext = createContext<CardCompletion | null>(null);

/**
 * The cards' "Completar" (issue 33), one for the whole board: a card mounted while the board
 * scrolls then costs no hooks of its own, and a change of address (a filter) re-renders no card.
 * The value changes only with the completion under way.
 */
export function CardCompleteProvider({ children }: { children: ReactNode }) {
  const completion = useCompleteActivity();
  // The latest call (it reads the address, for "Planificar la siguiente") behind a stable one.
  const latest = useRef(completion.complete);
  latest.current = completion.complete;
  const { pendingId } = completion;
  const value = useMemo<CardCompletion>(
    () => ({ complete: (event, call) => latest.current(event, call), pendingId }),
    [pendingId],
  );
  return <CardCompleteContext value={value}>{children}</CardCompleteContext>;
}

/** The board's completion; null on a card drawn elsewhere, which then offers none. */
export const useCardCompletion = (): CardCompletion | null => use(CardCompleteContext);
