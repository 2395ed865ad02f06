import { type Kysely, sql } from 'kysely';

/**
 * Content items and unlocks. Money is integer paise, instants epoch milliseconds (ADR 003).
 * Storage keys are made by the server; none of them ever comes from a user's file name alone.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('contents')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('creator_id', 'text', (column) => column.notNull().references('creators.user_id').onDelete('cascade'))
    .addColumn('title', 'text', (column) => column.notNull())
    .addColumn('description', 'text', (column) => column.notNull())
    .addColumn('price_paise', 'bigint', (column) => column.notNull().check(sql`price_paise >= 100`))
    .addColumn('is_adult_content', 'integer', (column) =>
      column
        .notNull()
        .defaultTo(0)
        .check(sql`is_adult_content in (0, 1)`),
    )
    .addColumn('media_kind', 'text', (column) => column.notNull().check(sql`media_kind in ('image', 'video')`))
    .addColumn('media_key', 'text', (column) => column.notNull().unique())
    .addColumn('media_mime', 'text', (column) => column.notNull())
    .addColumn('media_size_bytes', 'bigint', (column) => column.notNull())
    .addColumn('media_width', 'integer')
    .addColumn('media_height', 'integer')
    .addColumn('media_duration_ms', 'integer')
    // A display-sized copy of an image (null for video), shown inline instead of a 50 MB original.
    .addColumn('display_key', 'text')
    .addColumn('preview_key', 'text', (column) => column.notNull())
    .addColumn('unlocks', 'integer', (column) =>
      column
        .notNull()
        .defaultTo(0)
        .check(sql`unlocks >= 0`),
    )
    .addColumn('earnings_paise', 'bigint', (column) =>
      column
        .notNull()
        .defaultTo(0)
        .check(sql`earnings_paise >= 0`),
    )
    .addColumn('created_at', 'bigint', (column) => column.notNull())
    .addColumn('updated_at', 'bigint', (column) => column.notNull())
    // Deleted by the creator: gone from every public list, still open to fans whose unlock runs.
    .addColumn('deleted_at', 'bigint')
    .execute();
  await db.schema
    .createIndex('contents_creator_created_idx')
    .on('contents')
    .columns(['creator_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('unlocks')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('fan_id', 'text', (column) => column.notNull().references('auth_users.id').onDelete('cascade'))
    .addColumn('content_id', 'text', (column) => column.notNull().references('contents.id').onDelete('cascade'))
    .addColumn('purchased_at', 'bigint', (column) => column.notNull())
    .addColumn('expires_at', 'bigint', (column) => column.notNull())
    .execute();
  await db.schema
    .createIndex('unlocks_fan_content_expires_idx')
    .on('unlocks')
    .columns(['fan_id', 'content_id', 'expires_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('unlocks').execute();
  await db.schema.dropTable('contents').execute();
}
