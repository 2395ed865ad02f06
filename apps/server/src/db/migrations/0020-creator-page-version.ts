import type { Kysely } from 'kysely';

/**
 * `creators.content_version` (issue 25, ADR 026): a number every write that changes what her public
 * page shows (her profile, an item going on sale, changed, deleted, hidden or shown, her suspension,
 * her account's deletion) raises in the same transaction. Each process keeps the part of her page
 * every viewer shares in memory and uses it only while this number is the one it was read with, so
 * an edit made through one process shows on every other at once.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('creators')
    .addColumn('content_version', 'bigint', (column) => column.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('creators').dropColumn('content_version').execute();
}
