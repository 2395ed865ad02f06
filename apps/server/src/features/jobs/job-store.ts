import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { JobState, RetryPolicy } from './job-kinds.js';

/** A job as the runner queues it. */
export interface NewJob {
  id: string;
  name: string;
  payload: unknown;
  key: string | null;
  /** Milliseconds from now (the app's clock) before it may run; 0 for at once. */
  delayMs: number;
  retry: RetryPolicy;
  timeoutSeconds: number;
}

/** A job a worker took: it is `running` until completed or failed. */
export interface TakenJob {
  id: string;
  name: string;
  payload: unknown;
  /** 1 on the first run. */
  attempt: number;
  maxAttempts: number;
}

/** A job as it is stored, before the runner describes it for the admin. */
export interface StoredJob {
  id: string;
  name: string;
  payload: unknown;
  /** The caller's key, if it gave one. */
  key: string | null;
  state: JobState;
  /** Runs started so far. */
  attempts: number;
  maxAttempts: number;
  createdAt: number;
  /** When it runs next (queued or retry), or when it was due (running, failed). */
  runAt: number;
  finishedAt: number | null;
  lastError: string | null;
}

/** A job as the admin sees it: its payload replaced by its kind's one-line description. */
export type JobSummary = Omit<StoredJob, 'payload'> & { description: string };

export type ListedState = Exclude<JobState, 'completed'>;

/**
 * Where jobs live: pg-boss's tables on PostgreSQL, the `jobs` table on SQLite. Both keep the
 * same promises, which the contract suite (test/jobs-contract.test.ts) checks on each:
 * - `insert` on `executor` joins the caller's transaction; a key has at most one job waiting
 *   for its first run (a second insert with it returns null);
 * - `take` hands each due job to exactly one caller, across processes;
 * - `fail` schedules the next try by the policy, or keeps the job as failed after the last.
 */
export interface JobStore {
  readonly kind: 'sqlite' | 'pg-boss';
  /** Creates what the store needs for these job names (pg-boss queues). */
  prepare(names: string[]): Promise<void>;
  insert(executor: Kysely<Database>, job: NewJob): Promise<string | null>;
  take(names: string[], limit: number): Promise<TakenJob[]>;
  complete(job: TakenJob): Promise<void>;
  /** `permanent`: no more tries, whatever the policy says. */
  fail(job: TakenJob, error: string, permanent: boolean): Promise<void>;
  /**
   * Runs whose process died (timed out) go back to be tried again, or fail after the last try.
   * pg-boss does this on its own timer; `force` makes it happen now (tests).
   */
  maintain(force?: boolean): Promise<void>;
  /** At start-up, when this process is the only one: everything left running was a crash's. */
  recoverAbandoned(): Promise<number>;
  list(filter: { state?: ListedState; limit: number }): Promise<StoredJob[]>;
  /** One job by its id, in any state; null when there is none. */
  find(id: string): Promise<StoredJob | null>;
  counts(): Promise<Record<ListedState, number>>;
  /** A failed job gets one more try, now. False when no failed job has this id. */
  retry(id: string): Promise<boolean>;
  /** Deletes a job that is not running. False when there is none. */
  discard(id: string): Promise<StoredJob | null>;
  /**
   * Deletes, on `executor` (the caller's transaction), the jobs of `name` still waiting to run
   * (queued or waiting to retry) whose payload holds `value` at `path`; answers how many.
   */
  discardWaiting(executor: Kysely<Database>, name: string, path: readonly string[], value: string): Promise<number>;
  /** Deletes the failed runs of `name` (a periodic job whose later run succeeded). */
  discardFailed(name: string): Promise<number>;
  close(): Promise<void>;
}
