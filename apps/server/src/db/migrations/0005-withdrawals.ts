import { type Kysely, PostgresAdapter, sql } from 'kysely';

const OLD_KINDS = sql`kind in ('sale', 'adjustment')`;
const NEW_KINDS = sql`kind in ('sale', 'adjustment', 'withdrawal', 'withdrawal_paid', 'withdrawal_reversal')`;

/**
 * Withdrawals to UPI, and the admin's moderation switches (issue 6).
 * - `withdrawals`: one row per request; its money sits in `payouts_in_transit` from request until
 *   it is paid or rejected, each step a ledger transaction with a unique reference.
 * - ledger transaction kinds gain the three withdrawal steps.
 * - contents can be hidden and creators suspended by the admin, with a reason.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('withdrawals')
    // wd_… : letters, digits and `_` only, so it can be Cashfree Payouts' transfer_id as it is.
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('creator_id', 'text', (column) => column.notNull().references('creators.user_id').onDelete('cascade'))
    .addColumn('amount_paise', 'bigint', (column) => column.notNull().check(sql`amount_paise > 0`))
    .addColumn('upi_id', 'text', (column) => column.notNull())
    .addColumn('status', 'text', (column) => column.notNull().check(sql`status in ('REQUESTED', 'PAID', 'REJECTED')`))
    .addColumn('payment_reference', 'text')
    .addColumn('rejection_reason', 'text')
    .addColumn('resolved_by', 'text')
    .addColumn('requested_at', 'bigint', (column) => column.notNull())
    .addColumn('resolved_at', 'bigint')
    .addCheckConstraint('withdrawals_resolution', sql`(status = 'REQUESTED') = (resolved_at is null)`)
    .execute();
  await db.schema.createIndex('withdrawals_requested_idx').on('withdrawals').column('requested_at').execute();
  await db.schema
    .createIndex('withdrawals_creator_idx')
    .on('withdrawals')
    .columns(['creator_id', 'requested_at'])
    .execute();

  await db.schema.alterTable('contents').addColumn('hidden_at', 'bigint').execute();
  await db.schema.alterTable('contents').addColumn('hidden_reason', 'text').execute();
  await db.schema.alterTable('creators').addColumn('suspended_at', 'bigint').execute();
  await db.schema.alterTable('creators').addColumn('suspended_reason', 'text').execute();

  await replaceKindCheck(db, NEW_KINDS);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await replaceKindCheck(db, OLD_KINDS);
  await db.schema.alterTable('creators').dropColumn('suspended_reason').execute();
  await db.schema.alterTable('creators').dropColumn('suspended_at').execute();
  await db.schema.alterTable('contents').dropColumn('hidden_reason').execute();
  await db.schema.alterTable('contents').dropColumn('hidden_at').execute();
  await db.schema.dropTable('withdrawals').execute();
}

/**
 * PostgreSQL changes a CHECK in place. SQLite cannot, so both ledger tables are rebuilt with
 * their rows (entries reference transactions, so the child goes first and comes back last);
 * this runs inside the migrator's transaction, so it is all or nothing.
 */
async function replaceKindCheck(db: Kysely<unknown>, kinds: ReturnType<typeof sql>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`alter table ledger_transactions drop constraint ledger_transactions_kind_check`.execute(db);
    await sql`alter table ledger_transactions add constraint ledger_transactions_kind_check check (${kinds})`.execute(
      db,
    );
    return;
  }

  await sql`alter table ledger_entries rename to ledger_entries_old`.execute(db);
  await sql`alter table ledger_transactions rename to ledger_transactions_old`.execute(db);
  for (const index of [
    'ledger_transactions_creator_idx',
    'ledger_entries_transaction_idx',
    'ledger_entries_creator_idx',
  ]) {
    await sql`drop index ${sql.ref(index)}`.execute(db);
  }
  await sql`
    create table ledger_transactions (
      id text primary key,
      reference text not null unique,
      kind text not null check (${kinds}),
      order_id text references orders (id),
      creator_id text references creators (user_id),
      memo text not null,
      created_by text,
      created_at bigint not null
    )`.execute(db);
  await sql`
    create table ledger_entries (
      id text primary key,
      transaction_id text not null references ledger_transactions (id),
      account text not null check (account in ('fan_payments_clearing', 'creator_wallet', 'platform_revenue', 'payouts_in_transit')),
      creator_id text references creators (user_id),
      amount_paise bigint not null,
      created_at bigint not null,
      constraint ledger_entries_creator_account check ((account = 'creator_wallet') = (creator_id is not null))
    )`.execute(db);
  await sql`insert into ledger_transactions select * from ledger_transactions_old`.execute(db);
  await sql`insert into ledger_entries select * from ledger_entries_old`.execute(db);
  await sql`drop table ledger_entries_old`.execute(db);
  await sql`drop table ledger_transactions_old`.execute(db);
  await sql`create index ledger_transactions_creator_idx on ledger_transactions (creator_id, created_at)`.execute(db);
  await sql`create index ledger_entries_transaction_idx on ledger_entries (transaction_id)`.execute(db);
  await sql`create index ledger_entries_creator_idx on ledger_entries (creator_id, account)`.execute(db);
}
