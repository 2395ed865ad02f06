import type { ExpressionBuilder } from 'kysely';
import type { Database } from '../../db/schema.js';

/**
 * What takes an item off sale, each a column that stays null until it happens: its creator
 * deleted it (and later its files went), the admin hid it, the admin suspended its creator, or
 * it is a phone video still being converted to MP4 (or whose conversion failed). An
 * item on sale is one anyone may see and buy. Stated here once, for SQL (`onSale`) and for code
 * (`isOnSale`).
 */
const OFF_SALE_MARKS = {
  deletedAt: 'contents.deletedAt',
  filesRemovedAt: 'contents.filesRemovedAt',
  hiddenAt: 'contents.hiddenAt',
  processingState: 'contents.processingState',
  creatorSuspendedAt: 'creators.suspendedAt',
} as const;

/** What decides whether an item is on sale: the row's marks, its creator's suspension as `creatorSuspendedAt`. */
export type ItemStanding = Record<keyof typeof OFF_SALE_MARKS, number | string | null>;

/** On sale, as SQL for a query that has the item's `contents` row joined with its `creators` row. */
export function onSale(eb: ExpressionBuilder<Database, 'contents' | 'creators'>) {
  return eb.and(Object.values(OFF_SALE_MARKS).map((column) => eb(column, 'is', null)));
}

/** Whether anyone may buy it and visitors may see it. */
export function isOnSale(item: ItemStanding): boolean {
  return (Object.keys(OFF_SALE_MARKS) as (keyof ItemStanding)[]).every((mark) => item[mark] === null);
}
