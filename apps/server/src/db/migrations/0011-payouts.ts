import { type Kysely, PostgresAdapter, sql } from 'kysely';

const OLD_STATUSES = sql`status in ('REQUESTED', 'PAID', 'REJECTED')`;
const NEW_STATUSES = sql`status in ('REQUESTED', 'REVIEW', 'PROCESSING', 'PAID', 'FAILED', 'REVERSED', 'REJECTED', 'CANCELLED')`;
/** A withdrawal is resolved (and its money out of payouts in transit) exactly when it has left these. */
const OLD_RESOLUTION = sql`(status = 'REQUESTED') = (resolved_at is null)`;
const NEW_RESOLUTION = sql`(status in ('REQUESTED', 'REVIEW', 'PROCESSING')) = (resolved_at is null)`;

/**
 * Automatic payouts to a verified UPI payee (issue 21, ADR 020).
 * - `payout_accounts`: where a creator is paid (UPI ID, the holder's name as her bank has it,
 *   her legal name and PAN), one per creator.
 * - `withdrawals` gain the states of an automatic transfer (REVIEW, PROCESSING, FAILED, REVERSED,
 *   CANCELLED) and what the transfer needs: the payee's name, why it waits for review, which
 *   attempt at the provider is live, when it was sent and when to check it next.
 * - `payout_events`: every payouts webhook and poll answer, for the admin's Logs and de-duplication.
 * - `simulator_payout_transfers`: the payouts simulator's transfers, shared by every process.
 * - `creators.sales_notified`: how many of her sales her sale emails have told her of (batched).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('payout_accounts')
    .addColumn('creator_id', 'text', (column) => column.primaryKey().references('creators.user_id').onDelete('cascade'))
    .addColumn('upi_id', 'text', (column) => column.notNull())
    .addColumn('verified_name', 'text', (column) => column.notNull())
    .addColumn('legal_name', 'text', (column) => column.notNull())
    .addColumn('pan', 'text', (column) => column.notNull())
    // Set when she confirmed an account whose holder's name does not resemble her legal name.
    .addColumn('name_override_at', 'bigint')
    // Set when the account changed after the first setup, or on an override; an approved payout clears it.
    .addColumn('review_required_since', 'bigint')
    .addColumn('verified_at', 'bigint', (column) => column.notNull())
    .addColumn('created_at', 'bigint', (column) => column.notNull())
    .addColumn('updated_at', 'bigint', (column) => column.notNull())
    .execute();

  await alterWithdrawals(db, NEW_STATUSES, NEW_RESOLUTION, true);

  await db.schema
    .createTable('payout_events')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('dedupe_key', 'text', (column) => column.notNull().unique())
    .addColumn('source', 'text', (column) => column.notNull().check(sql`source in ('webhook', 'poll', 'send')`))
    .addColumn('event_type', 'text', (column) => column.notNull())
    .addColumn('withdrawal_id', 'text')
    .addColumn('transfer_id', 'text')
    .addColumn('transfer_status', 'text')
    .addColumn('status_code', 'text')
    .addColumn('outcome', 'text', (column) => column.notNull())
    .addColumn('deliveries', 'integer', (column) => column.notNull().defaultTo(1))
    .addColumn('created_at', 'bigint', (column) => column.notNull())
    .addColumn('last_seen_at', 'bigint', (column) => column.notNull())
    .execute();
  await db.schema.createIndex('payout_events_created_idx').on('payout_events').column('created_at').execute();

  await db.schema
    .createTable('simulator_payout_transfers')
    .addColumn('transfer_id', 'text', (column) => column.primaryKey())
    .addColumn('state', 'text', (column) => column.notNull())
    .addColumn('version', 'integer', (column) => column.notNull())
    // When the simulated bank next has something to say about it (null: nothing more).
    .addColumn('due_at', 'bigint')
    .addColumn('created_at', 'bigint', (column) => column.notNull())
    .execute();
  await db.schema
    .createIndex('simulator_payout_transfers_due_idx')
    .on('simulator_payout_transfers')
    .column('due_at')
    .execute();

  await db.schema
    .alterTable('creators')
    .addColumn('sales_notified', 'integer', (column) => column.notNull().defaultTo(0))
    .execute();
  // Sales before today were never announced one by one, and will not be now: a creator's first
  // email after the upgrade is about her next sale, not her whole history.
  await sql`update creators set sales_notified = (
    select count(*) from ledger_transactions t where t.kind = 'sale' and t.creator_id = creators.user_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('creators').dropColumn('sales_notified').execute();
  await db.schema.dropTable('simulator_payout_transfers').execute();
  await db.schema.dropTable('payout_events').execute();
  // The old states' nearest: on its way is REQUESTED, money back is REJECTED (rows stay: the ledger names them).
  await sql`update withdrawals set status = 'REQUESTED', resolved_at = null where status in ('REVIEW', 'PROCESSING')`.execute(
    db,
  );
  await sql`update withdrawals set status = 'REJECTED', rejection_reason = coalesce(rejection_reason, status) where status in ('FAILED', 'CANCELLED', 'REVERSED')`.execute(
    db,
  );
  await alterWithdrawals(db, OLD_STATUSES, OLD_RESOLUTION, false);
  await db.schema.dropTable('payout_accounts').execute();
}

const NEW_COLUMNS = [
  // The UPI ID's holder as the provider named it when the withdrawal was asked for.
  ['payee_name', 'text'],
  // Why it waits for the admin: reason codes joined by commas (REVIEW only).
  ['review_reasons', 'text'],
  ['approved_by', 'text'],
  ['approved_at', 'bigint'],
  // When automatic payouts may send it; null for one asked for while payouts were paid by hand.
  ['cleared_at', 'bigint'],
  // 1 for the first transfer at the provider; a new attempt only after one failed for lack of funds.
  ['transfer_attempt', 'integer not null default 1'],
  ['sent_at', 'bigint'],
  ['provider_transfer_id', 'text'],
  ['provider_status', 'text'],
  ['waiting_for_funds_since', 'bigint'],
  ['next_check_at', 'bigint'],
  ['checks', 'integer not null default 0'],
  ['reversed_at', 'bigint'],
] as const;

/**
 * PostgreSQL changes the checks and adds the columns in place. SQLite cannot change a CHECK, so
 * the table is rebuilt with its rows (the migrator turns foreign keys off around its transaction
 * for this, and checks them before it commits).
 */
async function alterWithdrawals(
  db: Kysely<unknown>,
  statuses: ReturnType<typeof sql>,
  resolution: ReturnType<typeof sql>,
  withNewColumns: boolean,
): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`alter table withdrawals drop constraint withdrawals_status_check`.execute(db);
    await sql`alter table withdrawals drop constraint withdrawals_resolution`.execute(db);
    for (const [name, type] of NEW_COLUMNS) {
      if (withNewColumns) await sql`alter table withdrawals add column ${sql.ref(name)} ${sql.raw(type)}`.execute(db);
      else await sql`alter table withdrawals drop column ${sql.ref(name)}`.execute(db);
    }
    await sql`alter table withdrawals add constraint withdrawals_status_check check (${statuses})`.execute(db);
    await sql`alter table withdrawals add constraint withdrawals_resolution check (${resolution})`.execute(db);
    if (withNewColumns) {
      await sql`create index withdrawals_next_check_idx on withdrawals (next_check_at)`.execute(db);
      await sql`create index withdrawals_status_idx on withdrawals (status, requested_at)`.execute(db);
    }
    return;
  }

  const extra = withNewColumns ? NEW_COLUMNS.map(([name, type]) => `, ${name} ${type}`).join('') : '';
  const copied =
    'id, creator_id, amount_paise, upi_id, status, payment_reference, rejection_reason, resolved_by, requested_at, resolved_at';
  await sql`
    create table withdrawals_new (
      id text primary key,
      creator_id text not null references creators (user_id) on delete cascade,
      amount_paise bigint not null check (amount_paise > 0),
      upi_id text not null,
      status text not null check (${statuses}),
      payment_reference text,
      rejection_reason text,
      resolved_by text,
      requested_at bigint not null,
      resolved_at bigint
      ${sql.raw(extra)},
      constraint withdrawals_resolution check (${resolution})
    )`.execute(db);
  await sql`insert into withdrawals_new (${sql.raw(copied)}) select ${sql.raw(copied)} from withdrawals`.execute(db);
  await sql`drop table withdrawals`.execute(db);
  await sql`alter table withdrawals_new rename to withdrawals`.execute(db);
  await sql`create index withdrawals_requested_idx on withdrawals (requested_at)`.execute(db);
  await sql`create index withdrawals_creator_idx on withdrawals (creator_id, requested_at)`.execute(db);
  if (withNewColumns) {
    await sql`create index withdrawals_next_check_idx on withdrawals (next_check_at)`.execute(db);
    await sql`create index withdrawals_status_idx on withdrawals (status, requested_at)`.execute(db);
  }
}
