import { type Kysely, Migrator } from 'kysely';
import type { Database } from './schema.js';
import { migrations } from './migrations/index.js';

export interface MigrationReport {
  applied: string[];
}

/**
 * Brings the schema up to date, all pending migrations in one transaction. On PostgreSQL
 * Kysely holds an advisory lock, so processes starting together apply each migration once.
 */
export async function migrateToLatest(db: Kysely<Database>): Promise<MigrationReport> {
  // Kysely has no migration lock on SQLite: two processes may both try a migration, and the
  // loser's transaction rolls back whole. Trying again then finds the work done.
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await migrateOnce(db);
    } catch (error) {
      if (attempt >= MIGRATION_ATTEMPTS) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50 * attempt));
    }
  }
}

const MIGRATION_ATTEMPTS = 3;

async function migrateOnce(db: Kysely<Database>): Promise<MigrationReport> {
  const migrator = new Migrator({ db, provider: { getMigrations: () => Promise.resolve(migrations) } });
  const { error, results = [] } = await migrator.migrateToLatest();
  const failed = results.find((result) => result.status === 'Error');
  if (error !== undefined || failed !== undefined) {
    const name = failed?.migrationName ?? 'unknown';
    throw new Error(`Migration ${name} failed; the database was left at the last good version`, { cause: error });
  }
  return { applied: results.filter((result) => result.status === 'Success').map((result) => result.migrationName) };
}
