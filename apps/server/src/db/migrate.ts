import { type Kysely, type Migration, Migrator, sql } from 'kysely';
import type { DatabaseHandle } from './connect.js';
import type { Database } from './schema.js';
import { migrations as allMigrations } from './migrations/index.js';

export interface MigrationReport {
  applied: string[];
}

const MIGRATION_ATTEMPTS = 3;

/** A migration itself failed: trying again would fail the same way, so it is not retried. */
class MigrationFailed extends Error {
  override name = 'MigrationFailed';
}

/**
 * Brings the schema up to date, all pending migrations in one transaction: a migration that
 * fails half-way leaves the database exactly as it was. Processes starting together apply
 * each migration once (an advisory lock on PostgreSQL, the write lock on SQLite); one that
 * still loses a race (a busy timeout) tries again and finds the work done.
 */
export async function migrateToLatest(
  database: DatabaseHandle,
  migrations: Record<string, Migration> = allMigrations,
): Promise<MigrationReport> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await migrateOnce(database, migrations);
    } catch (error) {
      if (error instanceof MigrationFailed || attempt >= MIGRATION_ATTEMPTS) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50 * attempt));
    }
  }
}

async function migrateOnce(database: DatabaseHandle, migrations: Record<string, Migration>): Promise<MigrationReport> {
  if (database.engine === 'postgres') {
    // Kysely looks for its bookkeeping tables in every schema it can see unless told which one;
    // another schema's kysely_migration (a parallel test run, a second app) would hide ours.
    const { rows } = await sql<{ name: string | null }>`select current_schema() as name`.execute(database.db);
    return runMigrator(database.db, migrations, rows[0]?.name ?? undefined);
  }

  // Kysely runs SQLite migrations outside any transaction. BEGIN IMMEDIATE makes them
  // all-or-nothing and takes the write lock first, so a second process waits instead of racing.
  // Foreign keys are off meanwhile, as SQLite asks of a migration that rebuilds a table other
  // tables reference (it cannot change a CHECK otherwise), and checked before the commit.
  return database.db.connection().execute(async (connection) => {
    await sql`pragma foreign_keys = off`.execute(connection);
    try {
      await sql`begin immediate`.execute(connection);
      try {
        const report = await runMigrator(connection, migrations);
        const broken = await sql<{ table: string }>`pragma foreign_key_check`.execute(connection);
        if (broken.rows.length > 0) {
          throw new Error(`Migrations left ${broken.rows.length} rows whose foreign key points nowhere`);
        }
        await sql`commit`.execute(connection);
        return report;
      } catch (error) {
        await sql`rollback`.execute(connection);
        throw error;
      }
    } finally {
      await sql`pragma foreign_keys = on`.execute(connection);
    }
  });
}

async function runMigrator(
  db: Kysely<Database>,
  migrations: Record<string, Migration>,
  migrationTableSchema?: string,
): Promise<MigrationReport> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: () => Promise.resolve(migrations) },
    ...(migrationTableSchema === undefined ? {} : { migrationTableSchema }),
  });
  const { error, results = [] } = await migrator.migrateToLatest();
  const failed = results.find((result) => result.status === 'Error');
  if (failed !== undefined) {
    throw new MigrationFailed(
      `Migration ${failed.migrationName} failed; the database was left at the last good version`,
      { cause: error },
    );
  }
  if (error !== undefined) {
    // Before any migration ran (a lock or busy timeout, a race on the bookkeeping table): worth another try.
    throw new Error('Migrations could not start; the database was left at the last good version', { cause: error });
  }
  return { applied: results.filter((result) => result.status === 'Success').map((result) => result.migrationName) };
}
