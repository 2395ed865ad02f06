import type { Kysely } from 'kysely';

/**
 * `creators.instagram_bio_done_at` (issue 26): when she ticked the dashboard checklist's last step,
 * "Put your link in your Instagram bio". Only she can say she did it, so it is kept on the server
 * and follows her to any phone; null until then.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('creators').addColumn('instagram_bio_done_at', 'bigint').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('creators').dropColumn('instagram_bio_done_at').execute();
}
