/** Durable background work: one queue for every feature (ADR 019). */
export {
  createJobs,
  type Enqueue,
  type EnqueueOptions,
  type JobSender,
  type Jobs,
  type JobsAdmin,
  type JobsLogger,
  type PeriodicJob,
} from './jobs.js';
export {
  type JobKind,
  type JobRun,
  type JobState,
  PermanentJobError,
  type RetryPolicy,
  retryDelayMs,
} from './job-kinds.js';
export type { JobStore, JobSummary, ListedState } from './job-store.js';
export { createSqliteJobStore } from './sqlite-job-store.js';
export { createPgBossJobStore } from './pg-boss-job-store.js';
export { createSchedules } from './schedules.js';
