import { type Kysely, sql } from 'kysely';

/**
 * Orders, the ledger, payment provider events and the audit log (DESIGN §3, §4; ADR 011).
 * Exactly-once settlement rests on the unique constraints here, not on application checks:
 * one unlock per order, one ledger transaction per business event.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('orders')
    // Our id, sent to the provider as its order_id: 3–45 of [A-Za-z0-9_-].
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('fan_id', 'text', (column) => column.notNull().references('auth_users.id').onDelete('cascade'))
    .addColumn('content_id', 'text', (column) => column.notNull().references('contents.id').onDelete('cascade'))
    .addColumn('creator_id', 'text', (column) => column.notNull().references('creators.user_id').onDelete('cascade'))
    .addColumn('amount_paise', 'bigint', (column) => column.notNull().check(sql`amount_paise >= 100`))
    .addColumn('currency', 'text', (column) => column.notNull().check(sql`currency = 'INR'`))
    .addColumn('status', 'text', (column) =>
      column.notNull().check(sql`status in ('CREATED', 'ACTIVE', 'FAILED', 'EXPIRED', 'PAID')`),
    )
    .addColumn('provider', 'text', (column) => column.notNull())
    .addColumn('payment_session_id', 'text')
    .addColumn('provider_payment_id', 'text')
    .addColumn('failure_reason', 'text')
    .addColumn('created_at', 'bigint', (column) => column.notNull())
    .addColumn('updated_at', 'bigint', (column) => column.notNull())
    .addColumn('paid_at', 'bigint')
    // The reconciler's claim: the next time any process may ask the provider about this order.
    .addColumn('next_check_at', 'bigint', (column) => column.notNull())
    .addColumn('checks', 'integer', (column) => column.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('orders_fan_created_idx').on('orders').columns(['fan_id', 'created_at']).execute();
  await db.schema.createIndex('orders_status_check_idx').on('orders').columns(['status', 'next_check_at']).execute();
  await db.schema.createIndex('orders_created_idx').on('orders').column('created_at').execute();

  // One unlock per order: a second settlement of the same order cannot insert another.
  await db.schema.alterTable('unlocks').addColumn('order_id', 'text').execute();
  await db.schema.createIndex('unlocks_order_id_key').unique().on('unlocks').column('order_id').execute();

  await db.schema
    .createTable('ledger_transactions')
    .addColumn('id', 'text', (column) => column.primaryKey())
    // The business event, e.g. sale:{orderId}; unique, so an event is posted once.
    .addColumn('reference', 'text', (column) => column.notNull().unique())
    .addColumn('kind', 'text', (column) => column.notNull().check(sql`kind in ('sale', 'adjustment')`))
    .addColumn('order_id', 'text', (column) => column.references('orders.id'))
    .addColumn('creator_id', 'text', (column) => column.references('creators.user_id'))
    .addColumn('memo', 'text', (column) => column.notNull())
    .addColumn('created_by', 'text')
    .addColumn('created_at', 'bigint', (column) => column.notNull())
    .execute();
  await db.schema
    .createIndex('ledger_transactions_creator_idx')
    .on('ledger_transactions')
    .columns(['creator_id', 'created_at'])
    .execute();

  // Append-only; each transaction's entries sum to zero. creator_id is set for creator_wallet only.
  await db.schema
    .createTable('ledger_entries')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('transaction_id', 'text', (column) => column.notNull().references('ledger_transactions.id'))
    .addColumn('account', 'text', (column) =>
      column
        .notNull()
        .check(sql`account in ('fan_payments_clearing', 'creator_wallet', 'platform_revenue', 'payouts_in_transit')`),
    )
    .addColumn('creator_id', 'text', (column) => column.references('creators.user_id'))
    .addColumn('amount_paise', 'bigint', (column) => column.notNull())
    .addColumn('created_at', 'bigint', (column) => column.notNull())
    .addCheckConstraint('ledger_entries_creator_account', sql`(account = 'creator_wallet') = (creator_id is not null)`)
    .execute();
  await db.schema.createIndex('ledger_entries_transaction_idx').on('ledger_entries').column('transaction_id').execute();
  await db.schema
    .createIndex('ledger_entries_creator_idx')
    .on('ledger_entries')
    .columns(['creator_id', 'account'])
    .execute();

  // What payment providers told us (webhooks) and what we asked them (verify, reconcile):
  // the admin's Logs tab. A repeated webhook delivery bumps `deliveries` instead of a new row.
  await db.schema
    .createTable('payment_events')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('dedupe_key', 'text', (column) => column.notNull().unique())
    .addColumn('source', 'text', (column) => column.notNull().check(sql`source in ('webhook', 'verify', 'reconcile')`))
    .addColumn('event_type', 'text', (column) => column.notNull())
    .addColumn('order_id', 'text')
    .addColumn('provider_payment_id', 'text')
    .addColumn('payment_status', 'text')
    .addColumn('amount_paise', 'bigint')
    .addColumn('currency', 'text')
    .addColumn('outcome', 'text', (column) => column.notNull())
    .addColumn('deliveries', 'integer', (column) => column.notNull().defaultTo(1))
    .addColumn('created_at', 'bigint', (column) => column.notNull())
    .addColumn('last_seen_at', 'bigint', (column) => column.notNull())
    .execute();
  await db.schema.createIndex('payment_events_created_idx').on('payment_events').column('created_at').execute();
  await db.schema.createIndex('payment_events_order_idx').on('payment_events').column('order_id').execute();

  // Every admin action: who, what, when, before and after (JSON text).
  await db.schema
    .createTable('audit_log')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('actor_id', 'text', (column) => column.notNull())
    .addColumn('actor_email', 'text', (column) => column.notNull())
    .addColumn('action', 'text', (column) => column.notNull())
    .addColumn('subject_id', 'text', (column) => column.notNull())
    .addColumn('before', 'text')
    .addColumn('after', 'text')
    .addColumn('reason', 'text')
    .addColumn('created_at', 'bigint', (column) => column.notNull())
    .execute();
  await db.schema.createIndex('audit_log_created_idx').on('audit_log').column('created_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['audit_log', 'payment_events', 'ledger_entries', 'ledger_transactions']) {
    await db.schema.dropTable(table).execute();
  }
  await db.schema.dropIndex('unlocks_order_id_key').execute();
  await db.schema.alterTable('unlocks').dropColumn('order_id').execute();
  await db.schema.dropTable('orders').execute();
}
