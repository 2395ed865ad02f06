import { randomUUID } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.js';
import { type Joinable, joinable } from '../../lib/transactions.js';

/**
 * What a sale does to content, for payments' settlement, joined to its database transaction: the
 * item is held while the sale is decided, then the fan's unlock and the item's counters are written.
 */
export function createContentSales(db: Kysely<Database>): ContentSales {
  return joinable(
    (on) => ({
      holdItemForSale: (contentId: string) => holdItemForSale(on, contentId),
      recordSale: (sale: Sale) => recordSale(on, sale),
    }),
    db,
  );
}

export type ContentSales = Joinable<{
  holdItemForSale(contentId: string): Promise<{ filesKept: boolean }>;
  recordSale(sale: Sale): Promise<void>;
}>;

/**
 * Locks the item's row to the end of the caller's transaction and says whether its files are
 * still there. A removal of the files in flight is waited for and then seen, and one that comes
 * later waits for the sale and then sees its unlock (content-repository releaseFiles).
 */
async function holdItemForSale(db: Kysely<Database>, contentId: string): Promise<{ filesKept: boolean }> {
  const item = await db
    .selectFrom('contents')
    .select('filesRemovedAt')
    .where('id', '=', contentId)
    .forUpdate()
    .executeTakeFirst();
  return { filesKept: item !== undefined && item.filesRemovedAt === null };
}

export interface Sale {
  orderId: string;
  fanId: string;
  contentId: string;
  purchasedAt: number;
  /** When the fan's access ends. */
  expiresAt: number;
  /** The creator's share, added to the item's earnings. */
  creatorPaise: number;
}

/** The fan's unlock (one per order: a second insert fails) and the item's unlock and earnings counters. */
async function recordSale(db: Kysely<Database>, sale: Sale): Promise<void> {
  await db
    .insertInto('unlocks')
    .values({
      id: randomUUID(),
      fanId: sale.fanId,
      contentId: sale.contentId,
      purchasedAt: sale.purchasedAt,
      expiresAt: sale.expiresAt,
      orderId: sale.orderId,
    })
    .execute();
  await db
    .updateTable('contents')
    .set({
      unlocks: sql<number>`unlocks + 1`,
      earningsPaise: sql<number>`earnings_paise + ${sale.creatorPaise}`,
    })
    .where('id', '=', sale.contentId)
    .execute();
}
