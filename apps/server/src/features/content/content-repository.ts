import type { Insertable, Kysely, Selectable } from 'kysely';
import type { ContentsTable, Database } from '../../db/schema.js';

export type ContentRow = Selectable<ContentsTable>;
export type NewContentRow = Insertable<ContentsTable>;

/** An item with its creator's suspension, which decides with the item's own state who sees it. */
export interface ContentWithStandingRow extends ContentRow {
  creatorSuspendedAt: number | null;
}

export interface UnlockRow {
  contentId: string;
  purchasedAt: number;
  expiresAt: number;
}

export interface FanUnlockRow extends UnlockRow {
  title: string;
  mediaKind: 'image' | 'video';
  creatorId: string;
  creatorHandle: string;
  creatorName: string;
}

/** SQL for content items and the unlocks that open them. Plain rows out, no rules. */
export function createContentRepository(db: Kysely<Database>) {
  return {
    async insert(row: NewContentRow): Promise<ContentRow> {
      return db.insertInto('contents').values(row).returningAll().executeTakeFirstOrThrow();
    },

    async findById(id: string): Promise<ContentWithStandingRow | undefined> {
      return db
        .selectFrom('contents')
        .innerJoin('creators', 'creators.userId', 'contents.creatorId')
        .selectAll('contents')
        .select('creators.suspendedAt as creatorSuspendedAt')
        .where('contents.id', '=', id)
        .executeTakeFirst();
    },

    /** The creator's own list: everything not deleted, newest first. */
    async listByCreator(creatorId: string): Promise<ContentRow[]> {
      return db
        .selectFrom('contents')
        .selectAll()
        .where('creatorId', '=', creatorId)
        .where('deletedAt', 'is', null)
        .orderBy('createdAt', 'desc')
        .orderBy('id', 'desc')
        .execute();
    },

    /**
     * The public list on /u/{handle}: not deleted, not hidden by the admin, newest first,
     * optionally only the first `limit`. (A suspended creator has no page to list it on.)
     */
    async listPublicByCreator(creatorId: string, limit?: number): Promise<ContentRow[]> {
      let query = db
        .selectFrom('contents')
        .selectAll()
        .where('creatorId', '=', creatorId)
        .where('deletedAt', 'is', null)
        .where('hiddenAt', 'is', null)
        .orderBy('createdAt', 'desc')
        .orderBy('id', 'desc');
      if (limit !== undefined) query = query.limit(limit);
      return query.execute();
    },

    async countPublicByCreator(creatorId: string): Promise<number> {
      const row = await db
        .selectFrom('contents')
        .select((eb) => eb.fn.countAll<number | string>().as('count'))
        .where('creatorId', '=', creatorId)
        .where('deletedAt', 'is', null)
        .where('hiddenAt', 'is', null)
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },

    /** Every item's earnings, deleted ones included: what was earned stays earned. */
    async sumEarningsByCreator(creatorId: string): Promise<number> {
      const row = await db
        .selectFrom('contents')
        .select((eb) => eb.fn.coalesce(eb.fn.sum<number | string>('earningsPaise'), eb.lit(0)).as('total'))
        .where('creatorId', '=', creatorId)
        .executeTakeFirstOrThrow();
      // PostgreSQL sums BIGINT as NUMERIC, which arrives as text.
      return Number(row.total);
    },

    /** Changes the creator's own item; undefined when it is not hers or is deleted. */
    async updateOwned(
      creatorId: string,
      id: string,
      changes: { title?: string; description?: string; pricePaise?: number; updatedAt: number },
    ): Promise<ContentRow | undefined> {
      return db
        .updateTable('contents')
        .set(changes)
        .where('id', '=', id)
        .where('creatorId', '=', creatorId)
        .where('deletedAt', 'is', null)
        .returningAll()
        .executeTakeFirst();
    },

    /** Marks the creator's own item deleted; false when there was nothing of hers to delete. */
    async softDeleteOwned(creatorId: string, id: string, now: number): Promise<boolean> {
      const result = await db
        .updateTable('contents')
        .set({ deletedAt: now, updatedAt: now })
        .where('id', '=', id)
        .where('creatorId', '=', creatorId)
        .where('deletedAt', 'is', null)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    /** The fan's unlock of this item that is still running at `now`, the latest if several. */
    async findActiveUnlock(fanId: string, contentId: string, now: number): Promise<UnlockRow | undefined> {
      return db
        .selectFrom('unlocks')
        .select(['contentId', 'purchasedAt', 'expiresAt'])
        .where('fanId', '=', fanId)
        .where('contentId', '=', contentId)
        .where('purchasedAt', '<=', now)
        .where('expiresAt', '>', now)
        .orderBy('expiresAt', 'desc')
        .executeTakeFirst();
    },

    /** Running unlocks of the given items, for rendering a page of cards in one query. */
    async findActiveUnlocks(fanId: string, contentIds: readonly string[], now: number): Promise<UnlockRow[]> {
      if (contentIds.length === 0) return [];
      return db
        .selectFrom('unlocks')
        .select(['contentId', 'purchasedAt', 'expiresAt'])
        .where('fanId', '=', fanId)
        .where('contentId', 'in', contentIds)
        .where('purchasedAt', '<=', now)
        .where('expiresAt', '>', now)
        .execute();
    },

    /**
     * Everything the fan can open right now, with its creator, newest purchase first: items the
     * admin hid are left out, since their unlocks no longer open them.
     */
    async listActiveUnlocksForFan(fanId: string, now: number): Promise<FanUnlockRow[]> {
      return db
        .selectFrom('unlocks')
        .innerJoin('contents', 'contents.id', 'unlocks.contentId')
        .innerJoin('creators', 'creators.userId', 'contents.creatorId')
        .select([
          'unlocks.contentId',
          'unlocks.purchasedAt',
          'unlocks.expiresAt',
          'contents.title',
          'contents.mediaKind',
          'contents.creatorId',
          'creators.handle as creatorHandle',
          'creators.name as creatorName',
        ])
        .where('unlocks.fanId', '=', fanId)
        .where('unlocks.purchasedAt', '<=', now)
        .where('unlocks.expiresAt', '>', now)
        .where('contents.hiddenAt', 'is', null)
        .orderBy('unlocks.purchasedAt', 'desc')
        .execute();
    },
  };
}

export type ContentRepository = ReturnType<typeof createContentRepository>;
