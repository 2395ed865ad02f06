import { type Kysely, sql } from 'kysely';

/**
 * Expiry reminders (issue 23): "2 days left — download now", one email per fan per day at most.
 * - `unlocks.reminded_at`: when this unlock was in a reminder. Per unlock row, so a later
 *   purchase of the same item (a new row) is reminded again, and a dispute that gives back access
 *   after the reminder does not send a second one for the same purchase.
 * - `reminder_days`: one row per fan per India day on which she was sent a reminder. Its key is
 *   the claim: a run inserts the row before it queues her email, and a second run (another
 *   process, or a retry) that finds it taken sends nothing, on both databases.
 * - `email_opt_outs`: the lists an account has stopped (EMAIL_LISTS in contracts), keyed by
 *   account rather than on `fans`, since a creator who buys gets reminders too and a later list
 *   may be a creator's. Deleted when she subscribes again.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('unlocks').addColumn('reminded_at', 'bigint').execute();
  // The reminder job's scan: unlocks ending soon that no reminder has named yet.
  await sql`create index unlocks_reminder_due on unlocks (expires_at) where reminded_at is null`.execute(db);

  await db.schema
    .createTable('reminder_days')
    .addColumn('fan_id', 'text', (column) => column.notNull())
    // The India calendar day, 2026-11-21.
    .addColumn('day', 'text', (column) => column.notNull())
    .addColumn('sent_at', 'bigint', (column) => column.notNull())
    .addPrimaryKeyConstraint('reminder_days_pkey', ['fan_id', 'day'])
    .execute();

  await db.schema
    .createTable('email_opt_outs')
    .addColumn('account_id', 'text', (column) => column.notNull())
    .addColumn('list', 'text', (column) => column.notNull().check(sql`list in ('reminders')`))
    .addColumn('created_at', 'bigint', (column) => column.notNull())
    .addPrimaryKeyConstraint('email_opt_outs_pkey', ['account_id', 'list'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('email_opt_outs').execute();
  await db.schema.dropTable('reminder_days').execute();
  await db.schema.dropIndex('unlocks_reminder_due').execute();
  await db.schema.alterTable('unlocks').dropColumn('reminded_at').execute();
}
