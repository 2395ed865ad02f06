import type { Expression, ExpressionBuilder, Insertable, Kysely, Selectable, SqlBool } from 'kysely';
import type { ContentsTable, Database } from '../../db/schema.js';
import { prepareQuery } from '../../lib/prepared.js';
import { raisePageVersion } from '../creators/index.js';
import { createStoragePendingRepository, previewVariantKeys, type StorageClaim } from '../media/index.js';
import { onSale } from './on-sale.js';

export type ContentRow = Selectable<ContentsTable>;
export type NewContentRow = Insertable<ContentsTable>;

/**
 * What a card shows (toCard) and what decides who may open it: a page of twenty reads these and
 * not every column, since turning columns into row objects is most of a small query's cost.
 */
const CARD_COLUMNS = [
  'id',
  'creatorId',
  'title',
  'description',
  'pricePaise',
  'isAdultContent',
  'mediaKind',
  'mediaMime',
  'mediaSizeBytes',
  'mediaWidth',
  'mediaHeight',
  'mediaDurationMs',
  'previewSizes',
  'createdAt',
  'hiddenAt',
] as const;
export type ContentCardRow = Pick<ContentRow, (typeof CARD_COLUMNS)[number]>;

/** An item with its creator's suspension, which decides with the item's own state who sees it. */
export interface ContentWithStandingRow extends ContentRow {
  creatorSuspendedAt: number | null;
}

export interface UnlockRow {
  contentId: string;
  purchasedAt: number;
  expiresAt: number;
}

/** A running unlock with when its file was last opened (views are counted once a minute). */
export interface ViewedUnlockRow extends UnlockRow {
  lastViewedAt: number | null;
}

/** How long one viewing lasts: opening the file again within it is not counted again. */
export const VIEW_COUNT_INTERVAL_MS = 60_000;

export interface FanUnlockRow extends UnlockRow {
  title: string;
  mediaKind: 'image' | 'video';
  creatorId: string;
  creatorHandle: string;
  creatorName: string;
}

/**
 * An order that may still be paid at `now`, as SQL over `orders`: payments' rule (its index's
 * `payableOrder`: open, or expired at the provider within the late-payment grace window).
 */
export type PayableOrderCondition = (now: number) => (eb: ExpressionBuilder<Database, 'orders'>) => Expression<SqlBool>;

/**
 * SQL for content items and the unlocks that open them. Plain rows out; the rules it holds are
 * the two that must be decided inside one statement or transaction: what is on sale
 * (on-sale.ts) and when a deleted item's files may go (`filesUnneeded`). Payments builds on
 * content, so its rule of an order that may still be paid comes in as `payableOrder`.
 */
export function createContentRepository(db: Kysely<Database>, holds: { payableOrder: PayableOrderCondition }) {
  const filesUnneeded = filesUnneededWhile(holds.payableOrder);
  // The creator page's reads (ADR 026), compiled once.
  const onSaleForPage = prepareQuery(db, ['creatorId'], (args: { creatorId: string }) =>
    db
      .selectFrom('contents')
      .innerJoin('creators', 'creators.userId', 'contents.creatorId')
      .select(CARD_COLUMNS.map((column) => `contents.${column}` as const))
      .where('contents.creatorId', '=', args.creatorId)
      .where(onSale)
      .orderBy('contents.createdAt', 'desc')
      .orderBy('contents.id', 'desc'),
  );
  const unlocksOfCreatorItems = prepareQuery(
    db,
    ['fanId', 'creatorId', 'now'],
    (args: { fanId: string; creatorId: string; now: number }) =>
      db
        .selectFrom('unlocks')
        .innerJoin('contents', 'contents.id', 'unlocks.contentId')
        .select(['unlocks.contentId', 'unlocks.purchasedAt', 'unlocks.expiresAt'])
        .where('unlocks.fanId', '=', args.fanId)
        .where('contents.creatorId', '=', args.creatorId)
        .where('unlocks.purchasedAt', '<=', args.now),
  );
  return {
    /**
     * The row, and its stored files' keys leave the pending journal in the same transaction; or
     * 'creator-gone' when her account was deleted while the upload was processed. Her creator row
     * is locked first, as her account's deletion locks it, so an upload either lands before the
     * deletion (which then deletes it) or sees it. The lock is the one the page version's raise
     * below takes (FOR NO KEY UPDATE, ADR 026), not a shared one: two uploads holding a shared
     * lock would each wait for the other's to raise the version, a deadlock on PostgreSQL.
     */
    async insertWithStoredFiles(
      row: NewContentRow,
      files: StorageClaim,
      /** More to commit with the row: the conversion job of a phone video. */
      alongside?: (trx: Kysely<Database>) => Promise<void>,
    ): Promise<ContentRow | 'creator-gone'> {
      return db.transaction().execute(async (trx) => {
        const creator = await trx
          .selectFrom('creators')
          .select('deletedAt')
          .where('userId', '=', row.creatorId)
          .forNoKeyUpdate()
          .executeTakeFirst();
        if (creator === undefined || creator.deletedAt !== null) return 'creator-gone';
        const inserted = await trx.insertInto('contents').values(row).returningAll().executeTakeFirstOrThrow();
        await raisePageVersion(trx, row.creatorId);
        if (!(await createStoragePendingRepository(trx).forgetClaim(files))) {
          throw new Error(`the storage sweep took the files of item ${row.id} before its row was committed`);
        }
        if (alongside !== undefined) await alongside(trx);
        return inserted;
      });
    },

    /** The item made from this resumable upload of this creator's, unless deleted since. */
    async findMadeFromUpload(creatorId: string, uploadId: string): Promise<ContentRow | undefined> {
      return db
        .selectFrom('contents')
        .selectAll()
        .where('uploadId', '=', uploadId)
        .where('creatorId', '=', creatorId)
        .where('deletedAt', 'is', null)
        .where('filesRemovedAt', 'is', null)
        .executeTakeFirst();
    },

    /** An item being converted, while it still is: not deleted, files kept, still 'processing'. */
    async findProcessing(id: string): Promise<ContentRow | undefined> {
      return db
        .selectFrom('contents')
        .selectAll()
        .where('id', '=', id)
        .where('processingState', '=', 'processing')
        .where('deletedAt', 'is', null)
        .where('filesRemovedAt', 'is', null)
        .executeTakeFirst();
    },

    /** The conversion's progress in whole percent; nothing once the item is gone or done. */
    async recordProcessingProgress(id: string, percent: number): Promise<void> {
      await db
        .updateTable('contents')
        .set({ processingProgress: percent })
        .where('id', '=', id)
        .where('processingState', '=', 'processing')
        .execute();
    },

    /** The conversion failed for good: the item stays off sale and says why to its creator. */
    async markProcessingFailed(id: string, reason: string): Promise<void> {
      await db
        .updateTable('contents')
        .set({ processingState: 'failed', processingError: reason, processingProgress: null })
        .where('id', '=', id)
        .where('processingState', '=', 'processing')
        .execute();
    },

    /**
     * The converted files take the uploaded ones' place and the item goes on sale, in one
     * transaction: the new keys leave the pending journal (claimed before they were written) and
     * the replaced ones enter it, for the caller to remove after the commit (the sweep otherwise).
     * 'gone' when the item was deleted meanwhile or is no longer processing (a second try of the
     * job): nothing changes, and the caller discards its claim.
     */
    async finishProcessing(
      id: string,
      changes: Pick<
        NewContentRow,
        | 'mediaKey'
        | 'mediaMime'
        | 'mediaSizeBytes'
        | 'mediaWidth'
        | 'mediaHeight'
        | 'mediaDurationMs'
        | 'previewKey'
        | 'previewSizes'
        | 'updatedAt'
      >,
      files: StorageClaim,
    ): Promise<{ replacedKeys: string[] } | 'gone'> {
      return db.transaction().execute(async (trx) => {
        const row = await trx
          .selectFrom('contents')
          .select(['creatorId', 'mediaKey', 'previewKey', 'displayKey', 'previewSizes'])
          .where('id', '=', id)
          .where('processingState', '=', 'processing')
          .where('deletedAt', 'is', null)
          .where('filesRemovedAt', 'is', null)
          .forUpdate()
          .executeTakeFirst();
        if (row === undefined) return 'gone';
        await trx
          .updateTable('contents')
          .set({ ...changes, processingState: null, processingProgress: null, processingError: null })
          .where('id', '=', id)
          .execute();
        // Her public page shows it now (ADR 026).
        await raisePageVersion(trx, row.creatorId);
        const pending = createStoragePendingRepository(trx);
        if (!(await pending.forgetClaim(files))) {
          throw new Error(`the storage sweep took the converted files of item ${id} before they were committed`);
        }
        const replacedKeys = [
          row.mediaKey,
          row.previewKey,
          row.displayKey,
          ...previewVariantKeys(row.previewKey, row.previewSizes),
        ].filter((key): key is string => key !== null && !files.keys.includes(key));
        await pending.add(replacedKeys, changes.updatedAt);
        return { replacedKeys };
      });
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

    /** Every item of hers on sale, newest first: the shared part of her page (ADR 026). */
    async listOnSaleForPage(creatorId: string): Promise<ContentCardRow[]> {
      return onSaleForPage({ creatorId });
    },

    /**
     * The fan's unlocks of the creator's items begun by `now`, running or ended, in one statement
     * (the (fan_id, content_id, expires_at) index, then each item by its key): her own part of the page.
     */
    async findUnlocksOfCreatorItems(fanId: string, creatorId: string, now: number): Promise<UnlockRow[]> {
      return unlocksOfCreatorItems({ fanId, creatorId, now });
    },

    /** The public list on /u/{handle}: what is on sale, newest first, optionally only the first `limit`. */
    async listPublicByCreator(creatorId: string, limit?: number): Promise<ContentCardRow[]> {
      let query = db
        .selectFrom('contents')
        .innerJoin('creators', 'creators.userId', 'contents.creatorId')
        .select(CARD_COLUMNS.map((column) => `contents.${column}` as const))
        .where('contents.creatorId', '=', creatorId)
        .where(onSale)
        .orderBy('contents.createdAt', 'desc')
        .orderBy('contents.id', 'desc');
      if (limit !== undefined) query = query.limit(limit);
      return query.execute();
    },

    async countPublicByCreator(creatorId: string): Promise<number> {
      const row = await db
        .selectFrom('contents')
        .innerJoin('creators', 'creators.userId', 'contents.creatorId')
        .select((eb) => eb.fn.countAll<number | string>().as('count'))
        .where('contents.creatorId', '=', creatorId)
        .where(onSale)
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
      return db.transaction().execute(async (trx) => {
        const row = await trx
          .updateTable('contents')
          .set(changes)
          .where('id', '=', id)
          .where('creatorId', '=', creatorId)
          .where('deletedAt', 'is', null)
          .returningAll()
          .executeTakeFirst();
        if (row !== undefined) await raisePageVersion(trx, creatorId);
        return row;
      });
    },

    /**
     * Marks the creator's own item deleted and, in the same transaction, gives up its files when
     * nothing still needs them (see releaseFiles). Undefined when there was nothing of hers to
     * delete, or a report holds it; otherwise the keys now in the pending journal, for the caller to remove.
     */
    async softDeleteOwned(creatorId: string, id: string, now: number): Promise<{ releasedKeys: string[] } | undefined> {
      // Her own delete waits while a report holds the item (ADR 023); her account's deletion does not.
      return db.transaction().execute((trx) => softDelete(trx, creatorId, id, now, filesUnneeded, { evenHeld: false }));
    },

    /**
     * Every item of the creator not yet deleted, held ones too, deleted as softDeleteOwned deletes one,
     * inside the caller's transaction `trx` (her account's deletion, ADR 024). Answers the keys
     * now in the pending journal, for the caller to remove once `trx` commits.
     */
    async softDeleteEveryOwnedIn(trx: Kysely<Database>, creatorId: string, now: number): Promise<string[]> {
      const rows = await trx
        .selectFrom('contents')
        .select('id')
        .where('creatorId', '=', creatorId)
        .where('deletedAt', 'is', null)
        .orderBy('id')
        .execute();
      const released: string[] = [];
      for (const { id } of rows) {
        const deleted = await softDelete(trx, creatorId, id, now, filesUnneeded, { evenHeld: true });
        if (deleted !== undefined) released.push(...deleted.releasedKeys);
      }
      return released;
    },

    /** Deleted items whose files were kept for a fan and are no longer needed, at most `limit`. */
    async findDeletedWithUnneededFiles(now: number, limit: number): Promise<string[]> {
      const rows = await db
        .selectFrom('contents')
        .select('contents.id')
        .where(filesUnneeded(now))
        .orderBy('contents.deletedAt')
        .limit(limit)
        .execute();
      return rows.map((row) => row.id);
    },

    /** releaseFiles in a transaction of its own: the keys now pending, or [] when they are still needed. */
    async releaseFilesIfUnneeded(id: string, now: number): Promise<string[]> {
      return db.transaction().execute((trx) => releaseFiles(trx, id, now, filesUnneeded));
    },

    /** The fan's unlock of this item that is still running at `now`, the latest if several. */
    async findActiveUnlock(fanId: string, contentId: string, now: number): Promise<ViewedUnlockRow | undefined> {
      return db
        .selectFrom('unlocks')
        .select(['contentId', 'purchasedAt', 'expiresAt', 'lastViewedAt'])
        .where('fanId', '=', fanId)
        .where('contentId', '=', contentId)
        .where('purchasedAt', '<=', now)
        .where('expiresAt', '>', now)
        .orderBy('expiresAt', 'desc')
        .executeTakeFirst();
    },

    /**
     * The fan opened what she bought: counted on her running unlock, at most once a minute (a
     * video's range requests are one viewing). A dispute's evidence that she received it.
     */
    async recordView(fanId: string, contentId: string, now: number): Promise<void> {
      await db
        .updateTable('unlocks')
        .set((eb) => ({
          views: eb('views', '+', 1),
          firstViewedAt: eb.fn.coalesce('firstViewedAt', eb.val(now)),
          lastViewedAt: now,
        }))
        .where('fanId', '=', fanId)
        .where('contentId', '=', contentId)
        .where('purchasedAt', '<=', now)
        .where('expiresAt', '>', now)
        .where((eb) => eb.or([eb('lastViewedAt', 'is', null), eb('lastViewedAt', '<=', now - VIEW_COUNT_INTERVAL_MS)]))
        .execute();
    },

    /**
     * The fan's unlocks of the given items begun by `now`, running or ended: what decides each
     * card's access, and when an ended one ran out, for a page of cards in one query (the
     * (fan_id, content_id, expires_at) index finds them; a fan has an unlock per purchase).
     */
    async findUnlocksOfItems(fanId: string, contentIds: readonly string[], now: number): Promise<ViewedUnlockRow[]> {
      if (contentIds.length === 0) return [];
      return db
        .selectFrom('unlocks')
        .select(['contentId', 'purchasedAt', 'expiresAt', 'lastViewedAt'])
        .where('fanId', '=', fanId)
        .where('contentId', 'in', contentIds)
        .where('purchasedAt', '<=', now)
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

type FilesUnneeded = ReturnType<typeof filesUnneededWhile>;

/**
 * A deleted item keeps its files while a fan's unlock of it runs, or while an order for it may
 * still be paid (settlement then unlocks the item), and while Kholo holds or took it down (the
 * files are the evidence of what was reported, ADR 023). The conditions sit in one statement, so
 * on PostgreSQL a settlement in flight either has committed its unlock or still shows its order.
 */
function filesUnneededWhile(payableOrder: PayableOrderCondition) {
  return (now: number) => (eb: ExpressionBuilder<Database, 'contents'>) =>
    eb.and([
      eb('contents.deletedAt', 'is not', null),
      eb('contents.filesRemovedAt', 'is', null),
      eb('contents.hiddenAt', 'is', null),
      eb.not(
        eb.exists(
          eb
            .selectFrom('unlocks')
            .select('unlocks.id')
            .whereRef('unlocks.contentId', '=', 'contents.id')
            .where('unlocks.expiresAt', '>', now),
        ),
      ),
      eb.not(
        eb.exists(
          eb
            .selectFrom('orders')
            .select('orders.id')
            .whereRef('orders.contentId', '=', 'contents.id')
            // As payments says: a FAILED attempt can still be followed by a paying retry in the
            // same checkout, and an attempt begun before the expiry can still succeed after it.
            .where(payableOrder(now)),
        ),
      ),
    ]);
}

/** Marks the creator's own item deleted and gives up its files when nothing needs them, in `trx`. */
async function softDelete(
  trx: Kysely<Database>,
  creatorId: string,
  id: string,
  now: number,
  filesUnneeded: FilesUnneeded,
  options: { evenHeld: boolean },
): Promise<{ releasedKeys: string[] } | undefined> {
  // Two statements on purpose: this UPDATE takes the row lock an order being created holds
  // FOR SHARE (orders-repository insertForItemOnSale), so releaseFiles, a later statement,
  // sees that order once it is committed. Folded into one, the check could miss it.
  let update = trx
    .updateTable('contents')
    .set({ deletedAt: now, updatedAt: now })
    .where('id', '=', id)
    .where('creatorId', '=', creatorId)
    .where('deletedAt', 'is', null);
  if (!options.evenHeld) update = update.where('heldAt', 'is', null);
  const result = await update.executeTakeFirst();
  if (result.numUpdatedRows === 0n) return undefined;
  await raisePageVersion(trx, creatorId);
  return { releasedKeys: await releaseFiles(trx, id, now, filesUnneeded) };
}

/**
 * Marks a deleted item's files as given up and records their keys in the pending journal, inside
 * the caller's transaction; answers the keys, or [] when the files are still needed (or were
 * given up already). After the commit the caller removes the objects, and the sweep does if it
 * cannot: from here on the row points at files that may be gone, so the item is gone too.
 */
async function releaseFiles(
  trx: Kysely<Database>,
  id: string,
  now: number,
  filesUnneeded: FilesUnneeded,
): Promise<string[]> {
  // Lock the row first and decide in a statement of its own: on PostgreSQL a statement that
  // waited for a settlement's lock would still judge its unlock and order checks by the
  // snapshot it started with, and miss the unlock that settlement just committed.
  await trx.selectFrom('contents').select('id').where('id', '=', id).forUpdate().execute();
  const released = await trx
    .updateTable('contents')
    .set({ filesRemovedAt: now })
    .where('contents.id', '=', id)
    .where(filesUnneeded(now))
    .returning(['mediaKey', 'previewKey', 'displayKey', 'previewSizes'])
    .executeTakeFirst();
  if (released === undefined) return [];
  const keys = [
    released.mediaKey,
    released.previewKey,
    released.displayKey,
    ...previewVariantKeys(released.previewKey, released.previewSizes),
  ].filter((key): key is string => key !== null);
  await createStoragePendingRepository(trx).add(keys, now);
  return keys;
}
