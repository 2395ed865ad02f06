import { type Kysely, sql } from 'kysely';

/**
 * Terms versions, the rules' periodic reminder and the upload attestation (issue 24 §4 and §6).
 * - `auth_users.terms_version`, `privacy_version`, `policies_accepted_at`: what the account last
 *   accepted (policy-versions.ts in contracts) and when. Null for accounts made before: they are
 *   asked on their next visit. On better-auth's table, declared to it as additional fields, so the
 *   account and its acceptance are written by one insert.
 * - `contents.attested_at`, `attested_terms_version`: the creator's "I am 18 or older, everyone
 *   shown is 18 or older and agreed to be shown, and I own the rights to this" for the item, and
 *   the Terms in force then. Null for items uploaded before it was asked.
 * - `policy_reminder_runs`: one row per "send the reminder to everyone". `cursor` is the last
 *   account id a batch covered (accounts are walked in id order); a batch moves it with a
 *   compare-and-set, so a retried or doubled batch sends nobody twice. `active` is 1 while the run
 *   goes and null after: its unique index lets only one run go at a time, on both databases.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // One column per statement: SQLite adds no more.
  await db.schema.alterTable('auth_users').addColumn('terms_version', 'text').execute();
  await db.schema.alterTable('auth_users').addColumn('privacy_version', 'text').execute();
  await db.schema.alterTable('auth_users').addColumn('policies_accepted_at', 'bigint').execute();
  await db.schema.alterTable('contents').addColumn('attested_at', 'bigint').execute();
  await db.schema.alterTable('contents').addColumn('attested_terms_version', 'text').execute();

  await db.schema
    .createTable('policy_reminder_runs')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('started_by', 'text', (column) => column.notNull())
    .addColumn('started_by_email', 'text', (column) => column.notNull())
    .addColumn('started_at', 'bigint', (column) => column.notNull())
    .addColumn('sent', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('cursor', 'text', (column) => column.notNull().defaultTo(''))
    .addColumn('updated_at', 'bigint', (column) => column.notNull())
    .addColumn('finished_at', 'bigint')
    .addColumn('active', 'integer', (column) => column.unique().check(sql`active = 1`))
    .execute();
  await db.schema
    .createIndex('policy_reminder_runs_started_at')
    .on('policy_reminder_runs')
    .column('started_at')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('policy_reminder_runs').execute();
  await db.schema.alterTable('contents').dropColumn('attested_terms_version').execute();
  await db.schema.alterTable('contents').dropColumn('attested_at').execute();
  for (const column of ['policies_accepted_at', 'privacy_version', 'terms_version']) {
    await db.schema.alterTable('auth_users').dropColumn(column).execute();
  }
}
