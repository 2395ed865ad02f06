import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Database } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import { afterCommit, type Transact } from '../../lib/transactions.js';
import { JOB_NAME, type JobKind, PermanentJobError, type RetryPolicy } from './job-kinds.js';
import type { JobStore, JobSummary, ListedState, StoredJob, TakenJob } from './job-store.js';
import type { Schedules } from './schedules.js';

export interface EnqueueOptions {
  /** At most one job with this key waits for its first run; queuing another returns null. */
  key?: string;
  /** When it may run, on the app's clock; now when left out. */
  runAt?: number;
  /** This job's tries and backoff, when they differ from its kind's. */
  retry?: RetryPolicy;
}

export interface Enqueue<P> {
  /** Queues the job; its id, or null when a job with the same key is already waiting. */
  enqueue(payload: P, options?: EnqueueOptions): Promise<string | null>;
}

/** How a feature queues one kind of job: on its own, or `within(trx)` so it commits with the change. */
export interface JobSender<P> extends Enqueue<P> {
  within(trx: Kysely<Database>): Enqueue<P>;
  /** Deletes, in `trx`, the jobs of this kind still waiting whose payload holds `value` at `path`. */
  discardWaiting(trx: Kysely<Database>, path: readonly string[], value: string): Promise<number>;
}

export interface PeriodicJob {
  name: string;
  intervalMs: number;
  timeoutSeconds: number;
  /** Idempotent like every handler; a failed run is retried by the next one. */
  run(): Promise<void>;
}

export interface JobsLogger {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

export interface JobsAdmin {
  list(filter: { state?: ListedState; limit: number }): Promise<JobSummary[]>;
  find(id: string): Promise<JobSummary | null>;
  counts(): Promise<Record<ListedState, number>>;
  retry(id: string): Promise<boolean>;
  discard(id: string): Promise<JobSummary | null>;
}

export interface Jobs {
  /** Registers a kind of job and its handler (before start); returns how to queue it. */
  define<P>(kind: JobKind<P>): JobSender<P>;
  /** Registers work that runs every `intervalMs`, once across all processes (before start). */
  every(job: PeriodicJob): void;
  /**
   * Prepares the store and starts taking jobs in this process; with `work: false` it only
   * prepares (a process that queues but leaves the running to others, or a test using runDue).
   */
  start(options?: { work?: boolean }): Promise<void>;
  /** Stops taking jobs and waits up to `graceMs` for those running; the rest are retried later. */
  stop(graceMs: number): Promise<void>;
  /** Runs every job (and schedule) due now until none is left; for tests and scripts. */
  runDue(): Promise<number>;
  /**
   * At start-up of the only process on the database (SQLite): jobs an earlier run left running
   * died with it, and are tried again now rather than after their time limit.
   */
  recoverAbandoned(): Promise<number>;
  admin: JobsAdmin;
}

const MAX_ERROR_LENGTH = 1000;
const MAX_KEY_LENGTH = 200;
/** runDue stops here: something keeps queuing work due at once, forever. */
const MAX_ROUNDS = 1000;
const NO_PAYLOAD = z.object({});

/**
 * The one mechanism for background work (ADR 019): features define kinds of jobs and periodic
 * work; the runner takes due jobs from the store (pg-boss or the SQLite table) every poll, or at
 * once when this process queued one, and runs up to `concurrency` at a time.
 */
export function createJobs(options: {
  store: JobStore;
  /** Where a job queued outside a caller's transaction is written. */
  db: Kysely<Database>;
  schedules: Schedules;
  transaction: Transact;
  clock: Clock;
  logger: JobsLogger;
  pollIntervalMs: number;
  concurrency: number;
}): Jobs {
  const { store, schedules, transaction, clock, logger } = options;
  const kinds = new Map<string, JobKind<unknown>>();
  const periodic = new Map<string, PeriodicJob & { checkAt: number; sender: JobSender<object> }>();
  const inFlight = new Map<string, { job: TakenJob; done: Promise<void> }>();
  let phase: 'defining' | 'prepared' | 'running' | 'stopping' | 'stopped' = 'defining';
  let loop: Promise<void> = Promise.resolve();
  let wakeUp: (() => void) | null = null;
  let wokenDuringTick = false;

  function wake(): void {
    if (wakeUp === null) wokenDuringTick = true;
    else wakeUp();
  }

  function define<P>(kind: JobKind<P>): JobSender<P> {
    if (phase !== 'defining') throw new Error(`job "${kind.name}" was defined after the jobs started`);
    if (!JOB_NAME.test(kind.name))
      throw new Error(`job name "${kind.name}" must be lower case words joined by hyphens`);
    if (kinds.has(kind.name)) throw new Error(`job "${kind.name}" is defined twice`);
    checkRetry(kind.retry);
    kinds.set(kind.name, kind);

    const enqueueOn =
      (executor: Kysely<Database>): Enqueue<P>['enqueue'] =>
      async (payload, enqueueOptions = {}) => {
        const { key, runAt, retry = kind.retry } = enqueueOptions;
        if (key !== undefined && (key.length === 0 || key.length > MAX_KEY_LENGTH)) {
          throw new Error(`a job key must be 1 to ${MAX_KEY_LENGTH} characters`);
        }
        checkRetry(retry);
        const id = await store.insert(executor, {
          id: randomUUID(),
          name: kind.name,
          payload: kind.payload.parse(payload),
          key: key ?? null,
          delayMs: runAt === undefined ? 0 : Math.max(0, runAt - clock.now()),
          retry,
          timeoutSeconds: kind.timeoutSeconds,
        });
        if (id !== null && (runAt === undefined || runAt <= clock.now())) afterCommit(executor, wake);
        return id;
      };
    return {
      enqueue: (payload, enqueueOptions) => enqueueOn(options.db)(payload, enqueueOptions),
      within: (trx) => ({ enqueue: enqueueOn(trx) }),
      discardWaiting: (trx, path, value) => store.discardWaiting(trx, kind.name, path, value),
    };
  }

  async function execute(job: TakenJob): Promise<void> {
    const kind = kinds.get(job.name);
    try {
      if (kind === undefined) throw new PermanentJobError(`no handler is defined for jobs named "${job.name}"`);
      const parsed = kind.payload.safeParse(job.payload);
      if (!parsed.success) throw new PermanentJobError(`its payload is not valid: ${parsed.error.message}`);
      await kind.handle(parsed.data, { id: job.id, attempt: job.attempt });
    } catch (error) {
      const permanent = error instanceof PermanentJobError;
      const last = permanent || job.attempt >= job.maxAttempts;
      logger[last ? 'error' : 'warn'](
        { err: error, job: job.name, jobId: job.id, attempt: job.attempt, maxAttempts: job.maxAttempts },
        last
          ? 'a background job failed and will not be tried again'
          : 'a background job failed; it will be tried again',
      );
      await store.fail(job, errorText(error), permanent).catch((storeError: unknown) => {
        logger.error(
          { err: storeError, jobId: job.id },
          'could not record a failed job; it will time out and run again',
        );
      });
      return;
    }
    try {
      await store.complete(job);
      // A periodic job's failed runs are history once a later run has done the work.
      if (periodic.has(job.name)) await store.discardFailed(job.name);
    } catch (error) {
      logger.error({ err: error, jobId: job.id }, 'could not record a finished job; it will time out and run again');
    }
  }

  async function queueDuePeriodicJobs(): Promise<void> {
    const now = clock.now();
    for (const job of periodic.values()) {
      if (job.checkAt > now) continue;
      const claimed = await transaction(async (trx) => {
        if (!(await schedules.claimDue(trx, job.name, job.intervalMs, now))) return false;
        await job.sender.within(trx).enqueue({}, { key: job.name });
        return true;
      });
      // Another process may have claimed it: look again when the schedule says, not every poll.
      job.checkAt = claimed ? now + job.intervalMs : ((await schedules.nextRunAt(job.name)) ?? now + job.intervalMs);
    }
  }

  async function takeAndStart(): Promise<number> {
    const free = options.concurrency - inFlight.size;
    if (free <= 0) return 0;
    const taken = await store.take([...kinds.keys()], free);
    for (const job of taken) {
      const done = execute(job).finally(() => {
        inFlight.delete(job.id);
        wake();
      });
      inFlight.set(job.id, { job, done });
    }
    return taken.length;
  }

  async function tick(): Promise<void> {
    await queueDuePeriodicJobs();
    await store.maintain();
    await takeAndStart();
  }

  async function runLoop(): Promise<void> {
    // Functions, not the variables: both change while the loop awaits.
    const running = () => phase === 'running';
    const woken = () => wokenDuringTick;
    while (running()) {
      wokenDuringTick = false;
      try {
        await tick();
      } catch (error) {
        logger.error({ err: error }, 'the job runner could not reach its store; trying again');
      }
      if (!running() || woken()) continue;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, options.pollIntervalMs);
        timer.unref();
        wakeUp = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      wakeUp = null;
    }
  }

  return {
    define,

    every(job) {
      const sender = define({
        name: job.name,
        payload: NO_PAYLOAD,
        // The next interval is the retry; a run that failed stays visible until one succeeds.
        retry: { attempts: 1, backoffSeconds: 1 },
        timeoutSeconds: job.timeoutSeconds,
        handle: () => job.run(),
        describe: () => `every ${describeInterval(job.intervalMs)}`,
      });
      periodic.set(job.name, { ...job, checkAt: 0, sender });
    },

    async start({ work = true } = {}) {
      if (phase !== 'defining') throw new Error('the jobs have already started');
      await store.prepare([...kinds.keys()]);
      const now = clock.now();
      for (const job of periodic.values()) await schedules.register(job.name, job.intervalMs, now);
      phase = work ? 'running' : 'prepared';
      if (work) loop = runLoop();
    },

    async stop(graceMs) {
      if (phase === 'stopped' || phase === 'stopping') return;
      const wasRunning = phase === 'running';
      phase = 'stopping';
      wake();
      await loop;
      if (wasRunning && inFlight.size > 0) {
        const all = Promise.all([...inFlight.values()].map((run) => run.done));
        await Promise.race([all, sleep(graceMs, undefined, { ref: false })]);
        for (const { job } of inFlight.values()) {
          logger.warn({ job: job.name, jobId: job.id }, 'a job was still running at shutdown; it will be tried again');
          await store.fail(job, 'the server stopped before the job finished', false).catch(() => undefined);
        }
      }
      phase = 'stopped';
      await store.close();
    },

    async runDue() {
      let ran = 0;
      for (let round = 0; ; round += 1) {
        if (round === MAX_ROUNDS) throw new Error('runDue: jobs keep queuing more work due at once');
        await queueDuePeriodicJobs();
        await store.maintain();
        const taken = await store.take([...kinds.keys()], Math.max(1, options.concurrency));
        if (taken.length === 0) break;
        await Promise.all(taken.map(execute));
        ran += taken.length;
      }
      await Promise.all([...inFlight.values()].map((run) => run.done));
      return ran;
    },

    recoverAbandoned: () => store.recoverAbandoned(),

    admin: {
      async list(filter) {
        return (await store.list(filter)).map(summarise);
      },
      async find(id) {
        const job = await store.find(id);
        return job === null ? null : summarise(job);
      },
      counts: () => store.counts(),
      retry: async (id) => {
        const retried = await store.retry(id);
        if (retried) wake();
        return retried;
      },
      async discard(id) {
        const job = await store.discard(id);
        return job === null ? null : summarise(job);
      },
    },
  };

  function summarise(job: StoredJob): JobSummary {
    const { payload, ...rest } = job;
    const kind = kinds.get(job.name);
    const parsed = kind?.payload.safeParse(payload);
    return { ...rest, description: kind !== undefined && parsed?.success ? kind.describe(parsed.data) : job.name };
  }
}

function errorText(error: unknown): string {
  const text = error instanceof Error ? error.message || error.name : String(error);
  return text.length > MAX_ERROR_LENGTH ? `${text.slice(0, MAX_ERROR_LENGTH)}…` : text;
}

function describeInterval(ms: number): string {
  if (ms % 3_600_000 === 0) return ms === 3_600_000 ? 'hour' : `${ms / 3_600_000} hours`;
  if (ms % 60_000 === 0) return ms === 60_000 ? 'minute' : `${ms / 60_000} minutes`;
  return `${Math.round(ms / 1000)} seconds`;
}

function checkRetry(retry: RetryPolicy): void {
  if (!Number.isInteger(retry.attempts) || retry.attempts < 1) throw new Error('a job needs at least 1 attempt');
  if (!Number.isInteger(retry.backoffSeconds) || retry.backoffSeconds < 1) {
    throw new Error('a job backs off for a whole number of seconds, at least 1');
  }
}
