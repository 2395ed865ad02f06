import { spawn } from 'node:child_process';
import path from 'node:path';
import { type Migration, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { connectDatabase } from '../src/db/connect.js';
import { migrateToLatest } from '../src/db/migrate.js';
import { migrations } from '../src/db/migrations/index.js';
import { createTestDatabase, testLogger } from './test-app.js';

const migrateCli = path.resolve(import.meta.dirname, '../src/migrate-cli.ts');

/** `npm run migrate` as a real process, the way two servers starting together would run it. */
function runMigrateCli(env: Record<string, string>): Promise<{ code: number | null; text: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', '--conditions=source', migrateCli], {
      env: { PATH: process.env['PATH'] ?? '', NODE_ENV: 'test', ...env },
    });
    let text = '';
    const collect = (chunk: Buffer) => {
      text += chunk.toString();
    };
    child.stdout.on('data', collect);
    child.stderr.on('data', collect);
    child.on('exit', (code) => {
      resolve({ code, text });
    });
  });
}

describe('migrations', () => {
  it('apply once, then report nothing to do', async () => {
    const testDatabase = await createTestDatabase();
    const database = connectDatabase(testDatabase.settings, testLogger);
    try {
      expect(await migrateToLatest(database)).toEqual({ applied: Object.keys(migrations) });
      expect(await migrateToLatest(database)).toEqual({ applied: [] });
    } finally {
      await database.close();
      await testDatabase.drop();
    }
  });

  it('apply exactly once when two processes start at the same moment', async () => {
    const testDatabase = await createTestDatabase();
    const env: Record<string, string> =
      testDatabase.settings.kind === 'postgres'
        ? { DATABASE_URL: testDatabase.settings.url }
        : { DATA_DIR: testDatabase.dataDir };
    try {
      const outputs = await Promise.all([runMigrateCli(env), runMigrateCli(env)]);
      expect(outputs.map((output) => output.code)).toEqual([0, 0]);
      const text = outputs.map((output) => output.text).join('\n');
      expect(text.match(/applied 0001-contact-messages/g)).toHaveLength(1);
      expect(text.match(/already up to date/g)).toHaveLength(1);

      const database = connectDatabase(testDatabase.settings, testLogger);
      const applied = await sql<{ name: string }>`select name from kysely_migration`.execute(database.db);
      expect(applied.rows.map((row) => row.name)).toEqual(Object.keys(migrations));
      await database.close();
    } finally {
      await testDatabase.drop();
    }
  });

  it('leave nothing behind when one fails half-way, so the next start can try again', async () => {
    const testDatabase = await createTestDatabase();
    const database = connectDatabase(testDatabase.settings, testLogger);
    const broken: Record<string, Migration> = {
      '0001-first': {
        up: async (db) => {
          await db.schema.createTable('first_table').addColumn('id', 'text').execute();
        },
      },
      '0002-second': {
        up: async (db) => {
          await db.schema.createTable('second_table').addColumn('id', 'text').execute();
          throw new Error('disk full');
        },
      },
    };
    try {
      await expect(migrateToLatest(database, broken)).rejects.toThrow(
        'Migration 0002-second failed; the database was left at the last good version',
      );
      // On PostgreSQL the introspection lists every schema, including other test files' running in parallel.
      const ownSchema =
        database.engine === 'postgres'
          ? (await sql<{ name: string }>`select current_schema() as name`.execute(database.db)).rows[0]?.name
          : undefined;
      const tables = (await database.db.introspection.getTables())
        .filter((table) => table.schema === ownSchema)
        .map((table) => table.name);
      expect(tables).not.toContain('first_table');
      expect(tables).not.toContain('second_table');
      expect(tables).not.toContain('contact_messages');

      // With the broken migration fixed, everything applies from the start.
      const fixed: Record<string, Migration> = {
        ...broken,
        '0002-second': {
          up: async (db) => {
            await db.schema.createTable('second_table').addColumn('id', 'text').execute();
          },
        },
      };
      expect(await migrateToLatest(database, fixed)).toEqual({ applied: ['0001-first', '0002-second'] });
    } finally {
      await database.close();
      await testDatabase.drop();
    }
  });

  it('returns BIGINT counts as numbers on every engine', async () => {
    const testDatabase = await createTestDatabase();
    const database = connectDatabase(testDatabase.settings, testLogger);
    try {
      await migrateToLatest(database);
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
