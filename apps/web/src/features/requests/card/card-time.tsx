import { createContext, use, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { StaleDays } from '@crm/shared';
import { systemTimeZone } from '@crm/shared';
import { useTimeZone } from '../../../api/preferences/get-preferences';
import { useSettings } from '../../../api/settings/get-settings';

/** What every card reads to say "Hoy", "vencida" and "Estancada N días". */
export type CardTime = {
  /** The board's clock: one for all cards, a minute at most behind. */
  now: Date;
  /** The stages' limits (GET /api/settings); undefined until read, when no card is stale. */
  staleDays: StaleDays | undefined;
  /** The installation's currency (issue 21), for the amounts; undefined until read. */
  currency: string | undefined;
  /** The person's zone, every card's dates read in it (issue 33). */
  timeZone: string;
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
  const timeZone = useTimeZone();
  const value = useMemo(
    () => ({ now, staleDays, currency, timeZone }),
    [now, staleDays, currency, timeZone],
  );
  return <CardTimeContext value={value}>{children}</CardTimeContext>;
}

/**
 * The board's time; a card drawn outside the board (tests) reads the clock now, in the browser's
 * zone, and shows no stale badge.
 */
export function useCardTime(): CardTime {
  return (
    use(CardTimeContext) ?? {
      now: new Date(),
      staleDays: undefined,
      currency: undefined,
      timeZone: systemTimeZone(),
    }
  );
}
