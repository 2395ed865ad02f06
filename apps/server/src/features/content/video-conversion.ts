import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../lib/app-error.js';
import type { Clock } from '../../lib/clock.js';
import { createWorkQueue } from '../../lib/work-queue.js';
import type { Storage } from '../../providers/storage/storage.js';
import type { Jobs } from '../jobs/index.js';
import {
  type ConversionOutcome,
  discardStaged,
  type MediaProcessor,
  MAX_CONVERSION_MS,
  previewMime,
  previewVariantKey,
  type ProcessedMedia,
  type StorageClaim,
  type StorageJournal,
  type VideoMime,
  type VideoTools,
} from '../media/index.js';
import type { ContentRepository, ContentRow } from './content-repository.js';

/** The longest side of a converted (re-encoded) video: Full HD plays on every phone; 4K H.264 does not. */
const MAX_CONVERTED_SIDE = 1920;
/** Progress is written at most this often, or when it moved this many points, whichever comes first. */
const PROGRESS_INTERVAL_MS = 2000;
const PROGRESS_STEP = 5;

/** What the creator reads after "Processing failed: " (web adds "Delete it and upload again."). */
export const CONVERSION_FAILURES = {
  unreadable: 'This video could not be read. It may be damaged.',
  failed: 'This video could not be converted to MP4.',
  timedOut: 'Converting this video took too long.',
  error: 'Something went wrong while converting this video.',
} as const;

export interface ConversionLogger {
  warn(details: object, message: string): void;
}

/** How content queues a conversion with the row that needs it (content-service.ts). */
export interface VideoConversions {
  within(trx: Kysely<Database>): { convert(contentId: string): Promise<void> };
}

/**
 * Phone videos made playable everywhere (ADR 010): a MOV (H.264 or HEVC) or an MP4 holding HEVC
 * becomes an MP4 with H.264 and AAC, index first, in a background job. The item was committed at
 * upload as 'processing' with the uploaded file as its media (so the original lives in storage,
 * not in one process's staging folder, and any process can take the job); the job reads it,
 * converts it in the staging folder, makes the poster and previews from the MP4, stores them
 * under new keys claimed in the storage journal, and swaps them in with the item going on sale
 * in one transaction, after which the replaced MOV and placeholder are removed.
 *
 * Idempotent: a run that finds the item done, deleted or failed does nothing; a run killed
 * half-way leaves only journaled keys (the storage sweep removes them) and staging files (swept
 * at start-up), and the retry starts again from the stored original.
 */
export function createVideoConversions(deps: {
  jobs: Pick<Jobs, 'define'>;
  contents: ContentRepository;
  storage: Storage;
  journal: StorageJournal;
  media: MediaProcessor;
  videoTools: VideoTools | null;
  stagingDir: string;
  clock: Clock;
  logger: ConversionLogger;
}): VideoConversions {
  const { contents, storage, journal, clock } = deps;
  // ffmpeg uses every core it is given: one conversion at a time per process.
  const queue = createWorkQueue({ concurrency: 1, budget: 1 });
  const retry = { attempts: 3, backoffSeconds: 30 };

  const job = deps.jobs.define({
    name: 'convert-video',
    payload: z.object({ contentId: z.string().min(1).max(64) }),
    retry,
    // Longer than the longest conversion, and the waiting for this process's turn before it.
    timeoutSeconds: Math.ceil((MAX_CONVERSION_MS * 1.5) / 1000),
    handle: async ({ contentId }, run) => {
      try {
        await queue.run(0, () => convert(contentId));
      } catch (error) {
        // The last try failed on something other than the video (storage, the database): the
        // item must not stay "Processing" for ever.
        if (run.attempt >= retry.attempts) {
          await contents.markProcessingFailed(contentId, CONVERSION_FAILURES.error).catch(() => undefined);
        }
        throw error;
      }
    },
    describe: ({ contentId }) => `Convert the video of item ${contentId} to MP4`,
  });

  async function convert(contentId: string): Promise<void> {
    const row = await contents.findProcessing(contentId);
    if (row === undefined) return;
    const tools = deps.videoTools;
    if (tools === null) {
      // ffmpeg went away since the upload (another machine, a changed FFMPEG_PATH).
      await contents.markProcessingFailed(contentId, CONVERSION_FAILURES.failed);
      return;
    }
    await fsp.mkdir(deps.stagingDir, { recursive: true });
    const inputPath = path.join(deps.stagingDir, `${randomUUID()}.convert-in`);
    const outputPath = path.join(deps.stagingDir, `${randomUUID()}.convert-out.mp4`);
    let processed: ProcessedMedia | undefined;
    try {
      try {
        await pipeline(await storage.read(row.mediaKey), fs.createWriteStream(inputPath, { flags: 'wx' }));
      } catch (error) {
        // Deleted while it waited, its files already removed: nothing left to do.
        if ((await contents.findProcessing(contentId)) === undefined) return;
        throw error;
      }
      const mime = row.mediaMime as VideoMime;
      const info = await tools.probe(inputPath, mime);
      if (info === null) {
        await contents.markProcessingFailed(contentId, CONVERSION_FAILURES.unreadable);
        return;
      }
      const progress = progressRecorder(contentId);
      const plan = {
        // H.264 already plays everywhere, unless it is bigger than a phone decodes (4K "Most Compatible").
        copyVideo:
          info.videoCodec === 'h264' && Math.max(info.width ?? Infinity, info.height ?? Infinity) <= MAX_CONVERTED_SIDE,
        copyAudio: info.audioCodec === 'aac',
        maxSide: MAX_CONVERTED_SIDE,
      };
      const options = {
        durationMs: info.durationMs,
        onProgress: (fraction: number) => {
          progress.report(fraction);
        },
      };
      let outcome: ConversionOutcome = await tools.convertToMp4(inputPath, mime, outputPath, { ...options, plan });
      // A remux can trip on timestamps an encoder would have mended: encode instead.
      if (outcome === 'failed' && plan.copyVideo) {
        outcome = await tools.convertToMp4(inputPath, mime, outputPath, {
          ...options,
          plan: { ...plan, copyVideo: false, copyAudio: false },
        });
      }
      await progress.settled();
      if (outcome !== 'done') {
        await contents.markProcessingFailed(
          contentId,
          outcome === 'timed-out' ? CONVERSION_FAILURES.timedOut : CONVERSION_FAILURES.failed,
        );
        return;
      }
      const { size } = await fsp.stat(outputPath);
      try {
        processed = await deps.media.processMedia({
          path: outputPath,
          sizeBytes: size,
          type: { kind: 'video', mime: 'video/mp4', extension: 'mp4' },
        });
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        await contents.markProcessingFailed(contentId, CONVERSION_FAILURES.failed);
        return;
      }
      await store(row, processed);
    } finally {
      await discardStaged(
        inputPath,
        outputPath,
        processed?.previewPath,
        ...(processed?.previewVariants.map((variant) => variant.path) ?? []),
      );
    }
  }

  /** Claims new keys, stores the MP4 and its previews, and swaps them in (see finishProcessing). */
  async function store(row: ContentRow, processed: ProcessedMedia): Promise<void> {
    const now = clock.now();
    const mediaKey = convertedKey(row.mediaKey, now);
    const previewKey = `previews/${row.creatorId}/${row.id}-${now}.webp`;
    const variants = processed.previewVariants.map((variant) => ({
      ...variant,
      key: previewVariantKey(previewKey, variant.width, variant.format),
    }));
    let claim: StorageClaim | undefined;
    try {
      claim = await journal.claim([mediaKey, previewKey, ...variants.map((variant) => variant.key)]);
      await storage.putFile(mediaKey, processed.originalPath, 'video/mp4');
      await storage.putFile(previewKey, processed.previewPath, 'image/webp');
      for (const variant of variants) await storage.putFile(variant.key, variant.path, previewMime(variant.format));
      const finished = await contents.finishProcessing(
        row.id,
        {
          mediaKey,
          mediaMime: 'video/mp4',
          mediaSizeBytes: processed.sizeBytes,
          mediaWidth: processed.width,
          mediaHeight: processed.height,
          mediaDurationMs: processed.durationMs,
          previewKey,
          previewSizes: JSON.stringify(processed.previewSizes),
          updatedAt: now,
        },
        claim,
      );
      if (finished === 'gone') {
        await journal.discard(claim.keys);
        return;
      }
      const { failed } = await journal.discard(finished.replacedKeys);
      if (failed.length > 0)
        deps.logger.warn({ contentId: row.id, failed }, 'the storage sweep will remove the replaced upload');
    } catch (error) {
      // Only keys this run claimed; a committed row keeps what it names (takeForRemoval).
      if (claim !== undefined) await journal.discard(claim.keys);
      throw error;
    }
  }

  /**
   * Writes progress to the row at most every PROGRESS_INTERVAL_MS or PROGRESS_STEP points, one
   * write at a time; 99 at most until the item is ready. A failed write is only a missed update.
   */
  function progressRecorder(contentId: string) {
    let written = 0;
    let writtenAt = clock.now();
    let chain: Promise<void> = Promise.resolve();
    return {
      report(fraction: number): void {
        const percent = Math.min(99, Math.floor(fraction * 100));
        const now = clock.now();
        if (percent <= written) return;
        if (percent - written < PROGRESS_STEP && now - writtenAt < PROGRESS_INTERVAL_MS) return;
        written = percent;
        writtenAt = now;
        chain = chain.then(() => contents.recordProcessingProgress(contentId, percent)).catch(() => undefined);
      },
      settled: () => chain,
    };
  }

  return {
    within(trx) {
      return {
        async convert(contentId) {
          await job.within(trx).enqueue({ contentId }, { key: `convert-video:${contentId}` });
        },
      };
    },
  };
}

/** `media/{creator}/{time}_{name}-{random}.mov` → the same name, a new time and tail, `.mp4`. */
function convertedKey(uploadedKey: string, now: number): string {
  const folder = uploadedKey.slice(0, uploadedKey.lastIndexOf('/') + 1);
  const name = uploadedKey
    .slice(folder.length)
    .replace(/^\d+_/, '')
    .replace(/-[0-9a-f]{8}\.[a-z0-9]+$/, '');
  return `${folder}${now}_${name === '' ? 'video' : name}-${randomBytes(4).toString('hex')}.mp4`;
}
