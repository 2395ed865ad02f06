import { randomUUID } from 'node:crypto';
import { UNLOCK_WINDOW_MS } from '@kholo/contracts';
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
      holdsRunningUnlock: (fanId: string, contentId: string, now: number, exceptOrderId: string) =>
        holdsRunningUnlock(on, fanId, contentId, now, exceptOrderId),
      recordSale: (sale: Sale) => recordSale(on, sale),
      endAccess: (ending: AccessEnding) => endAccess(on, ending),
      restoreAccess: (orderId: string, now: number) => restoreAccess(on, orderId, now),
      runningUnlockOrders: (contentId: string, now: number) => runningUnlockOrders(on, contentId, now),
    }),
    db,
  );
}

export type ContentSales = Joinable<{
  holdItemForSale(contentId: string): Promise<HeldItem>;
  /** The fan already has a running unlock of the item from an order other than `exceptOrderId`. */
  holdsRunningUnlock(fanId: string, contentId: string, now: number, exceptOrderId: string): Promise<boolean>;
  recordSale(sale: Sale): Promise<void>;
  /** A refund or dispute took the sale back: the fan's access ends now, and the counters go down. */
  endAccess(ending: AccessEnding): Promise<void>;
  /** A dispute decided for the sale: the fan's access runs again to the end of her 14 days. */
  restoreAccess(orderId: string, now: number): Promise<void>;
  /** The orders whose unlocks of the item still run at `now`, oldest first (fans to refund when it is taken down). */
  runningUnlockOrders(contentId: string, now: number): Promise<string[]>;
}>;

/** What a sale needs to know of its item while it holds it. */
export interface HeldItem {
  /** The files are still there: an unlock would open something. */
  filesKept: boolean;
  /** Deleted by its creator or hidden by the admin (its files may still be kept). */
  removed: boolean;
  /** Its price now (it may have changed since the order was made); null when there is no such item. */
  pricePaise: number | null;
}

export interface AccessEnding {
  orderId: string;
  contentId: string;
  /** Take the sale out of the item's unlocks and earnings (its share); false when already done. */
  undoCounters: boolean;
  creatorPaise: number;
  now: number;
}

/**
 * Locks the item's row to the end of the caller's transaction and says whether its files are
 * still there. A removal of the files in flight is waited for and then seen, and one that comes
 * later waits for the sale and then sees its unlock (content-repository releaseFiles).
 */
async function holdItemForSale(db: Kysely<Database>, contentId: string): Promise<HeldItem> {
  const item = await db
    .selectFrom('contents')
    .select(['filesRemovedAt', 'deletedAt', 'hiddenAt', 'pricePaise'])
    .where('id', '=', contentId)
    .forUpdate()
    .executeTakeFirst();
  return {
    filesKept: item !== undefined && item.filesRemovedAt === null,
    removed: item === undefined || item.deletedAt !== null || item.hiddenAt !== null,
    pricePaise: item?.pricePaise ?? null,
  };
}

async function holdsRunningUnlock(
  db: Kysely<Database>,
  fanId: string,
  contentId: string,
  now: number,
  exceptOrderId: string,
) {
  const unlock = await db
    .selectFrom('unlocks')
    .select('id')
    .where('fanId', '=', fanId)
    .where('contentId', '=', contentId)
    .where((eb) => eb.or([eb('orderId', 'is', null), eb('orderId', '<>', exceptOrderId)]))
    .where('purchasedAt', '<=', now)
    .where('expiresAt', '>', now)
    .executeTakeFirst();
  return unlock !== undefined;
}

/**
 * Ends the order's unlock at `now` (an access already over stays as it ended) and, once, takes the
 * sale out of the item's counters.
 */
async function endAccess(db: Kysely<Database>, ending: AccessEnding): Promise<void> {
  await db
    .updateTable('unlocks')
    .set({ expiresAt: ending.now })
    .where('orderId', '=', ending.orderId)
    .where('expiresAt', '>', ending.now)
    .execute();
  if (!ending.undoCounters) return;
  await db
    .updateTable('contents')
    .set({
      unlocks: sql<number>`unlocks - 1`,
      earningsPaise: sql<number>`earnings_paise - ${ending.creatorPaise}`,
    })
    .where('id', '=', ending.contentId)
    .execute();
}

async function restoreAccess(db: Kysely<Database>, orderId: string, now: number): Promise<void> {
  await db
    .updateTable('unlocks')
    .set({ expiresAt: sql<number>`purchased_at + ${UNLOCK_WINDOW_MS}` })
    .where('orderId', '=', orderId)
    .where(sql<boolean>`purchased_at + ${UNLOCK_WINDOW_MS} > ${now}`)
    .execute();
}

async function runningUnlockOrders(db: Kysely<Database>, contentId: string, now: number): Promise<string[]> {
  const rows = await db
    .selectFrom('unlocks')
    .select('orderId')
    .where('contentId', '=', contentId)
    .where('purchasedAt', '<=', now)
    .where('expiresAt', '>', now)
    .where('orderId', 'is not', null)
    .orderBy('purchasedAt')
    .execute();
  return rows.flatMap((row) => (row.orderId === null ? [] : [row.orderId]));
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
