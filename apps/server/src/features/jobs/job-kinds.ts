import type { z } from 'zod';

/**
 * How often a job is tried and how long it waits between tries: before retry n (1, 2, …) it waits
 * between `backoffSeconds · 2^(n−1)` and twice that (exponential, with jitter so that jobs failing
 * together do not all come back in the same second). Whole seconds, because pg-boss counts in them.
 */
export interface RetryPolicy {
  /** Runs in all, the first included; at least 1. */
  attempts: number;
  backoffSeconds: number;
}

/** One kind of background work, registered by the feature that owns it. */
export interface JobKind<P> {
  /** Lower case letters, digits and hyphens (pg-boss makes a table partition of each name). */
  name: string;
  /** Checked when the job is queued (a bug in the caller throws there) and again before it runs. */
  payload: z.ZodType<P>;
  retry: RetryPolicy;
  /**
   * A run still going after this long is taken for dead (its process was killed) and the job is
   * tried again. It must be longer than the work can take.
   */
  timeoutSeconds: number;
  /**
   * Does the work. Delivery is at least once: a process killed after the work but before the job
   * is marked done runs it again, so every handler must be idempotent (each says how).
   * Throwing retries by the policy; throwing PermanentJobError fails the job at once.
   */
  handle(payload: P, run: JobRun): Promise<void>;
  /** One line for the admin's Jobs view. Never a secret (a reset link) or a whole message. */
  describe(payload: P): string;
}

export interface JobRun {
  id: string;
  /** 1 on the first run. */
  attempt: number;
}

/** A failure that trying again cannot mend (a mailbox that does not exist): fails the job now. */
export class PermanentJobError extends Error {
  override name = 'PermanentJobError';
}

export type JobState = 'queued' | 'retry' | 'running' | 'completed' | 'failed';

export const JOB_NAME = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** The wait before retry number `retry` (1 for the first), `jitter` in [0, 1): see RetryPolicy. */
export function retryDelayMs(policy: RetryPolicy, retry: number, jitter: number): number {
  const base = policy.backoffSeconds * 1000 * 2 ** Math.min(16, retry - 1);
  return Math.round(base * (1 + jitter));
}
