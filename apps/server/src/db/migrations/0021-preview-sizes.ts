import type { Kysely } from 'kysely';

/**
 * An item's blurred preview in several widths and in AVIF (issue 25): the base preview's size
 * and the other copies made, as JSON (features/media/preview-sizes.ts). Their storage keys are
 * derived from `preview_key`, so no key column is needed; null for items made before, which keep
 * their one preview.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('contents').addColumn('preview_sizes', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('contents').dropColumn('preview_sizes').execute();
}
