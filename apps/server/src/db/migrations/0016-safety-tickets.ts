import { type Kysely, sql } from 'kysely';

/**
 * Trust and safety (issue 24, ADR 023).
 * - `safety_tickets`: every report of an item or a creator page, every complaint to the
 *   Grievance Officer, and every creator's request to review a removal. One row each, with the
 *   lane's deadline fixed when it arrives (a later change of the rules does not move it), and the
 *   admin's decision. `ticket` is the number the person is given.
 * - `contents.held_at`: set while a report holds the item out of view pending review. The item is
 *   hidden the ordinary way (`hidden_at`), so every reader that hides hidden items hides it; this
 *   column only says the hide is a hold (no refunds; a dismissal restores it).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('safety_tickets')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('ticket', 'text', (column) => column.notNull().unique())
    .addColumn('kind', 'text', (column) =>
      column.notNull().check(sql`kind in ('report', 'grievance', 'review_request')`),
    )
    .addColumn('reason', 'text')
    .addColumn('topic', 'text')
    .addColumn('lane', 'text', (column) => column.notNull().check(sql`lane in ('urgent', 'unlawful', 'grievance')`))
    .addColumn('status', 'text', (column) =>
      column
        .notNull()
        .defaultTo('open')
        .check(sql`status in ('open', 'removed', 'dismissed', 'suspended', 'restored', 'kept', 'closed')`),
    )
    // The subject: an item (with its creator) or a creator page; neither for a grievance.
    .addColumn('content_id', 'text')
    .addColumn('creator_id', 'text')
    .addColumn('details', 'text')
    .addColumn('original_url', 'text')
    .addColumn('link', 'text')
    .addColumn('reporter_account_id', 'text')
    .addColumn('reporter_email', 'text')
    .addColumn('reporter_name', 'text')
    .addColumn('held_item', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('amend_token_hash', 'text')
    .addColumn('amended_at', 'bigint')
    .addColumn('created_at', 'bigint', (column) => column.notNull())
    .addColumn('due_at', 'bigint', (column) => column.notNull())
    .addColumn('acknowledged_at', 'bigint')
    .addColumn('decided_at', 'bigint')
    .addColumn('decided_by', 'text')
    .addColumn('decision_note', 'text')
    .execute();
  // The queue: open tickets by deadline; decided ones newest first.
  await sql`create index safety_tickets_open_due on safety_tickets (due_at) where status = 'open'`.execute(db);
  await sql`create index safety_tickets_decided on safety_tickets (decided_at) where status <> 'open'`.execute(db);
  await db.schema
    .createIndex('safety_tickets_content')
    .on('safety_tickets')
    .columns(['content_id', 'status'])
    .execute();
  await db.schema
    .createIndex('safety_tickets_creator')
    .on('safety_tickets')
    .columns(['creator_id', 'status'])
    .execute();

  // One review request waiting per item: of two sent at once, the second is refused.
  await sql`create unique index safety_tickets_one_open_review on safety_tickets (content_id) where kind = 'review_request' and status = 'open'`.execute(
    db,
  );

  await db.schema.alterTable('contents').addColumn('held_at', 'bigint').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('contents').dropColumn('held_at').execute();
  // The table's indexes go with it.
  await db.schema.dropTable('safety_tickets').execute();
}
