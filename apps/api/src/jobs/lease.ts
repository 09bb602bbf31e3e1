/**
 * What a job's run may still do (scheduler.ts): false once its lock could lapse before the next
 * step ends, so that another process may take the job. The run then stops where it is (its
 * steps are each written down as they go: what it did is kept, what it didn't the next run does).
 */
export type JobLease = { held(): boolean };

/** For a run outside the scheduler (tests, benchmarks): always held. */
export const unleased: JobLease = { held: () => true };

export class LeaseLost extends Error {}

/** Throws LeaseLost when `lease` is no longer held: the run's next step must not start. */
export function holding(lease: JobLease, job: string): void {
  if (!lease.held()) throw new LeaseLost(`the ${job} job lost its lock`);
}
