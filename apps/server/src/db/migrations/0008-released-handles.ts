import type { Kysely } from 'kysely';

/**
 * Handles creators gave up (issue I-1). A released handle stays with the creator who had it
 * until `held_until` (release + HANDLE_COOLING_OFF_DAYS, fixed when she releases it): no one
 * else may take it, and its old address says where she went. One row per handle, the latest
 * release; no foreign key to creators, so the hold outlives a creator who leaves.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('released_handles')
    .addColumn('handle', 'text', (column) => column.primaryKey())
    .addColumn('user_id', 'text', (column) => column.notNull())
    .addColumn('released_at', 'bigint', (column) => column.notNull())
    .addColumn('held_until', 'bigint', (column) => column.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('released_handles').execute();
}
