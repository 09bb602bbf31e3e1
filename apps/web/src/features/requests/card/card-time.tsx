import { createContext, use, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { StaleDays } from '@crm/shared';
import { useSettings } from '../../../api/settings/get-settings';

/** What every card reads to say "Hoy", "vencida" and "Estancada N días". */
export type CardTime = {
  /** The board's clock: one for all cards, a minute at most behind. */
  now: Date;
  /** The stages' limits (GET /api/settings); undefined until read, when no card is stale. */
  staleDays: StaleDays | undefined;
  /** The installation's currency (issue 21), for the amounts; undefined until read. */
  currency: string | undefined;
};

const CLOCK_TICK_MS = 60_000;

const CardTimeContext = createContext<CardTime | null>(null);

/**
 * The board's settings and clock, read once for all its cards (not one query or one timer per
 * card): a timed activity turns red, and a request stale, while the board stays open.
 */
export function CardTimeProvider({ children }: { children: ReactNode }) {
  const settings = useSettings();
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), CLOCK_TICK_MS);
    return () => clearInterval(timer);
  }, []);
  const staleDays = settings.data?.staleDays;
  const currency = settings.data?.currency;
  const value = useMemo(() => ({ now, staleDays, currency }), [now, staleDays, currency]);
  return <CardTimeContext value={value}>{children}</CardTimeContext>;
}

/** The board's time; a card drawn outside the board reads the clock now and shows no stale badge. */
export function useCardTime(): CardTime {
  return use(CardTimeContext) ?? { now: new Date(), staleDays: undefined, currency: undefined };
}
