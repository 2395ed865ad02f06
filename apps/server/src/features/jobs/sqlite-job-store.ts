import { type Kysely, type Selectable, sql } from 'kysely';
import type { Database, JobsTable } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import { retryDelayMs } from './job-kinds.js';
import type { JobStore, ListedState, StoredJob, TakenJob } from './job-store.js';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Done jobs are kept a week for looking into; failed ones a month, unless the admin acts first. */
const KEEP_COMPLETED_MS = 7 * DAY_MS;
const KEEP_FAILED_MS = 30 * DAY_MS;
const PRUNE_EVERY_MS = 10 * 60 * 1000;
const ABANDONED = 'the server stopped while this job was running';
const TIMED_OUT = 'the job ran past its time limit (its process stopped, or it hung)';

/**
 * The queue in SQLite's own file, for the embedded default (one machine, ADR 019). Every change
 * of state is one statement, and SQLite runs one writer at a time, so a job is taken by exactly
 * one worker even with several processes on the file. Times are the app's clock, so tests move
 * them with a fake one.
 */
export function createSqliteJobStore(db: Kysely<Database>, clock: Clock, random: () => number = Math.random): JobStore {
  let prunedAt = 0;

  async function failOne(job: Pick<TakenJob, 'id' | 'attempt' | 'maxAttempts'>, error: string, permanent: boolean) {
    const now = clock.now();
    const row = await db.selectFrom('jobs').select('backoffSeconds').where('id', '=', job.id).executeTakeFirst();
    if (row === undefined) return;
    const last = permanent || job.attempt >= job.maxAttempts;
    await db
      .updateTable('jobs')
      .set(
        last
          ? // A permanent failure has had its last try, as pg-boss records it.
            { state: 'failed', lastError: error, lockedUntil: null, finishedAt: now, maxAttempts: job.attempt }
          : {
              state: 'retry',
              lastError: error,
              lockedUntil: null,
              runAt:
                now +
                retryDelayMs({ attempts: job.maxAttempts, backoffSeconds: row.backoffSeconds }, job.attempt, random()),
            },
      )
      .where('id', '=', job.id)
      .where('state', '=', 'running')
      .execute();
  }

  async function failRunning(before: number, error: string): Promise<number> {
    const stuck = await db
      .selectFrom('jobs')
      .select(['id', 'attempts', 'maxAttempts'])
      .where('state', '=', 'running')
      .where('lockedUntil', '<=', before)
      .execute();
    for (const job of stuck)
      await failOne({ id: job.id, attempt: job.attempts, maxAttempts: job.maxAttempts }, error, false);
    return stuck.length;
  }

  return {
    kind: 'sqlite',
    async prepare() {},

    async insert(executor, job) {
      const now = clock.now();
      const row = await executor
        .insertInto('jobs')
        .values({
          id: job.id,
          name: job.name,
          payload: JSON.stringify(job.payload),
          key: job.key,
          state: 'queued',
          attempts: 0,
          maxAttempts: job.retry.attempts,
          backoffSeconds: job.retry.backoffSeconds,
          timeoutSeconds: job.timeoutSeconds,
          runAt: now + job.delayMs,
          createdAt: now,
        })
        // The only conflict possible is the waiting-key index: that key is already queued.
        .onConflict((conflict) => conflict.doNothing())
        .returning('id')
        .executeTakeFirst();
      return row?.id ?? null;
    },

    async take(names, limit) {
      if (names.length === 0 || limit <= 0) return [];
      const now = clock.now();
      const taken = await db
        .updateTable('jobs')
        .set((eb) => ({
          state: 'running',
          attempts: eb('attempts', '+', 1),
          lockedUntil: eb(eb.val(now), '+', eb('timeoutSeconds', '*', 1000)),
        }))
        .where('id', 'in', (eb) =>
          eb
            .selectFrom('jobs')
            .select('id')
            .where('state', 'in', ['queued', 'retry'])
            .where('runAt', '<=', now)
            .where('name', 'in', names)
            .orderBy('runAt')
            .orderBy('createdAt')
            .limit(limit),
        )
        .returning(['id', 'name', 'payload', 'attempts', 'maxAttempts'])
        .execute();
      return taken.map((job) => ({
        id: job.id,
        name: job.name,
        payload: JSON.parse(job.payload) as unknown,
        attempt: job.attempts,
        maxAttempts: job.maxAttempts,
      }));
    },

    async complete(job) {
      await db
        .updateTable('jobs')
        .set({ state: 'completed', lockedUntil: null, finishedAt: clock.now() })
        .where('id', '=', job.id)
        .where('state', '=', 'running')
        .execute();
    },

    fail: failOne,

    async maintain() {
      const now = clock.now();
      await failRunning(now, TIMED_OUT);
      if (now - prunedAt < PRUNE_EVERY_MS) return;
      prunedAt = now;
      await db
        .deleteFrom('jobs')
        .where((eb) =>
          eb.or([
            eb.and([eb('state', '=', 'completed'), eb('finishedAt', '<', now - KEEP_COMPLETED_MS)]),
            eb.and([eb('state', '=', 'failed'), eb('finishedAt', '<', now - KEEP_FAILED_MS)]),
          ]),
        )
        .execute();
    },

    recoverAbandoned: () => failRunning(Number.MAX_SAFE_INTEGER, ABANDONED),

    async list({ state, limit }) {
      let query = db.selectFrom('jobs').selectAll();
      query = state === undefined ? query.where('state', '<>', 'completed') : query.where('state', '=', state);
      const rows = await query.orderBy('createdAt', 'desc').orderBy('id').limit(limit).execute();
      return rows.map(stored);
    },

    async find(id) {
      const row = await db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirst();
      return row === undefined ? null : stored(row);
    },

    async counts() {
      const rows = await db
        .selectFrom('jobs')
        .select(['state', (eb) => eb.fn.countAll<number>().as('count')])
        .where('state', '<>', 'completed')
        .groupBy('state')
        .execute();
      const counts: Record<ListedState, number> = { queued: 0, retry: 0, running: 0, failed: 0 };
      for (const row of rows) counts[row.state as ListedState] = row.count;
      return counts;
    },

    async retry(id) {
      const result = await db
        .updateTable('jobs')
        .set((eb) => ({ state: 'retry', maxAttempts: eb('maxAttempts', '+', 1), runAt: clock.now(), finishedAt: null }))
        .where('id', '=', id)
        .where('state', '=', 'failed')
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    async discard(id) {
      const row = await db
        .deleteFrom('jobs')
        .where('id', '=', id)
        .where('state', '<>', 'running')
        .returningAll()
        .executeTakeFirst();
      return row === undefined ? null : stored(row);
    },

    async discardWaiting(executor, name, path, value) {
      const result = await executor
        .deleteFrom('jobs')
        .where('name', '=', name)
        .where('state', 'in', ['queued', 'retry'])
        .where(sql<string>`json_extract(payload, ${`$.${path.join('.')}`})`, '=', value)
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    async discardFailed(name) {
      const result = await db
        .deleteFrom('jobs')
        .where('name', '=', name)
        .where('state', '=', 'failed')
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    async close() {},
  };
}

function stored(row: Selectable<JobsTable>): StoredJob {
  return {
    id: row.id,
    name: row.name,
    payload: JSON.parse(row.payload) as unknown,
    key: row.key,
    state: row.state,
    attempts: row.attempts,
    maxAttempts: row.maxAttempts,
    createdAt: row.createdAt,
    runAt: row.runAt,
    finishedAt: row.finishedAt,
    lastError: row.lastError,
  };
}
