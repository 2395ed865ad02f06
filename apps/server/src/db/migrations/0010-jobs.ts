import { type Kysely, PostgresAdapter, sql } from 'kysely';

/**
 * Durable background work (issue 20, ADR 019).
 * - `job_schedules`: when each periodic job next falls due. A process that finds one due moves
 *   it on with a guarded UPDATE and queues the job in the same transaction, so each run is queued
 *   once across every process and machine. Both databases.
 * - `jobs`: the queue itself on SQLite. PostgreSQL keeps its jobs in pg-boss's own schema, which
 *   pg-boss creates and migrates, so this table exists on SQLite only.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('job_schedules')
    .addColumn('name', 'text', (column) => column.primaryKey())
    .addColumn('next_run_at', 'bigint', (column) => column.notNull())
    .execute();

  if (db.getExecutor().adapter instanceof PostgresAdapter) return;

  await db.schema
    .createTable('jobs')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('name', 'text', (column) => column.notNull())
    .addColumn('payload', 'text', (column) => column.notNull())
    .addColumn('key', 'text')
    .addColumn('state', 'text', (column) =>
      column.notNull().check(sql`state in ('queued', 'retry', 'running', 'completed', 'failed')`),
    )
    .addColumn('attempts', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('max_attempts', 'integer', (column) => column.notNull().check(sql`max_attempts >= 1`))
    .addColumn('backoff_seconds', 'integer', (column) => column.notNull())
    .addColumn('timeout_seconds', 'integer', (column) => column.notNull())
    .addColumn('run_at', 'bigint', (column) => column.notNull())
    .addColumn('locked_until', 'bigint')
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'bigint', (column) => column.notNull())
    .addColumn('finished_at', 'bigint')
    .execute();
  // One job per key waiting for its first run; pg-boss's "short" queue policy keeps the same rule.
  await sql`create unique index jobs_waiting_key on jobs (name, key) where state = 'queued' and key is not null`.execute(
    db,
  );
  await sql`create index jobs_due on jobs (state, run_at)`.execute(db);
}
