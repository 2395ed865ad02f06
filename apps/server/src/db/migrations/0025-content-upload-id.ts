import type { Kysely } from 'kysely';

/**
 * `contents.upload_id` (issue 26, ADR 029): the resumable upload an item was made from, so a
 * second "make the item" with the same upload (its answer lost on a dropped connection) gets the
 * item already made instead of a false "not found" and a duplicate. Unique: one item per upload;
 * null for items sent as a form (both databases let nulls repeat in a unique index).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('contents').addColumn('upload_id', 'text').execute();
  await db.schema.createIndex('contents_upload_id_key').unique().on('contents').column('upload_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('contents_upload_id_key').execute();
  await db.schema.alterTable('contents').dropColumn('upload_id').execute();
}
