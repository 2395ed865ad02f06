import type { Kysely } from 'kysely';

/**
 * Account deletion (issue 24, ADR 024).
 * - `auth_users.deleted_at`: when the account deleted itself. Its personal fields are erased in
 *   the same transaction; the row stays, as the retained orders, ledger lines and withdrawals
 *   point at its id. Epoch ms like our own instants: better-auth never reads this column.
 * - `creators.deleted_at`: her page and profile are gone for everyone, as for an unknown creator.
 *   A column of its own rather than the admin's suspension, which the admin can lift.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('auth_users').addColumn('deleted_at', 'bigint').execute();
  await db.schema.alterTable('creators').addColumn('deleted_at', 'bigint').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('creators').dropColumn('deleted_at').execute();
  await db.schema.alterTable('auth_users').dropColumn('deleted_at').execute();
}
