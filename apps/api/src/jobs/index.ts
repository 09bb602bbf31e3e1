// The background jobs' door (issue 34): one scheduler and lease, where features register jobs.
export { holding, LeaseLost, unleased, type JobLease } from './lease.js';
export {
  JOB_LOCK_MS,
  startJobs,
  systemClock,
  type BackgroundJob,
  type Clock,
  type JobsOptions,
  type JobsScheduler,
} from './scheduler.js';
