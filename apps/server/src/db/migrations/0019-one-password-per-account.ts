import { type Kysely, sql } from 'kysely';

/**
 * One password per account, kept by the database: two tabs setting a password at once (ADR 022's
 * `set-password`) both found none and both linked one. A read-then-insert cannot stop that on
 * PostgreSQL without a lock; a partial unique index can, on both engines, and the loser's insert
 * is refused as a conflict. Any second password an earlier race left is removed first, keeping the
 * older one (the one her first answer said was set).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    delete from auth_accounts
    where provider_id = 'credential'
      and exists (
        select 1 from auth_accounts older
        where older.user_id = auth_accounts.user_id
          and older.provider_id = 'credential'
          and (older.created_at < auth_accounts.created_at
            or (older.created_at = auth_accounts.created_at and older.id < auth_accounts.id))
      )`.execute(db);
  await sql`create unique index auth_accounts_one_password on auth_accounts (user_id) where provider_id = 'credential'`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('auth_accounts_one_password').execute();
}
