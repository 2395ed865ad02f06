import { type Kysely, PostgresAdapter, sql } from 'kysely';

const KINDS = sql`kind in ('sale', 'adjustment', 'withdrawal', 'withdrawal_paid', 'withdrawal_reversal')`;
/** A transaction names what it is about in a typed column, never only in its reference string. */
const SUBJECTS = sql`(kind <> 'sale' or order_id is not null)
  and (kind not in ('withdrawal', 'withdrawal_paid', 'withdrawal_reversal') or withdrawal_id is not null)`;
const OLD_ACCOUNTS = sql`account in ('fan_payments_clearing', 'creator_wallet', 'platform_revenue', 'payouts_in_transit')`;
const ACCOUNTS = sql`account in ('fan_payments_clearing', 'creator_wallet', 'platform_revenue', 'payouts_in_transit',
  'refunds_in_transit', 'creator_receivable', 'creator_funds_held')`;
const OLD_CREATOR_ACCOUNTS = sql`(account = 'creator_wallet') = (creator_id is not null)`;
const CREATOR_ACCOUNTS = sql`(account in ('creator_wallet', 'creator_receivable', 'creator_funds_held')) = (creator_id is not null)`;

/**
 * One money core (issue 19, ADR 017).
 * - A ledger transaction names its subject in typed columns: `order_id` (a sale), `withdrawal_id`
 *   (the three withdrawal steps, filled from the old `withdrawal…:{id}` references here, once),
 *   and, for the next issues, `refund_id` and `dispute_id`. `reference` stays as the unique key
 *   that makes a business event post once; nothing reads meaning out of it any more.
 * - The accounts the next issues need: refunds in transit, and two per creator, what she owes
 *   Kholo (receivable) and what a dispute holds back (funds held). Each per-creator account has a
 *   cached balance on `creators` with a CHECK that it is never below zero, like the wallet's.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const column of ['receivable_paise', 'held_paise']) {
    await db.schema
      .alterTable('creators')
      .addColumn(column, 'bigint', (builder) =>
        builder
          .notNull()
          .defaultTo(0)
          .check(sql`${sql.ref(column)} >= 0`),
      )
      .execute();
  }

  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`alter table ledger_transactions
      add column withdrawal_id text references withdrawals (id),
      add column refund_id text,
      add column dispute_id text`.execute(db);
    await fillWithdrawalIds(db);
    await sql`alter table ledger_transactions add constraint ledger_transactions_subject check (${SUBJECTS})`.execute(
      db,
    );
    await sql`alter table ledger_entries drop constraint ledger_entries_account_check`.execute(db);
    await sql`alter table ledger_entries add constraint ledger_entries_account_check check (${ACCOUNTS})`.execute(db);
    await sql`alter table ledger_entries drop constraint ledger_entries_creator_account`.execute(db);
    await sql`alter table ledger_entries add constraint ledger_entries_creator_account check (${CREATOR_ACCOUNTS})`.execute(
      db,
    );
  } else {
    await sql`alter table ledger_transactions add column withdrawal_id text references withdrawals (id)`.execute(db);
    await sql`alter table ledger_transactions add column refund_id text`.execute(db);
    await sql`alter table ledger_transactions add column dispute_id text`.execute(db);
    await fillWithdrawalIds(db);
    await rebuildSqliteLedger(db, { accounts: ACCOUNTS, creatorAccounts: CREATOR_ACCOUNTS, subjects: SUBJECTS });
  }
  await sql`create index ledger_transactions_withdrawal_idx on ledger_transactions (withdrawal_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index ledger_transactions_withdrawal_idx`.execute(db);
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`alter table ledger_entries drop constraint ledger_entries_creator_account`.execute(db);
    await sql`alter table ledger_entries add constraint ledger_entries_creator_account check (${OLD_CREATOR_ACCOUNTS})`.execute(
      db,
    );
    await sql`alter table ledger_entries drop constraint ledger_entries_account_check`.execute(db);
    await sql`alter table ledger_entries add constraint ledger_entries_account_check check (${OLD_ACCOUNTS})`.execute(
      db,
    );
    await sql`alter table ledger_transactions drop constraint ledger_transactions_subject`.execute(db);
  } else {
    await rebuildSqliteLedger(db, { accounts: OLD_ACCOUNTS, creatorAccounts: OLD_CREATOR_ACCOUNTS, subjects: null });
  }
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`alter table ledger_transactions drop column dispute_id, drop column refund_id, drop column withdrawal_id`.execute(
      db,
    );
  }
  for (const column of ['held_paise', 'receivable_paise']) {
    await db.schema.alterTable('creators').dropColumn(column).execute();
  }
}

/** The last time a withdrawal's id is read out of a reference string. */
async function fillWithdrawalIds(db: Kysely<unknown>): Promise<void> {
  for (const prefix of ['withdrawal', 'withdrawal_paid', 'withdrawal_reversal']) {
    await sql`update ledger_transactions
      set withdrawal_id = substr(reference, ${prefix.length + 2})
      where kind = ${prefix}`.execute(db);
  }
}

/**
 * SQLite cannot change a CHECK in place, so both ledger tables are rebuilt with their rows, as
 * 0005 did (entries reference transactions: the child goes first and comes back last). It runs
 * inside the migrator's transaction, so it is all or nothing.
 */
async function rebuildSqliteLedger(
  db: Kysely<unknown>,
  checks: {
    accounts: ReturnType<typeof sql>;
    creatorAccounts: ReturnType<typeof sql>;
    /** Null rebuilds the tables as 0005 left them, without the subject columns. */
    subjects: ReturnType<typeof sql> | null;
  },
): Promise<void> {
  const subjectColumns =
    checks.subjects === null
      ? sql``
      : sql`, withdrawal_id text references withdrawals (id), refund_id text, dispute_id text,
        constraint ledger_transactions_subject check (${checks.subjects})`;
  const copiedColumns =
    checks.subjects === null
      ? sql`id, reference, kind, order_id, creator_id, memo, created_by, created_at`
      : sql`id, reference, kind, order_id, creator_id, memo, created_by, created_at, withdrawal_id, refund_id, dispute_id`;
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
      kind text not null check (${KINDS}),
      order_id text references orders (id),
      creator_id text references creators (user_id),
      memo text not null,
      created_by text,
      created_at bigint not null
      ${subjectColumns}
    )`.execute(db);
  await sql`
    create table ledger_entries (
      id text primary key,
      transaction_id text not null references ledger_transactions (id),
      account text not null check (${checks.accounts}),
      creator_id text references creators (user_id),
      amount_paise bigint not null,
      created_at bigint not null,
      constraint ledger_entries_creator_account check (${checks.creatorAccounts})
    )`.execute(db);
  await sql`insert into ledger_transactions (${copiedColumns})
    select ${copiedColumns} from ledger_transactions_old`.execute(db);
  await sql`insert into ledger_entries select * from ledger_entries_old`.execute(db);
  await sql`drop table ledger_entries_old`.execute(db);
  await sql`drop table ledger_transactions_old`.execute(db);
  await sql`create index ledger_transactions_creator_idx on ledger_transactions (creator_id, created_at)`.execute(db);
  await sql`create index ledger_entries_transaction_idx on ledger_entries (transaction_id)`.execute(db);
  await sql`create index ledger_entries_creator_idx on ledger_entries (creator_id, account)`.execute(db);
}
