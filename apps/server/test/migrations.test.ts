import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { connectDatabase } from '../src/db/connect.js';
import { migrateToLatest } from '../src/db/migrate.js';
import { migrations } from '../src/db/migrations/index.js';
import { createTestDatabase } from './test-app.js';

describe('migrations', () => {
  it('apply once, then report nothing to do', async () => {
    const testDatabase = await createTestDatabase();
    const database = connectDatabase(testDatabase.settings);
    try {
      expect(await migrateToLatest(database.db)).toEqual({ applied: Object.keys(migrations) });
      expect(await migrateToLatest(database.db)).toEqual({ applied: [] });
    } finally {
      await database.close();
      await testDatabase.drop();
    }
  });

  it('apply exactly once when two processes start at the same moment', async () => {
    const testDatabase = await createTestDatabase();
    const first = connectDatabase(testDatabase.settings);
    const second = connectDatabase(testDatabase.settings);
    try {
      const reports = await Promise.all([migrateToLatest(first.db), migrateToLatest(second.db)]);
      expect(reports.flatMap((report) => report.applied).sort()).toEqual(Object.keys(migrations).sort());
    } finally {
      await first.close();
      await second.close();
      await testDatabase.drop();
    }
  });

  it('returns BIGINT counts as numbers on every engine', async () => {
    const testDatabase = await createTestDatabase();
    const database = connectDatabase(testDatabase.settings);
    try {
      await migrateToLatest(database.db);
      const row = await database.db
        .selectFrom('contactMessages')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .executeTakeFirstOrThrow();
      expect(row.count).toBe(0);
      const big = await sql<{ value: number }>`select cast(9007199254740991 as bigint) as value`.execute(database.db);
      expect(big.rows[0]?.value).toBe(Number.MAX_SAFE_INTEGER);
    } finally {
      await database.close();
      await testDatabase.drop();
    }
  });
});
