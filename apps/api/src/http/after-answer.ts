import type { Logger } from 'pino';

/*
 * Work a route does after its answer (issue 23: the forgotten-password lookup, token and mail,
 * so the answer and its timing say nothing of whether the account exists; issue 36: a change's
 * events into the log, so the answer doesn't wait for them). Failures are logged, never thrown
 * at anyone. The work in flight is kept per app, so tests (and anything that must
 * drain it) can wait for it: `afterAnswerSettled`.
 */

/** Whose work it is: the app's context (its logger names the failures), kept apart per app. */
type Owner = { logger: Logger };

const inFlight = new WeakMap<Owner, Set<Promise<void>>>();

/** Runs `work` once the current answer has been written (next turn of the event loop). */
export function afterAnswer(ctx: Owner, what: string, work: () => Promise<void>): void {
  let running = inFlight.get(ctx);
  if (!running) {
    running = new Set();
    inFlight.set(ctx, running);
  }
  const set = running;
  const done: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
    .then(work)
    .catch((error: unknown) => ctx.logger.error({ err: error }, what))
    .finally(() => set.delete(done));
  set.add(done);
}

/** Resolves once every piece of after-answer work of this app (and what it started) is over. */
export async function afterAnswerSettled(ctx: Owner): Promise<void> {
  const running = inFlight.get(ctx);
  while (running && running.size > 0) await Promise.all([...running]);
}
