// The background jobs' door (issue 34): one scheduler and lease, where features register jobs.
export {
  holding,
  KEYED_LEASE_MS,
  LeaseLost,
  takeKeyedLease,
  unleased,
  type JobLease,
  type KeyedLease,
  type KeyedLeaseOptions,
} from './lease.js';
export {
  JOB_LOCK_MS,
  runJobNow,
  startJobs,
  type BackgroundJob,
  type JobsOptions,
  type JobsScheduler,
} from './scheduler.js';
export { sweepExpiredJob } from './sweep-job.js';
