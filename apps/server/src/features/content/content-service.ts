import { randomUUID } from 'node:crypto';
import {
  CONTENT_MESSAGES,
  type ContentDetail,
  type contentUpdateInput,
  type CreatorPage,
  type FanUnlocks,
  type PublicCreator,
  priceProblem,
  SAFETY_MESSAGES,
  type StudioContent,
  type StudioContents,
  type StudioTakedown,
  TERMS_VERSION,
  UPLOAD_ATTESTATION_REQUIRED,
  uploadFields,
  unlockDaysLeft,
  VISITOR_VISIBLE_ITEMS,
} from '@kholo/contracts';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../lib/app-error.js';
import type { Clock } from '../../lib/clock.js';
import { parseInput } from '../../lib/validate.js';
import type { Storage } from '../../providers/storage/storage.js';
import {
  discardStaged,
  extensionFor,
  type MediaProcessor,
  mediaUrls,
  type PreviewFormat,
  previewKeyFor,
  previewMime,
  previewVariantKey,
  type ProcessedMedia,
  type StagedFile,
  type StorageClaim,
  type StorageJournal,
  type StoredFileResponse,
} from '../media/index.js';
import { accessFor, isVisible, mediaOf, runningUnlock, toCard, type Viewer } from './content-access.js';
import {
  type ContentRepository,
  type ContentRow,
  type ContentWithStandingRow,
  VIEW_COUNT_INTERVAL_MS,
  type ViewedUnlockRow,
} from './content-repository.js';
import { isOnSale } from './on-sale.js';
import { downloadFileName, storageFileName } from './storage-names.js';
import type { VideoConversions } from './video-conversion.js';

export type UploadDetails = z.output<typeof uploadFields>;

/** The same words for a missing item and one the viewer may not open, so neither can be told apart. */
const NOT_FOUND = CONTENT_MESSAGES.contentNotFound;
/** SPEC §5 names description too; since issue 26 it is optional (a photo often needs no words). */
const REQUIRED_UPLOAD_FIELDS = ['title', 'pricePaise'] as const;

export interface ContentServiceDeps {
  contents: ContentRepository;
  storage: Storage;
  /** Records keys before their objects are written, so a crash leaves nothing unaccounted for. */
  journal: StorageJournal;
  clock: Clock;
  /** Decodes uploads and makes their previews, a few at a time per process. */
  media: MediaProcessor;
  /** Queues the background conversion of a phone video (MOV, HEVC) with its item. */
  conversions: VideoConversions;
  maxPricePaise: number;
  /** Why items out of view are so (features/safety): held for a report, or taken down. */
  takedowns: (
    items: readonly Pick<ContentRow, 'id' | 'hiddenAt' | 'hiddenReason' | 'heldAt'>[],
  ) => Promise<Map<string, StudioTakedown>>;
}

export function createContentService(deps: ContentServiceDeps) {
  const { contents, storage, journal, clock } = deps;

  function studioItem(row: ContentRow, takedown: StudioTakedown | null = null): StudioContent {
    return {
      ...toCard(row, { kind: 'owner' }),
      media: mediaOf(row),
      unlocks: row.unlocks,
      earningsPaise: row.earningsPaise,
      updatedAt: row.updatedAt,
      hiddenReason: row.hiddenAt === null ? null : row.hiddenReason,
      takedown,
      processing:
        row.processingState === 'processing'
          ? { state: 'processing', progress: row.processingProgress ?? 0 }
          : row.processingState === 'failed'
            ? { state: 'failed', reason: row.processingError ?? 'This video could not be converted.' }
            : null,
    };
  }

  async function studioItems(rows: readonly ContentRow[]): Promise<StudioContent[]> {
    const takedowns = rows.some((row) => row.hiddenAt !== null)
      ? await deps.takedowns(rows)
      : new Map<string, StudioTakedown>();
    return rows.map((row) => studioItem(row, takedowns.get(row.id) ?? null));
  }

  function checkPrice(pricePaise: number | undefined): void {
    if (pricePaise === undefined) return;
    const problem = priceProblem(pricePaise, deps.maxPricePaise);
    if (problem !== null) throw new AppError('VALIDATION_FAILED', problem, { fields: { pricePaise: problem } });
  }

  /** A deleted item whose files are given up is gone for everyone, its creator and the admin too. */
  async function findItem(id: string): Promise<ContentWithStandingRow> {
    const row = await contents.findById(id);
    if (row === undefined || row.filesRemovedAt !== null) throw new AppError('NOT_FOUND', NOT_FOUND);
    return row;
  }

  /** The item and what this viewer may do with it; NOT_FOUND when it is gone for them. */
  async function visibleItem(idOrRow: string | ContentWithStandingRow, viewer: Viewer | null) {
    const row = typeof idOrRow === 'string' ? await findItem(idOrRow) : idOrRow;
    const now = clock.now();
    const unlocks = viewer === null ? [] : await contents.findUnlocksOfItems(viewer.id, [row.id], now);
    const access = accessFor(viewer, row, unlocks, now);
    if (!isVisible(row, access)) throw new AppError('NOT_FOUND', NOT_FOUND);
    return { row, access, unlock: runningUnlock(unlocks, now) };
  }

  /** The item whose preview is asked for, and how long it may be kept: public while on sale. */
  async function previewOf(id: string, viewer: () => Promise<Viewer | null>) {
    const row = await findItem(id);
    if (isOnSale(row)) return { row, cacheControl: 'public, max-age=86400' };
    const { row: visible } = await visibleItem(row, await viewer());
    // A video being converted shows a placeholder until its frame is made: not to be kept.
    return { row: visible, cacheControl: row.processingState === null ? 'private, max-age=3600' : 'private, no-cache' };
  }

  return {
    /**
     * The upload form's text fields, checked before a single byte of the file is stored. A
     * missing field gets the spec's one message (SPEC §5); a bad one its own.
     */
    checkUploadFields(raw: Record<string, string>): UploadDetails {
      const missing = REQUIRED_UPLOAD_FIELDS.filter((name) => (raw[name] ?? '').trim() === '');
      if (missing.length > 0) {
        const fields: Record<string, string> = Object.fromEntries(
          missing.map((name) => [name, CONTENT_MESSAGES.fillAllFields]),
        );
        if (raw['attested'] !== 'true') fields['attested'] = UPLOAD_ATTESTATION_REQUIRED;
        throw new AppError('VALIDATION_FAILED', CONTENT_MESSAGES.fillAllFields, { fields });
      }
      const details = parseInput(uploadFields, raw);
      checkPrice(details.pricePaise);
      return details;
    },

    /**
     * Turns a staged upload into an item: previews made, files moved into storage, row written.
     * The keys are journaled before the first file is stored and leave the journal with the row's
     * commit; a failure removes what was stored, and a crash leaves the keys for the storage sweep,
     * so no half-made item or orphan file remains.
     */
    async create(
      creatorId: string,
      details: UploadDetails,
      staged: StagedFile,
      uploadedName: string,
      /** The resumable upload it is made from, recorded with the row: a retry finds the item. */
      uploadId?: string,
    ): Promise<StudioContent> {
      let claim: StorageClaim | undefined;
      let processed: ProcessedMedia | undefined;
      try {
        processed = await deps.media.processMedia(staged);
        const now = clock.now();
        const id = randomUUID();
        // A HEIC is stored as the JPEG made of it (processed.extension); a MOV as uploaded until converted.
        const mediaKey = `media/${creatorId}/${now}_${storageFileName(uploadedName, processed.extension)}`;
        const previewKey = `previews/${creatorId}/${id}.webp`;
        const displayKey = processed.displayPath === null ? null : `displays/${creatorId}/${id}.webp`;
        const variants = processed.previewVariants.map((variant) => ({
          ...variant,
          key: previewVariantKey(previewKey, variant.width, variant.format),
        }));

        claim = await journal.claim([
          mediaKey,
          previewKey,
          ...(displayKey === null ? [] : [displayKey]),
          ...variants.map((variant) => variant.key),
        ]);
        await storage.putFile(mediaKey, processed.originalPath, processed.mime);
        await storage.putFile(previewKey, processed.previewPath, 'image/webp');
        if (displayKey !== null && processed.displayPath !== null) {
          await storage.putFile(displayKey, processed.displayPath, 'image/webp');
        }
        for (const variant of variants) await storage.putFile(variant.key, variant.path, previewMime(variant.format));

        const row = await contents.insertWithStoredFiles(
          {
            id,
            creatorId,
            title: details.title,
            description: details.description,
            pricePaise: details.pricePaise,
            isAdultContent: details.isAdultContent === 'true' ? 1 : 0,
            mediaKind: staged.type.kind,
            mediaKey,
            mediaMime: processed.mime,
            mediaSizeBytes: processed.sizeBytes,
            mediaWidth: processed.width,
            mediaHeight: processed.height,
            mediaDurationMs: processed.durationMs,
            displayKey,
            previewKey,
            previewSizes: JSON.stringify(processed.previewSizes),
            createdAt: now,
            updatedAt: now,
            deletedAt: null,
            // checkUploadFields refused the form without it: the creator ticked the attestation.
            attestedAt: now,
            attestedTermsVersion: TERMS_VERSION,
            // Off sale until the background job has made an MP4 every browser plays (ADR 010).
            processingState: processed.needsConversion ? 'processing' : null,
            processingProgress: processed.needsConversion ? 0 : null,
            uploadId: uploadId ?? null,
          },
          claim,
          processed.needsConversion ? (trx) => deps.conversions.within(trx).convert(id) : undefined,
        );
        if (row === 'creator-gone') throw new AppError('UNAUTHENTICATED', 'Please log in to continue.');
        return studioItem(row);
      } catch (error) {
        // Only keys this upload claimed: a claim refused as a duplicate names another's files.
        if (claim !== undefined) await journal.discard(claim.keys);
        throw error;
      } finally {
        await discardStaged(
          staged.path,
          processed?.originalPath,
          processed?.previewPath,
          processed?.displayPath ?? undefined,
          ...(processed?.previewVariants.map((variant) => variant.path) ?? []),
        );
      }
    },

    /** The item already made from this resumable upload of hers (a retried request), or null. */
    async madeFromUpload(creatorId: string, uploadId: string): Promise<StudioContent | null> {
      const row = await contents.findMadeFromUpload(creatorId, uploadId);
      return row === undefined ? null : ((await studioItems([row]))[0] ?? null);
    },

    /** The creator's row is the one the route already read to check she is a creator. */
    async listStudio(creator: { userId: string; walletBalancePaise: number }): Promise<StudioContents> {
      const [rows, earningsPaise] = await Promise.all([
        contents.listByCreator(creator.userId),
        contents.sumEarningsByCreator(creator.userId),
      ]);
      return {
        items: await studioItems(rows),
        summary: { walletBalancePaise: creator.walletBalancePaise, contentCount: rows.length, earningsPaise },
      };
    },

    async update(creatorId: string, id: string, changes: z.output<typeof contentUpdateInput>): Promise<StudioContent> {
      checkPrice(changes.pricePaise);
      const set: { title?: string; description?: string; pricePaise?: number; updatedAt: number } = {
        updatedAt: clock.now(),
      };
      if (changes.title !== undefined) set.title = changes.title;
      if (changes.description !== undefined) set.description = changes.description;
      if (changes.pricePaise !== undefined) set.pricePaise = changes.pricePaise;
      const row = await contents.updateOwned(creatorId, id, set);
      if (row === undefined) throw new AppError('NOT_FOUND', NOT_FOUND);
      return row.hiddenAt === null
        ? studioItem(row)
        : studioItem(row, (await deps.takedowns([row])).get(row.id) ?? null);
    },

    /**
     * Hidden from the public at once. Its files go now, unless a fan's unlock of it still runs or
     * an order for it is open: then they stay for that fan, and the storage sweep removes them
     * when nothing holds them any more.
     */
    async remove(creatorId: string, id: string): Promise<void> {
      const deleted = await contents.softDeleteOwned(creatorId, id, clock.now());
      if (deleted === undefined) {
        // Refused while a report holds it (ADR 023), or not hers, or gone: only then is it read.
        const row = await contents.findById(id);
        const held = row?.creatorId === creatorId && row.deletedAt === null && row.heldAt !== null;
        throw held ? new AppError('CONFLICT', SAFETY_MESSAGES.heldItemDelete) : new AppError('NOT_FOUND', NOT_FOUND);
      }
      await journal.discard(deleted.releasedKeys);
    },

    /**
     * Her account is being deleted (ADR 024): every item of hers goes as `remove` takes one, in the
     * caller's transaction. Fans keep what they bought until their 14 days end. Answers the files
     * given up, for the storage journal to remove once the transaction commits (the sweep otherwise).
     */
    async removeEveryItemIn(trx: Kysely<Database>, creatorId: string): Promise<string[]> {
      return contents.softDeleteEveryOwnedIn(trx, creatorId, clock.now());
    },

    /** A creator page's cards: a visitor gets the first VISITOR_VISIBLE_ITEMS only (SPEC §6). */
    async creatorPageItems(creator: PublicCreator, viewer: Viewer | null): Promise<CreatorPage> {
      const now = clock.now();
      // Only a visitor's list is cut short; anyone else's already holds every public item.
      const [rows, totalCount] =
        viewer === null
          ? await Promise.all([
              contents.listPublicByCreator(creator.id, VISITOR_VISIBLE_ITEMS),
              contents.countPublicByCreator(creator.id),
            ])
          : await contents.listPublicByCreator(creator.id).then((all) => [all, all.length] as const);
      const unlocks =
        viewer === null
          ? []
          : await contents.findUnlocksOfItems(
              viewer.id,
              rows.map((row) => row.id),
              now,
            );
      const unlocksOf = new Map<string, ViewedUnlockRow[]>();
      for (const unlock of unlocks)
        unlocksOf.set(unlock.contentId, [...(unlocksOf.get(unlock.contentId) ?? []), unlock]);
      return {
        creator,
        items: rows.map((row) => toCard(row, accessFor(viewer, row, unlocksOf.get(row.id) ?? [], now))),
        totalCount,
      };
    },

    async detail(
      id: string,
      viewer: Viewer | null,
      creatorOf: (creatorId: string) => Promise<PublicCreator>,
    ): Promise<ContentDetail> {
      const { row, access } = await visibleItem(id, viewer);
      return { item: toCard(row, access), creator: await creatorOf(row.creatorId) };
    },

    async fanUnlocks(fanId: string): Promise<FanUnlocks> {
      const now = clock.now();
      const rows = await contents.listActiveUnlocksForFan(fanId, now);
      return {
        items: rows.map((row) => ({
          contentId: row.contentId,
          title: row.title,
          creatorId: row.creatorId,
          creatorHandle: row.creatorHandle,
          creatorName: row.creatorName,
          mediaKind: row.mediaKind,
          previewUrl: mediaUrls.preview(row.contentId),
          purchasedAt: row.purchasedAt,
          expiresAt: row.expiresAt,
          daysLeft: unlockDaysLeft(row.purchasedAt, now),
        })),
      };
    },

    /** The blurred preview: public while the item is on sale, otherwise only for those who may open it. */
    async previewFile(id: string, viewer: () => Promise<Viewer | null>): Promise<StoredFileResponse> {
      const { row, cacheControl } = await previewOf(id, viewer);
      return { key: row.previewKey, contentType: 'image/webp', cacheControl, notFoundMessage: NOT_FOUND };
    },

    /**
     * One width and type of the blurred preview (`320.avif`, `800.webp`…), public or not as the
     * base preview is. An address the item has no copy for is the item's 404.
     */
    async previewVariantFile(
      id: string,
      variant: string,
      viewer: () => Promise<Viewer | null>,
    ): Promise<StoredFileResponse> {
      const match = /^([1-9]\d{0,4})\.(webp|avif)$/.exec(variant);
      if (match === null) throw new AppError('NOT_FOUND', NOT_FOUND);
      const format = match[2] as PreviewFormat;
      const { row, cacheControl } = await previewOf(id, viewer);
      const key = previewKeyFor(row.previewKey, row.previewSizes, Number(match[1]), format);
      if (key === null) throw new AppError('NOT_FOUND', NOT_FOUND);
      return { key, contentType: previewMime(format), cacheControl, notFoundMessage: NOT_FOUND };
    },

    /**
     * The media itself, for the owner, a fan with a running unlock, or the admin. Anyone else
     * gets exactly the 404 of a missing item: a locked item's existence is not a secret, but
     * its bytes are.
     */
    async mediaFile(id: string, viewer: Viewer | null, purpose: 'inline' | 'download'): Promise<StoredFileResponse> {
      const { row, access, unlock } = await visibleItem(id, viewer);
      if (access.kind === 'locked') throw new AppError('NOT_FOUND', NOT_FOUND);
      // A write only once a minute per fan and item: range requests of one viewing read only.
      const now = clock.now();
      if (
        access.kind === 'unlocked' &&
        viewer !== null &&
        (unlock?.lastViewedAt ?? 0) <= now - VIEW_COUNT_INTERVAL_MS
      ) {
        await contents.recordView(viewer.id, row.id, now);
      }
      // Browsers cache these privately, briefly: access ends when an unlock does.
      const cacheControl = 'private, max-age=300';
      if (purpose === 'download') {
        return {
          key: row.mediaKey,
          contentType: row.mediaMime,
          cacheControl,
          downloadName: downloadFileName(row.title, extensionFor(row.mediaMime)),
          notFoundMessage: NOT_FOUND,
        };
      }
      return row.displayKey === null
        ? { key: row.mediaKey, contentType: row.mediaMime, cacheControl, notFoundMessage: NOT_FOUND }
        : { key: row.displayKey, contentType: 'image/webp', cacheControl, notFoundMessage: NOT_FOUND };
    },
  };
}

export type ContentService = ReturnType<typeof createContentService>;
