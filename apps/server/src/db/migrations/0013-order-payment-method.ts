import type { Kysely } from 'kysely';

/**
 * How the fan paid (UPI, card, net banking), recorded when the payment settles: her receipt shows
 * it, a refund's timing depends on it, and a dispute's evidence names it (issue 22).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('orders').addColumn('payment_method', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('orders').dropColumn('payment_method').execute();
}
