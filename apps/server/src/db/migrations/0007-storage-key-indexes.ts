import type { Kysely } from 'kysely';

/**
 * Every discard of storage keys asks whether a row still names them (storage-pending-repository.ts
 * findReferenced), by preview, display and avatar key as well as media key. Only media_key was
 * unique, so each of the others read its whole table on every upload failure, delete and sweep.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('contents_preview_key_idx').on('contents').column('preview_key').execute();
  await db.schema.createIndex('contents_display_key_idx').on('contents').column('display_key').execute();
  await db.schema.createIndex('creators_avatar_key_idx').on('creators').column('avatar_key').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('creators_avatar_key_idx').execute();
  await db.schema.dropIndex('contents_display_key_idx').execute();
  await db.schema.dropIndex('contents_preview_key_idx').execute();
}
