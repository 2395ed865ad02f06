import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../src/db/connect.js';
import type { OrderStatus } from '../src/db/schema.js';
import { createOrdersRepository, isOpen, openOrder, worthAsking } from '../src/features/payments/index.js';
import { insertAccount, insertCreatorWithItem } from './money-fixtures.js';
import { createMigratedTestDatabase } from './test-app.js';

/**
 * The order rules are written once in TypeScript (order-states.ts) and once as SQL beside them;
 * here both answer about every kind of order, on SQLite and PostgreSQL, and must agree.
 */

const HOUR = 60 * 60_000;
const GRACE = 24 * HOUR;
const NOW = Date.UTC(2026, 10, 25, 12, 0);
const STATUSES: OrderStatus[] = ['CREATED', 'ACTIVE', 'FAILED', 'EXPIRED', 'PAID'];
const REASONS = [
  null,
  'failed',
  'user_dropped',
  'expired',
  'terminated',
  'not_at_provider',
  'never_created',
  'expired_unpaid',
  'amount_mismatch',
  'provider_mismatch',
  'paid_for_removed_item',
];
/** Created just now, on the last moment of the grace window, and just after it. */
const AGES = [0, 30 * 60_000 + GRACE, 30 * 60_000 + GRACE + 1];

let handle: { database: DatabaseHandle; close: () => Promise<void> };
beforeAll(async () => {
  handle = await createMigratedTestDatabase();
});
afterAll(() => handle.close());

describe('the order rules in SQL and in TypeScript', () => {
  it('pick the same orders: open ones, and those worth asking the provider about', async () => {
    const { database } = handle;
    const { db } = database;
    const creator = await insertCreatorWithItem(database, 'Meera', NOW);
    const fan = await insertAccount(database, 'Arjun', NOW);
    const rows = STATUSES.flatMap((status) =>
      REASONS.flatMap((failureReason) =>
        AGES.map((age) => ({
          id: `o_${randomUUID().replaceAll('-', '')}`,
          fanId: fan.id,
          contentId: creator.contentId,
          creatorId: creator.id,
          amountPaise: 14_900,
          currency: 'INR' as const,
          status,
          provider: 'simulator',
          paymentSessionId: null,
          providerPaymentId: null,
          failureReason,
          createdAt: NOW - age,
          updatedAt: NOW,
          paidAt: null,
          // Due now, so the reconciler's list is the rule alone.
          nextCheckAt: NOW,
        })),
      ),
    );
    for (const row of rows) await db.insertInto('orders').values(row).execute();

    const openInSql = await db.selectFrom('orders').select('id').where(openOrder).execute();
    expect(new Set(openInSql.map((row) => row.id))).toEqual(
      new Set(rows.filter((row) => isOpen(row)).map((row) => row.id)),
    );

    const due = await createOrdersRepository(db).listDueForCheck(NOW, NOW, GRACE, rows.length + 1);
    const expected = rows.filter((row) => worthAsking(row, NOW, GRACE));
    expect(new Set(due.map((row) => row.id))).toEqual(new Set(expected.map((row) => row.id)));
    // Both sides pick something of each kind: open checkouts and expired ones still in their grace.
    expect(expected.some((row) => row.status === 'EXPIRED')).toBe(true);
    expect(expected.some((row) => row.status === 'ACTIVE')).toBe(true);
  });
});
