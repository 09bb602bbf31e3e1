import { useEffect, useRef, useState } from 'react';
import { CloudOff, RotateCw } from 'lucide-react';
import { OUTAGE_LABELS } from '@crm/shared';
import { Logo } from '../components/ui/logo';
import { Spinner } from '../components/ui/spinner';
import { outageRetryDelay } from './outage';

export type OutageScreenProps = {
  /** How many attempts have failed so far (the back-off's step). */
  failures: number;
  /** When the last attempt failed (ms since the epoch): the next one is counted from there. */
  failedAt: number;
  /** An attempt is under way. */
  retrying: boolean;
  /** Asks again now (the automatic attempts, and "Reintentar" without `onRetryByHand`). */
  onRetry: () => void;
  /** "Reintentar" pressed, when it does more than an automatic attempt. */
  onRetryByHand?: () => void;
};

/**
 * The whole page while the app's first data can't be had (the server or its database away):
 * what is happening in plain Spanish, "Reintentar", and the next automatic attempt, on the
 * back-off of outage.ts. It tries again by itself, so the app opens as soon as the server
 * answers, with nobody at the keyboard.
 */
export function OutageScreen({
  failures,
  failedAt,
  retrying,
  onRetry,
  onRetryByHand = onRetry,
}: OutageScreenProps) {
  const nextAttemptAt = failedAt + outageRetryDelay(failures);
  useRetryAt(retrying ? undefined : nextAttemptAt, onRetry);
  const now = useNow(!retrying);
  const seconds = Math.max(1, Math.ceil((nextAttemptAt - now) / 1000));

  return (
    <main className="flex min-h-dvh items-center justify-center bg-slate-50 p-4">
      <div className="w-full max-w-md space-y-5 rounded-xl bg-white p-6 text-center shadow-sm ring-1 ring-slate-200 sm:p-8">
        <div className="flex items-center justify-center gap-3">
          <Logo className="size-9" />
          <span
            aria-hidden
            className="flex size-11 items-center justify-center rounded-full bg-amber-100 text-amber-800"
          >
            <CloudOff className="size-6" />
          </span>
        </div>
        <h1 className="text-xl font-bold tracking-tight text-slate-900">{OUTAGE_LABELS.title}</h1>
        <p className="text-sm text-slate-700">{OUTAGE_LABELS.explanation}</p>
        <div className="text-sm text-slate-700">
          {/* Announced when an attempt starts, not every second of the countdown. */}
          <p role="status">{retrying ? OUTAGE_LABELS.retrying : null}</p>
          {retrying ? null : <p>{OUTAGE_LABELS.nextAttempt(seconds)}</p>}
        </div>
        <button
          type="button"
          onClick={() => {
            if (!retrying) onRetryByHand();
          }}
          // Stays focusable while the attempt runs (a disabled button would drop the focus).
          aria-disabled={retrying || undefined}
          className="inline-flex min-h-11 w-full items-center justify-center gap-2 rounded-md bg-indigo-600 px-4 py-2.5 text-sm font-semibold text-white shadow-xs hover:bg-indigo-500 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 aria-disabled:cursor-wait aria-disabled:hover:bg-indigo-600 sm:w-auto"
        >
          {retrying ? <Spinner /> : <RotateCw className="size-4" aria-hidden />}
          {OUTAGE_LABELS.retry}
        </button>
      </div>
    </main>
  );
}

/** Calls `callback` at `at` (ms since the epoch); nothing while `at` is undefined. */
function useRetryAt(at: number | undefined, callback: () => void) {
  const latest = useRef(callback);
  useEffect(() => {
    latest.current = callback;
  });
  useEffect(() => {
    if (at === undefined) return;
    const timer = window.setTimeout(() => latest.current(), Math.max(0, at - Date.now()));
    return () => window.clearTimeout(timer);
  }, [at]);
}

/** The time, again every second while `ticking`: the countdown's clock. */
function useNow(ticking: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!ticking) return;
    setNow(Date.now());
    const timer = window.setInterval(() => setNow(Date.now()), 1_000);
    return () => window.clearInterval(timer);
  }, [ticking]);
  return now;
}
