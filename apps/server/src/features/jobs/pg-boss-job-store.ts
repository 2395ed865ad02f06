import { setTimeout as sleep } from 'node:timers/promises';
import { CompiledQuery, type Kysely } from 'kysely';
import type PgBoss from 'pg-boss';
import type { Database } from '../../db/schema.js';
import type { JobState } from './job-kinds.js';
import type { JobStore, ListedState, StoredJob, TakenJob } from './job-store.js';

export interface PgBossLogger {
  error(details: object, message: string): void;
}

const STATES: Record<string, JobState> = {
  created: 'queued',
  retry: 'retry',
  active: 'running',
  completed: 'completed',
  failed: 'failed',
};

/**
 * The queue on PostgreSQL: pg-boss 10 (ADR 019), in a schema of its own, with a small pool of its
 * own for taking and finishing jobs. Queuing joins the caller's transaction through pg-boss's `db`
 * option. pg-boss's maintenance fails runs whose process died once their time limit passes (they
 * are then retried), and archives done jobs. The admin's list, discarding and a permanent failure
 * read and write pg-boss's job table directly: pg-boss 10 has no calls for them, and the version
 * is pinned to 10.4 so the table's shape cannot move under us.
 */
export async function createPgBossJobStore(options: {
  connectionString: string;
  schema: string;
  /** Connections pg-boss may hold, beside the app's own pool. */
  poolSize: number;
  logger: PgBossLogger;
}): Promise<JobStore> {
  const { schema } = options;
  if (!/^[a-z_][a-z0-9_]*$/.test(schema)) throw new Error(`JOBS_PG_SCHEMA must be a plain lower-case name: ${schema}`);
  // Loaded only here: the embedded default (SQLite) never needs it.
  const { default: PgBossQueue } = await import('pg-boss');
  const boss = new PgBossQueue({
    connectionString: options.connectionString,
    schema,
    max: options.poolSize,
    application_name: 'kholo-jobs',
    // Periodic work is ours (schedules.ts, on the app's clock); pg-boss's cron stays off.
    schedule: false,
    supervise: true,
    maintenanceIntervalSeconds: 60,
    // Failed jobs stay in the job table (the admin's Jobs view) for 30 days: our dead letters.
    archiveFailedAfterSeconds: 30 * 24 * 60 * 60,
    archiveCompletedAfterSeconds: 24 * 60 * 60,
    deleteAfterDays: 7,
  });
  boss.on('error', (error) => {
    options.logger.error({ err: error }, 'the job queue (pg-boss) reported an error');
  });
  await boss.start();
  const table = `${schema}.job`;
  const sqlOf = (executor: Kysely<Database>) => ({
    executeSql: async (text: string, values: unknown[]) => {
      const result = await executor.executeQuery(CompiledQuery.raw(text, values));
      return { rows: result.rows as Record<string, unknown>[] };
    },
  });
  // Our own reads and edits of the job table go through pg-boss's pool too.
  const bossDb = boss.getDb();
  const own = async (text: string, values: unknown[] = []): Promise<{ rows: Row[] }> =>
    await bossDb.executeSql(text, values);

  return {
    kind: 'pg-boss',

    async prepare(names) {
      for (const name of names) await createQueue(name);
    },

    async insert(executor, job) {
      const id = await boss.send(job.name, job.payload as object, {
        id: job.id,
        // Under "short" a null key is one key shared by every job of the name, so a job without
        // one is given its own id.
        singletonKey: job.key ?? job.id,
        startAfter: Math.ceil(job.delayMs / 1000),
        retryLimit: job.retry.attempts - 1,
        retryDelay: job.retry.backoffSeconds,
        retryBackoff: true,
        expireInSeconds: job.timeoutSeconds,
        db: sqlOf(executor),
      });
      return id;
    },

    async take(names, limit) {
      const taken: TakenJob[] = [];
      for (const name of names) {
        if (taken.length >= limit) break;
        const jobs: PgBoss.JobWithMetadata[] = await boss.fetch<object>(name, {
          batchSize: limit - taken.length,
          includeMetadata: true,
        });
        for (const job of jobs) {
          taken.push({
            id: job.id,
            name: job.name,
            payload: job.data,
            attempt: job.retryCount + 1,
            maxAttempts: job.retryLimit + 1,
          });
        }
      }
      return taken;
    },

    async complete(job) {
      await boss.complete(job.name, job.id);
    },

    async fail(job, error, permanent) {
      if (permanent)
        await own(`UPDATE ${table} SET retry_limit = retry_count WHERE name = $1 AND id = $2`, [job.name, job.id]);
      await boss.fail(job.name, job.id, { message: error });
    },

    // pg-boss's supervisor times out and archives on its own timer.
    async maintain(force = false) {
      if (force) await boss.maintain();
    },

    // Another process may be running jobs on the same database; dead runs time out instead.
    recoverAbandoned: () => Promise.resolve(0),

    async list({ state, limit }) {
      const states = state === undefined ? ['created', 'retry', 'active', 'failed'] : [bossState(state)];
      const { rows } = await own(
        `SELECT ${COLUMNS} FROM ${table} WHERE state::text = ANY($1) ORDER BY created_on DESC, id LIMIT $2`,
        [states, limit],
      );
      return rows.map(stored);
    },

    async find(id) {
      const { rows } = await own(`SELECT ${COLUMNS} FROM ${table} WHERE id = $1`, [uuidOrNil(id)]);
      return rows[0] === undefined ? null : stored(rows[0]);
    },

    async counts() {
      const { rows } = await own(
        `SELECT state::text AS state, count(*)::int AS count FROM ${table}
          WHERE state IN ('created', 'retry', 'active', 'failed') GROUP BY state`,
      );
      const counts: Record<ListedState, number> = { queued: 0, retry: 0, running: 0, failed: 0 };
      for (const row of rows) counts[STATES[String(row['state'])] as ListedState] = Number(row['count']);
      return counts;
    },

    async retry(id) {
      const name = await nameOf(id, 'failed');
      if (name === null) return false;
      // pg-boss's UPDATE moves only a job still failed; of two admins retrying at once one gets it.
      // Its answer counts them (manager.js mapCommandResponse), though the typings say void.
      const retryJob = boss.retry.bind(boss) as unknown as (
        queue: string,
        job: string,
      ) => Promise<{ affected: number }>;
      return (await retryJob(name, id)).affected > 0;
    },

    async discard(id) {
      const { rows } = await own(`DELETE FROM ${table} WHERE id = $1 AND state <> 'active' RETURNING ${COLUMNS}`, [
        uuidOrNil(id),
      ]);
      return rows[0] === undefined ? null : stored(rows[0]);
    },

    async discardWaiting(executor, name, path, value) {
      const { rows } = await sqlOf(executor).executeSql(
        `DELETE FROM ${table} WHERE name = $1 AND state IN ('created', 'retry') AND data #>> $2 = $3 RETURNING 1`,
        [name, path, value],
      );
      return rows.length;
    },

    async discardFailed(name) {
      const { rows } = await own(`DELETE FROM ${table} WHERE name = $1 AND state = 'failed' RETURNING 1`, [name]);
      return rows.length;
    },

    async close() {
      await boss.stop({ graceful: false, wait: true, timeout: 1000 });
    },
  };

  /**
   * "short": at most one job per key waiting for its first run, as on SQLite. Workers and machines
   * starting together race to create the same queue, and pg-boss's create_queue then deadlocks or
   * hits its unique name; the loser looks again and finds the queue made.
   */
  async function createQueue(name: string): Promise<void> {
    for (let attempt = 1; ; attempt += 1) {
      if ((await boss.getQueue(name)) !== null) return;
      try {
        await boss.createQueue(name, { name, policy: 'short' });
        return;
      } catch (error) {
        const code = (error as { code?: unknown }).code;
        if (attempt >= CREATE_QUEUE_ATTEMPTS || (code !== DEADLOCK && code !== UNIQUE_VIOLATION)) throw error;
        await sleep(Math.random() * 100 * attempt);
      }
    }
  }

  async function nameOf(id: string, state: string): Promise<string | null> {
    const { rows } = await own(`SELECT name FROM ${table} WHERE id = $1 AND state::text = $2`, [uuidOrNil(id), state]);
    return rows[0] === undefined ? null : String(rows[0]['name']);
  }
}

type Row = Record<string, unknown>;

const CREATE_QUEUE_ATTEMPTS = 5;
const DEADLOCK = '40P01';
const UNIQUE_VIOLATION = '23505';

const COLUMNS = `id::text AS id, name, data, singleton_key, state::text AS state, retry_count, retry_limit,
  started_on, created_on, start_after, completed_on, output`;

function bossState(state: ListedState): string {
  return { queued: 'created', retry: 'retry', running: 'active', failed: 'failed' }[state];
}

/** An id that is not a uuid matches nothing (rather than failing the cast). */
function uuidOrNil(id: string): string {
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id)
    ? id
    : '00000000-0000-0000-0000-000000000000';
}

function stored(row: Row): StoredJob {
  const id = String(row['id']);
  const singletonKey = row['singleton_key'] as string | null;
  const key = singletonKey === null || singletonKey === id ? null : singletonKey;
  const startedOn = row['started_on'] as Date | null;
  const retryCount = Number(row['retry_count']);
  return {
    id,
    name: String(row['name']),
    payload: row['data'],
    key,
    state: STATES[String(row['state'])] ?? 'failed',
    attempts: startedOn === null ? 0 : retryCount + 1,
    maxAttempts: Number(row['retry_limit']) + 1,
    createdAt: (row['created_on'] as Date).getTime(),
    runAt: (row['start_after'] as Date).getTime(),
    finishedAt: row['completed_on'] === null ? null : (row['completed_on'] as Date).getTime(),
    lastError: errorMessage(row['output']),
  };
}

/** pg-boss keeps our failure as `{message}`, and its own (a timeout) as `{value: {message}}`. */
function errorMessage(output: unknown): string | null {
  if (output === null || typeof output !== 'object') return null;
  const value = output as { message?: unknown; value?: { message?: unknown } };
  if (typeof value.message === 'string') return value.message;
  if (typeof value.value?.message === 'string') return value.value.message;
  return null;
}
