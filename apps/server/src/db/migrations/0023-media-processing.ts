import type { Kysely } from 'kysely';

/**
 * Phone videos converted in the background (issue 26, ADR 010): an item whose MOV or HEVC upload
 * is being made into an MP4 H.264 is stored at once with `processing_state` 'processing' (not on
 * sale, on-sale.ts), its progress in whole percent, and on failure 'failed' with the reason shown
 * to its creator. Null once ready, as every item made before is.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('contents').addColumn('processing_state', 'text').execute();
  await db.schema.alterTable('contents').addColumn('processing_progress', 'integer').execute();
  await db.schema.alterTable('contents').addColumn('processing_error', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('contents').dropColumn('processing_error').execute();
  await db.schema.alterTable('contents').dropColumn('processing_progress').execute();
  await db.schema.alterTable('contents').dropColumn('processing_state').execute();
}
