import { spawn } from 'node:child_process';
import path from 'node:path';
import { type Migration, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { connectDatabase } from '../src/db/connect.js';
import { migrateToLatest } from '../src/db/migrate.js';
import { migrations } from '../src/db/migrations/index.js';
import { createTestDatabase, testLogger } from './test-app.js';

/** The migrations up to and including `last`, as a record migrateToLatest takes. */
function migrationsThrough(last: string): Record<string, Migration> {
  return Object.fromEntries(Object.entries(migrations).filter(([name]) => name <= last));
}

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
      // On PostgreSQL only this file's schema: introspecting every schema races the other test
      // files creating and dropping theirs (and pg-boss's) in parallel.
      const tables =
        database.engine === 'postgres'
          ? (
              await sql<{ name: string }>`select table_name as name from information_schema.tables
                where table_schema = current_schema()`.execute(database.db)
            ).rows.map((row) => row.name)
          : (await database.db.introspection.getTables()).map((table) => table.name);
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

  it('0008 keeps one record per released handle, its instants as numbers', async () => {
    const testDatabase = await createTestDatabase();
    const database = connectDatabase(testDatabase.settings, testLogger);
    try {
      await migrateToLatest(database);
      const releasedAt = Date.UTC(2026, 10, 21, 6, 0);
      const hold = { handle: 'priya-sharma', userId: 'u1', releasedAt, heldUntil: releasedAt + 90 * 86_400_000 };
      await database.db.insertInto('releasedHandles').values(hold).execute();
      expect(await database.db.selectFrom('releasedHandles').selectAll().execute()).toEqual([hold]);
      await expect(
        database.db
          .insertInto('releasedHandles')
          .values({ ...hold, userId: 'u2' })
          .execute(),
      ).rejects.toThrow(/unique|primary key/i);
    } finally {
      await database.close();
      await testDatabase.drop();
    }
  });

  it('0005 keeps the ledger through its rebuild: rows, the entries-to-transactions key, and the new kinds', async () => {
    const testDatabase = await createTestDatabase();
    const database = connectDatabase(testDatabase.settings, testLogger);
    const { db } = database;
    try {
      const through0004 = migrationsThrough('0004-payments');
      expect(Object.keys(through0004).at(-1)).toBe('0004-payments');
      await migrateToLatest(database, through0004);

      // A sale as 0004 knew it: an account, her creator profile and item, a paid order, the split.
      const now = Date.UTC(2026, 10, 21, 6, 0);
      await sql`insert into auth_users (id, name, email, email_verified, created_at, updated_at)
        values ('u1', 'Meera Rathore', 'meera@example.com', ${sql.lit(false)}, ${'2026-11-21T06:00:00.000Z'}, ${'2026-11-21T06:00:00.000Z'})`.execute(
        db,
      );
      await db
        .insertInto('creators')
        .values({ userId: 'u1', handle: 'meera', name: 'Meera Rathore', walletBalancePaise: 14_155, createdAt: now })
        .execute();
      await db
        .insertInto('contents')
        .values({
          id: 'c1',
          creatorId: 'u1',
          title: 'Monsoon in Kochi',
          description: 'Rain',
          pricePaise: 14_900,
          isAdultContent: 0,
          mediaKind: 'image',
          mediaKey: 'media/c1',
          mediaMime: 'image/png',
          mediaSizeBytes: 100,
          previewKey: 'preview/c1',
          createdAt: now,
          updatedAt: now,
          deletedAt: null,
        })
        .execute();
      await db
        .insertInto('orders')
        .values({
          id: 'o1',
          fanId: 'u1',
          contentId: 'c1',
          creatorId: 'u1',
          amountPaise: 14_900,
          currency: 'INR',
          status: 'PAID',
          provider: 'simulator',
          paymentSessionId: null,
          providerPaymentId: null,
          failureReason: null,
          createdAt: now,
          updatedAt: now,
          paidAt: now,
          nextCheckAt: now,
        })
        .execute();
      await db
        .insertInto('ledgerTransactions')
        .values({
          id: 't1',
          reference: 'sale:o1',
          kind: 'sale',
          orderId: 'o1',
          creatorId: 'u1',
          memo: 'Unlock of c1',
          createdBy: null,
          createdAt: now,
        })
        .execute();
      await db
        .insertInto('ledgerEntries')
        .values([
          {
            id: 'e1',
            transactionId: 't1',
            account: 'fan_payments_clearing',
            creatorId: null,
            amountPaise: -14_900,
            createdAt: now,
          },
          {
            id: 'e2',
            transactionId: 't1',
            account: 'creator_wallet',
            creatorId: 'u1',
            amountPaise: 14_155,
            createdAt: now,
          },
          {
            id: 'e3',
            transactionId: 't1',
            account: 'platform_revenue',
            creatorId: null,
            amountPaise: 745,
            createdAt: now,
          },
        ])
        .execute();
      const transactionsBefore = await db.selectFrom('ledgerTransactions').selectAll().orderBy('id').execute();
      const entriesBefore = await db.selectFrom('ledgerEntries').selectAll().orderBy('id').execute();

      // Through 0008: 0009 adds typed subject columns, and its own test below covers its rebuild.
      const through0008 = migrationsThrough('0008-released-handles');
      expect(await migrateToLatest(database, through0008)).toEqual({
        applied: Object.keys(through0008).filter((name) => name > '0004-payments'),
      });

      expect(await db.selectFrom('ledgerTransactions').selectAll().orderBy('id').execute()).toEqual(transactionsBefore);
      expect(await db.selectFrom('ledgerEntries').selectAll().orderBy('id').execute()).toEqual(entriesBefore);

      // An entry must still belong to a transaction that exists.
      await expect(
        db
          .insertInto('ledgerEntries')
          .values({
            id: 'e9',
            transactionId: 'nope',
            account: 'platform_revenue',
            creatorId: null,
            amountPaise: 1,
            createdAt: now,
          })
          .execute(),
      ).rejects.toThrow(/foreign key/i);

      // The withdrawal steps are kinds now; anything else is still refused.
      await db
        .insertInto('ledgerTransactions')
        .values({
          id: 't2',
          reference: 'withdrawal:wd_1',
          kind: 'withdrawal',
          orderId: null,
          creatorId: 'u1',
          memo: 'Withdrawal wd_1',
          createdBy: 'u1',
          createdAt: now,
        })
        .execute();
      await expect(
        db
          .insertInto('ledgerTransactions')
          .values({
            id: 't3',
            reference: 'bogus:1',
            kind: 'bogus' as 'sale',
            orderId: null,
            creatorId: null,
            memo: 'Not a kind',
            createdBy: null,
            createdAt: now,
          })
          .execute(),
      ).rejects.toThrow(/check/i);
      // Entries still refuse an unknown account and a wallet line without its creator.
      await expect(
        db
          .insertInto('ledgerEntries')
          .values({
            id: 'e8',
            transactionId: 't2',
            account: 'creator_wallet',
            creatorId: null,
            amountPaise: 1,
            createdAt: now,
          })
          .execute(),
      ).rejects.toThrow(/check/i);
    } finally {
      await database.close();
      await testDatabase.drop();
    }
  });
  it('0009 names each withdrawal step by its withdrawal, keeps every row, and gives the new accounts their rules', async () => {
    const testDatabase = await createTestDatabase();
    const database = connectDatabase(testDatabase.settings, testLogger);
    const { db } = database;
    try {
      await migrateToLatest(database, migrationsThrough('0008-released-handles'));
      const now = Date.UTC(2026, 10, 25, 6, 0);
      await sql`insert into auth_users (id, name, email, email_verified, created_at, updated_at)
        values ('u1', 'Meera Rathore', 'meera@example.com', ${sql.lit(false)}, ${'2026-11-25T06:00:00.000Z'}, ${'2026-11-25T06:00:00.000Z'})`.execute(
        db,
      );
      await db
        .insertInto('creators')
        .values({ userId: 'u1', handle: 'meera', name: 'Meera Rathore', walletBalancePaise: 0, createdAt: now })
        .execute();
      await db
        .insertInto('withdrawals')
        .values({
          id: 'wd_abc',
          creatorId: 'u1',
          amountPaise: 14_155,
          upiId: 'meera@okaxis',
          status: 'REJECTED',
          paymentReference: null,
          rejectionReason: 'Wrong UPI ID',
          resolvedBy: 'admin',
          requestedAt: now,
          resolvedAt: now,
        })
        .execute();
      const steps = [
        { id: 't1', reference: 'withdrawal:wd_abc', kind: 'withdrawal', amount: -14_155 },
        { id: 't2', reference: 'withdrawal_reversal:wd_abc', kind: 'withdrawal_reversal', amount: 14_155 },
      ] as const;
      for (const step of steps) {
        await db
          .insertInto('ledgerTransactions')
          .values({
            id: step.id,
            reference: step.reference,
            kind: step.kind,
            orderId: null,
            creatorId: 'u1',
            memo: step.reference,
            createdBy: 'u1',
            createdAt: now,
          })
          .execute();
        await db
          .insertInto('ledgerEntries')
          .values([
            {
              id: `${step.id}.0`,
              transactionId: step.id,
              account: 'creator_wallet',
              creatorId: 'u1',
              amountPaise: step.amount,
              createdAt: now,
            },
            {
              id: `${step.id}.1`,
              transactionId: step.id,
              account: 'payouts_in_transit',
              creatorId: null,
              amountPaise: -step.amount,
              createdAt: now,
            },
          ])
          .execute();
      }
      const entriesBefore = await db.selectFrom('ledgerEntries').selectAll().orderBy('id').execute();

      expect(await migrateToLatest(database)).toEqual({
        applied: Object.keys(migrations).filter((name) => name > '0008-released-handles'),
      });

      expect(
        await db.selectFrom('ledgerTransactions').select(['id', 'reference', 'withdrawalId']).orderBy('id').execute(),
      ).toEqual([
        { id: 't1', reference: 'withdrawal:wd_abc', withdrawalId: 'wd_abc' },
        { id: 't2', reference: 'withdrawal_reversal:wd_abc', withdrawalId: 'wd_abc' },
      ]);
      expect(await db.selectFrom('ledgerEntries').selectAll().orderBy('id').execute()).toEqual(entriesBefore);
      expect(
        await db.selectFrom('creators').select(['walletBalancePaise', 'receivablePaise', 'heldPaise']).execute(),
      ).toEqual([{ walletBalancePaise: 0, receivablePaise: 0, heldPaise: 0 }]);

      // A withdrawal step must name its withdrawal, and a sale its order.
      const transaction = {
        creatorId: 'u1',
        memo: 'test',
        createdBy: null,
        createdAt: now,
      };
      await expect(
        db
          .insertInto('ledgerTransactions')
          .values({ ...transaction, id: 't3', reference: 'withdrawal_paid:x', kind: 'withdrawal_paid', orderId: null })
          .execute(),
      ).rejects.toThrow(/check/i);
      await expect(
        db
          .insertInto('ledgerTransactions')
          .values({ ...transaction, id: 't4', reference: 'sale:x', kind: 'sale', orderId: null })
          .execute(),
      ).rejects.toThrow(/check/i);
      // The new accounts exist; the per-creator ones need their creator, Kholo's need none.
      await db
        .insertInto('ledgerEntries')
        .values([
          {
            id: 'n1',
            transactionId: 't1',
            account: 'creator_receivable',
            creatorId: 'u1',
            amountPaise: 0,
            createdAt: now,
          },
          {
            id: 'n2',
            transactionId: 't1',
            account: 'creator_funds_held',
            creatorId: 'u1',
            amountPaise: 0,
            createdAt: now,
          },
          {
            id: 'n3',
            transactionId: 't1',
            account: 'refunds_in_transit',
            creatorId: null,
            amountPaise: 0,
            createdAt: now,
          },
        ])
        .execute();
      for (const wrong of [
        { id: 'w1', account: 'creator_receivable', creatorId: null },
        { id: 'w2', account: 'refunds_in_transit', creatorId: 'u1' },
        { id: 'w3', account: 'bogus', creatorId: null },
      ] as const) {
        await expect(
          db
            .insertInto('ledgerEntries')
            .values({
              ...wrong,
              account: wrong.account as 'creator_receivable',
              transactionId: 't1',
              amountPaise: 0,
              createdAt: now,
            })
            .execute(),
        ).rejects.toThrow(/check/i);
      }
      // Every cached balance is never below zero, in the database itself.
      for (const column of ['receivablePaise', 'heldPaise', 'walletBalancePaise'] as const) {
        await expect(
          db
            .updateTable('creators')
            .set({ [column]: -1 })
            .where('userId', '=', 'u1')
            .execute(),
        ).rejects.toThrow(/check/i);
      }
    } finally {
      await database.close();
      await testDatabase.drop();
    }
  });

  it('0019 keeps the older of two passwords an earlier race left, then refuses a second one', async () => {
    const testDatabase = await createTestDatabase();
    const database = connectDatabase(testDatabase.settings, testLogger);
    const { db } = database;
    try {
      await migrateToLatest(database, migrationsThrough('0018-account-deletion'));
      const at = (minute: number) => `2026-11-25T06:0${minute}:00.000Z`;
      await sql`insert into auth_users (id, name, email, email_verified, created_at, updated_at)
        values ('u1', 'Meera Rathore', 'meera@example.com', ${sql.lit(false)}, ${at(0)}, ${at(0)})`.execute(db);
      for (const [id, minute] of [
        ['newer', 2],
        ['older', 1],
      ] as const) {
        await sql`insert into auth_accounts (id, user_id, account_id, provider_id, password, created_at, updated_at)
          values (${id}, 'u1', 'u1', 'credential', ${`hash-${id}`}, ${at(minute)}, ${at(minute)})`.execute(db);
      }
      await migrateToLatest(database);
      expect(await db.selectFrom('authAccounts').select(['id', 'password']).execute()).toEqual([
        { id: 'older', password: 'hash-older' },
      ]);
      await expect(
        sql`insert into auth_accounts (id, user_id, account_id, provider_id, password, created_at, updated_at)
          values ('third', 'u1', 'u1', 'credential', 'hash-third', ${at(3)}, ${at(3)})`.execute(db),
      ).rejects.toThrow(/unique/i);
    } finally {
      await database.close();
      await testDatabase.drop();
    }
  });
});
