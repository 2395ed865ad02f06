import type { Kysely } from 'kysely';

/**
 * State that several processes (and machines) must share once Kholo runs on more than one
 * (issue 7, DESIGN §8). Everything here was in one process's memory before.
 * - `rate_limit_windows`: fixed-window counters for every rate limit, keyed by limit and client.
 * - `leases`: short named locks with an expiry, for work only one process may do at a time
 *   (creating a fan's order for one item); a holder that dies simply lets its lease run out.
 * - `storage_pending`: storage keys written (or about to be removed) whose database row is not
 *   committed yet. A crash leaves the key here, and the sweep removes the object later, so no
 *   file is orphaned. `contents.files_removed_at` marks a deleted item whose files were handed
 *   to it.
 * - `simulator_orders`: the payment simulator's orders, so any process can serve its checkout.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('rate_limit_windows')
    .addColumn('key', 'text', (column) => column.primaryKey())
    .addColumn('window_started_at', 'bigint', (column) => column.notNull())
    .addColumn('count', 'integer', (column) => column.notNull())
    .addColumn('expires_at', 'bigint', (column) => column.notNull())
    .execute();
  await db.schema.createIndex('rate_limit_windows_expires_idx').on('rate_limit_windows').column('expires_at').execute();

  await db.schema
    .createTable('leases')
    .addColumn('name', 'text', (column) => column.primaryKey())
    .addColumn('holder', 'text', (column) => column.notNull())
    .addColumn('expires_at', 'bigint', (column) => column.notNull())
    .execute();

  await db.schema
    .createTable('storage_pending')
    .addColumn('key', 'text', (column) => column.primaryKey())
    .addColumn('created_at', 'bigint', (column) => column.notNull())
    .execute();
  await db.schema.createIndex('storage_pending_created_idx').on('storage_pending').column('created_at').execute();
  // A deleted item's files go once no unlock runs and no order is open for it (content-repository.ts).
  await db.schema.alterTable('contents').addColumn('files_removed_at', 'bigint').execute();
  await db.schema
    .createIndex('contents_files_removed_deleted_idx')
    .on('contents')
    .columns(['files_removed_at', 'deleted_at'])
    .execute();
  await db.schema
    .createIndex('unlocks_content_expires_idx')
    .on('unlocks')
    .columns(['content_id', 'expires_at'])
    .execute();
  await db.schema.createIndex('orders_content_status_idx').on('orders').columns(['content_id', 'status']).execute();

  await db.schema
    .createTable('simulator_orders')
    .addColumn('order_id', 'text', (column) => column.primaryKey())
    .addColumn('session_id', 'text', (column) => column.notNull().unique())
    .addColumn('state', 'text', (column) => column.notNull())
    .addColumn('version', 'integer', (column) => column.notNull())
    .addColumn('created_at', 'bigint', (column) => column.notNull())
    .execute();
  await db.schema.createIndex('simulator_orders_created_idx').on('simulator_orders').column('created_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('simulator_orders').execute();
  await db.schema.dropIndex('orders_content_status_idx').execute();
  await db.schema.dropIndex('unlocks_content_expires_idx').execute();
  await db.schema.dropIndex('contents_files_removed_deleted_idx').execute();
  await db.schema.alterTable('contents').dropColumn('files_removed_at').execute();
  await db.schema.dropTable('storage_pending').execute();
  await db.schema.dropTable('leases').execute();
  await db.schema.dropTable('rate_limit_windows').execute();
}
