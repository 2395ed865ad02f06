import { type Kysely, sql } from 'kysely';
import type { Database, RefundStatus, VisitsTable } from '../../db/schema.js';

/** Rows per insert: 6 parameters each, far under SQLite's and PostgreSQL's limits. */
const INSERT_CHUNK = 500;

export interface SaleRow {
  orderId: string;
  contentId: string;
  title: string;
  fanId: string;
  amountPaise: number;
  paidAt: number;
  /** Her share, from the sale's ledger lines (to her wallet, or paying down what she owed). */
  sharePaise: number;
  /** What a refund or lost dispute took back of her share (0 when none). */
  takenBackPaise: number;
  refundedPaise: number;
  refundStatus: RefundStatus | null;
}

/**
 * The Analytics tab's reads and the visit counter's writes. A read model: it reads orders, the
 * sales' ledger lines and refunds as they are, and writes nothing but visits.
 */
export function createAnalyticsRepository(db: Kysely<Database>) {
  /** Her visits on the India days `from` to `to`, both included. */
  const visitsOf = (creatorId: string, from: string, to: string) =>
    db.selectFrom('visits').where('creatorId', '=', creatorId).where('day', '>=', from).where('day', '<=', to);

  return {
    /** Repeat visits (the same viewer, day and page) are inserts that do nothing. */
    async insertVisits(rows: readonly VisitsTable[]): Promise<void> {
      for (let start = 0; start < rows.length; start += INSERT_CHUNK) {
        await db
          .insertInto('visits')
          .values(rows.slice(start, start + INSERT_CHUNK))
          .onConflict((conflict) => conflict.columns(['creatorId', 'day', 'contentId', 'viewerKey']).doNothing())
          .execute();
      }
    },

    async deleteVisitsBefore(day: string): Promise<number> {
      const result = await db.deleteFrom('visits').where('day', '<', day).executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    /** Per day: viewers (one each, whatever of hers they looked at). */
    async visitorsByDay(creatorId: string, from: string, to: string) {
      return visitsOf(creatorId, from, to)
        .select(['day', sql<number | string>`count(distinct viewer_key)`.as('visitors')])
        .groupBy('day')
        .execute();
    },

    /** Per page: viewer-days ('' is her page). */
    async visitsByPage(creatorId: string, from: string, to: string) {
      return visitsOf(creatorId, from, to)
        .select(['contentId', (eb) => eb.fn.countAll<number | string>().as('visits')])
        .groupBy('contentId')
        .execute();
    },

    /** Viewer-days by where the day's first visit came from. */
    async visitorsBySource(creatorId: string, from: string, to: string) {
      const firstVisits = visitsOf(creatorId, from, to)
        .select([
          'source',
          sql<number>`row_number() over (partition by day, viewer_key order by created_at, content_id)`.as('nth'),
        ])
        .as('first_visits');
      const rows = await db
        .selectFrom(firstVisits)
        .select(['source', (eb) => eb.fn.countAll<number | string>().as('visitors')])
        .where('nth', '=', 1)
        .groupBy('source')
        .execute();
      return rows.map((row) => ({ source: row.source, visitors: Number(row.visitors) }));
    },

    /** Her paid sales from `since` (ms) on, oldest first, with her share and what was taken back. */
    async sales(creatorId: string, since: number, until: number): Promise<SaleRow[]> {
      const rows = await db
        .selectFrom('orders')
        .innerJoin('contents', 'contents.id', 'orders.contentId')
        .leftJoin('refunds', 'refunds.orderId', 'orders.id')
        .select((eb) => [
          'orders.id as orderId',
          'orders.contentId',
          'contents.title',
          'orders.fanId',
          'orders.amountPaise',
          'orders.paidAt',
          'refunds.amountPaise as refundedPaise',
          'refunds.status as refundStatus',
          eb
            .selectFrom('ledgerTransactions')
            .innerJoin('ledgerEntries', 'ledgerEntries.transactionId', 'ledgerTransactions.id')
            .select((inner) =>
              inner.fn.coalesce(inner.fn.sum<number | string>('ledgerEntries.amountPaise'), inner.lit(0)).as('share'),
            )
            .whereRef('ledgerTransactions.orderId', '=', 'orders.id')
            .where('ledgerTransactions.kind', '=', 'sale')
            .where('ledgerEntries.account', 'in', ['creator_wallet', 'creator_receivable'])
            .as('sharePaise'),
          sql<
            number | string | null
          >`refunds.from_wallet_paise + refunds.to_receivable_paise + refunds.from_held_paise`.as('takenBackPaise'),
        ])
        .where('orders.creatorId', '=', creatorId)
        .where('orders.status', '=', 'PAID')
        .where('orders.paidAt', '>=', since)
        .where('orders.paidAt', '<', until)
        .orderBy('orders.paidAt')
        .orderBy('orders.id')
        .execute();
      return rows.map((row) => ({
        orderId: row.orderId,
        contentId: row.contentId,
        title: row.title,
        fanId: row.fanId,
        amountPaise: row.amountPaise,
        paidAt: row.paidAt ?? 0,
        sharePaise: Number(row.sharePaise ?? 0),
        takenBackPaise: Number(row.takenBackPaise ?? 0),
        refundedPaise: row.refundedPaise ?? 0,
        refundStatus: row.refundStatus ?? null,
      }));
    },

    /**
     * Whether a page a browser says it showed is one anybody may see: her page while she is
     * neither suspended nor gone, an item of hers on sale.
     */
    async isPublicPage(creatorId: string, contentId: string | null): Promise<boolean> {
      const creator = await db
        .selectFrom('creators')
        .select('userId')
        .where('userId', '=', creatorId)
        .where('suspendedAt', 'is', null)
        .where('deletedAt', 'is', null)
        .executeTakeFirst();
      if (creator === undefined) return false;
      if (contentId === null) return true;
      const item = await db
        .selectFrom('contents')
        .select('id')
        .where('id', '=', contentId)
        .where('creatorId', '=', creatorId)
        .where('deletedAt', 'is', null)
        .where('hiddenAt', 'is', null)
        .where('processingState', 'is', null)
        .executeTakeFirst();
      return item !== undefined;
    },

    /** Her items' titles and kinds, deleted ones included (a sale of one stays in her records). */
    async items(creatorId: string) {
      return db
        .selectFrom('contents')
        .select(['id', 'title', 'mediaKind'])
        .where('creatorId', '=', creatorId)
        .execute();
    },
  };
}

export type AnalyticsRepository = ReturnType<typeof createAnalyticsRepository>;
