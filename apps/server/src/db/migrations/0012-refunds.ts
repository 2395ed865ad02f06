import { type Kysely, PostgresAdapter, sql } from 'kysely';

const OLD_KINDS = sql`kind in ('sale', 'adjustment', 'withdrawal', 'withdrawal_paid', 'withdrawal_reversal')`;
const NEW_KINDS = sql`kind in ('sale', 'adjustment', 'withdrawal', 'withdrawal_paid', 'withdrawal_reversal',
  'refund', 'refund_paid', 'dispute_hold', 'dispute_release', 'dispute_lost')`;
const OLD_SUBJECTS = sql`(kind <> 'sale' or order_id is not null)
  and (kind not in ('withdrawal', 'withdrawal_paid', 'withdrawal_reversal') or withdrawal_id is not null)`;
const NEW_SUBJECTS = sql`(kind <> 'sale' or order_id is not null)
  and (kind not in ('withdrawal', 'withdrawal_paid', 'withdrawal_reversal') or withdrawal_id is not null)
  and (kind not in ('refund', 'refund_paid') or refund_id is not null)
  and (kind not in ('dispute_hold', 'dispute_release', 'dispute_lost') or dispute_id is not null)`;

const REFUND_REASONS = sql`reason in ('admin', 'fan_problem', 'creator', 'paid_for_removed_item', 'already_unlocked',
  'late_payment', 'item_removed', 'dispute_lost')`;

/**
 * Money back (issue 22, ADR 021).
 * - `refunds`: one per order at most (unique), whatever asked for it: the admin, the creator, a
 *   rule (a payment that cannot be honoured, an item the admin took down) or a dispute the bank
 *   decided for the fan. It records what the reversal took from whom, and the provider's refund.
 * - `disputes`: the bank's chargebacks and complaints, as the provider reports them, with what
 *   was held from the creator while each is open.
 * - `problem_reports`: a fan's "Report a problem" on a purchase, the ticket the admin answers.
 * - `ledger_transactions` accept the new kinds, each tied to its subject column.
 * - The evidence a dispute is answered with: a hash of the IP an order came from, and when the
 *   fan opened what she bought (`unlocks.views`, first and last).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('refunds')
    // rf_ + 24 letters and digits: also Cashfree's refund_id (3–40 characters).
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('order_id', 'text', (column) => column.notNull().unique().references('orders.id'))
    .addColumn('fan_id', 'text', (column) => column.notNull())
    .addColumn('creator_id', 'text', (column) => column.notNull().references('creators.user_id'))
    .addColumn('content_id', 'text', (column) => column.notNull())
    .addColumn('amount_paise', 'bigint', (column) => column.notNull().check(sql`amount_paise > 0`))
    // What the reversal took back: Kholo's fee, and the creator's share from her wallet and,
    // for what the wallet could not cover, as a receivable. All 0 for money never credited.
    .addColumn('fee_paise', 'bigint', (column) => column.notNull())
    .addColumn('from_wallet_paise', 'bigint', (column) => column.notNull())
    .addColumn('to_receivable_paise', 'bigint', (column) => column.notNull())
    .addColumn('from_held_paise', 'bigint', (column) => column.notNull())
    .addColumn('reason', 'text', (column) => column.notNull().check(REFUND_REASONS))
    .addColumn('note', 'text')
    .addColumn('requested_by', 'text')
    // PENDING: posted, to be sent. PROCESSING: the provider took it. SUCCESS: on its way to the
    // fan's bank. FAILED: the provider gave up; Kholo still owes it (a person retries).
    // By the bank: a dispute the fan won, money already taken back by her bank; never sent.
    .addColumn('status', 'text', (column) =>
      column.notNull().check(sql`status in ('PENDING', 'PROCESSING', 'SUCCESS', 'FAILED')`),
    )
    .addColumn('via_bank', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('attempt', 'integer', (column) => column.notNull().defaultTo(1))
    .addColumn('payment_method', 'text')
    .addColumn('provider_refund_id', 'text')
    .addColumn('provider_status', 'text')
    .addColumn('arn', 'text')
    .addColumn('failure_reason', 'text')
    .addColumn('next_check_at', 'bigint')
    .addColumn('checks', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (column) => column.notNull())
    .addColumn('sent_at', 'bigint')
    .addColumn('finished_at', 'bigint')
    .execute();
  await db.schema.createIndex('refunds_creator_idx').on('refunds').columns(['creator_id', 'created_at']).execute();
  await db.schema.createIndex('refunds_fan_idx').on('refunds').column('fan_id').execute();
  await db.schema.createIndex('refunds_due_idx').on('refunds').columns(['status', 'next_check_at']).execute();

  await db.schema
    .createTable('disputes')
    // The provider's dispute_id, as text (it arrives as a number or a string).
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('order_id', 'text', (column) => column.notNull().references('orders.id'))
    .addColumn('creator_id', 'text', (column) => column.notNull().references('creators.user_id'))
    .addColumn('stage', 'text', (column) => column.notNull())
    .addColumn('provider_status', 'text', (column) => column.notNull())
    .addColumn('state', 'text', (column) => column.notNull().check(sql`state in ('OPEN', 'WON', 'LOST')`))
    .addColumn('amount_paise', 'bigint', (column) => column.notNull())
    .addColumn('reason_code', 'text')
    .addColumn('reason_description', 'text')
    .addColumn('respond_by', 'bigint')
    // The creator's share held while it is open: from her wallet, and as a receivable for the rest.
    .addColumn('share_held_paise', 'bigint', (column) => column.notNull().defaultTo(0))
    .addColumn('share_from_wallet_paise', 'bigint', (column) => column.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (column) => column.notNull())
    .addColumn('updated_at', 'bigint', (column) => column.notNull())
    .addColumn('resolved_at', 'bigint')
    .execute();
  await db.schema.createIndex('disputes_order_idx').on('disputes').column('order_id').execute();
  await db.schema.createIndex('disputes_creator_idx').on('disputes').columns(['creator_id', 'state']).execute();

  await db.schema
    .createTable('problem_reports')
    // The ticket number the fan is told: KH- and 8 digits.
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('order_id', 'text', (column) => column.notNull().references('orders.id'))
    .addColumn('fan_id', 'text', (column) => column.notNull())
    .addColumn('reason', 'text', (column) => column.notNull())
    .addColumn('message', 'text', (column) => column.notNull())
    .addColumn('status', 'text', (column) => column.notNull().check(sql`status in ('OPEN', 'REFUNDED', 'CLOSED')`))
    .addColumn('resolution', 'text')
    .addColumn('resolved_by', 'text')
    .addColumn('created_at', 'bigint', (column) => column.notNull())
    .addColumn('resolved_at', 'bigint')
    .execute();
  await db.schema.createIndex('problem_reports_order_idx').on('problem_reports').column('order_id').execute();
  await db.schema
    .createIndex('problem_reports_status_idx')
    .on('problem_reports')
    .columns(['status', 'created_at'])
    .execute();

  await db.schema.alterTable('orders').addColumn('ip_hash', 'text').execute();
  await db.schema
    .alterTable('unlocks')
    .addColumn('views', 'integer', (column) => column.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('unlocks').addColumn('first_viewed_at', 'bigint').execute();
  await db.schema.alterTable('unlocks').addColumn('last_viewed_at', 'bigint').execute();

  await db.schema.createIndex('ledger_transactions_refund_idx').on('ledger_transactions').column('refund_id').execute();
  await db.schema
    .createIndex('ledger_transactions_dispute_idx')
    .on('ledger_transactions')
    .column('dispute_id')
    .execute();
  await replaceLedgerChecks(db, NEW_KINDS, NEW_SUBJECTS);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from ledger_entries where transaction_id in (select id from ledger_transactions
    where kind in ('refund', 'refund_paid', 'dispute_hold', 'dispute_release', 'dispute_lost'))`.execute(db);
  await sql`delete from ledger_transactions
    where kind in ('refund', 'refund_paid', 'dispute_hold', 'dispute_release', 'dispute_lost')`.execute(db);
  await replaceLedgerChecks(db, OLD_KINDS, OLD_SUBJECTS);
  await db.schema.dropIndex('ledger_transactions_dispute_idx').execute();
  await db.schema.dropIndex('ledger_transactions_refund_idx').execute();
  await db.schema.alterTable('unlocks').dropColumn('last_viewed_at').execute();
  await db.schema.alterTable('unlocks').dropColumn('first_viewed_at').execute();
  await db.schema.alterTable('unlocks').dropColumn('views').execute();
  await db.schema.alterTable('orders').dropColumn('ip_hash').execute();
  await db.schema.dropTable('problem_reports').execute();
  await db.schema.dropTable('disputes').execute();
  await db.schema.dropTable('refunds').execute();
}

/**
 * The transaction kinds and their subjects are CHECKs. PostgreSQL swaps them in place; SQLite
 * cannot, so its table is rebuilt the way SQLite documents (new table, copy, drop, rename: the
 * entries' foreign key names the table, so it finds the new one). The migrator runs this with
 * foreign keys off and checks them before it commits.
 */
async function replaceLedgerChecks(
  db: Kysely<unknown>,
  kinds: ReturnType<typeof sql>,
  subjects: ReturnType<typeof sql>,
): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`alter table ledger_transactions drop constraint ledger_transactions_kind_check`.execute(db);
    await sql`alter table ledger_transactions add constraint ledger_transactions_kind_check check (${kinds})`.execute(
      db,
    );
    await sql`alter table ledger_transactions drop constraint ledger_transactions_subject`.execute(db);
    await sql`alter table ledger_transactions add constraint ledger_transactions_subject check (${subjects})`.execute(
      db,
    );
    return;
  }
  const columns = sql`id, reference, kind, order_id, creator_id, memo, created_by, created_at, withdrawal_id, refund_id, dispute_id`;
  await sql`
    create table ledger_transactions_new (
      id text primary key,
      reference text not null unique,
      kind text not null check (${kinds}),
      order_id text references orders (id),
      creator_id text references creators (user_id),
      memo text not null,
      created_by text,
      created_at bigint not null,
      withdrawal_id text references withdrawals (id),
      refund_id text,
      dispute_id text,
      constraint ledger_transactions_subject check (${subjects})
    )`.execute(db);
  await sql`insert into ledger_transactions_new (${columns}) select ${columns} from ledger_transactions`.execute(db);
  await sql`drop table ledger_transactions`.execute(db);
  await sql`alter table ledger_transactions_new rename to ledger_transactions`.execute(db);
  await sql`create index ledger_transactions_creator_idx on ledger_transactions (creator_id, created_at)`.execute(db);
  await sql`create index ledger_transactions_withdrawal_idx on ledger_transactions (withdrawal_id)`.execute(db);
  await sql`create index ledger_transactions_refund_idx on ledger_transactions (refund_id)`.execute(db);
  await sql`create index ledger_transactions_dispute_idx on ledger_transactions (dispute_id)`.execute(db);
}
