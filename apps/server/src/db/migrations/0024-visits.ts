import type { Kysely } from 'kysely';

/**
 * `visits` (issue 26, ADR 028): one row per viewer, per India day, per page of a creator's (her
 * page, `content_id` ''; or one item's). The viewer is a daily keyed hash or her account, never an
 * address or a cookie. The key makes a repeat visit that day an insert that does nothing, and its
 * order (creator, day) is the Analytics tab's range read.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('visits')
    .addColumn('creator_id', 'text', (column) => column.notNull())
    .addColumn('day', 'text', (column) => column.notNull())
    .addColumn('content_id', 'text', (column) => column.notNull())
    .addColumn('viewer_key', 'text', (column) => column.notNull())
    .addColumn('source', 'text', (column) => column.notNull())
    .addColumn('created_at', 'bigint', (column) => column.notNull())
    .addPrimaryKeyConstraint('visits_pkey', ['creator_id', 'day', 'content_id', 'viewer_key'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('visits').execute();
}
