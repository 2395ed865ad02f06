import type { FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error.js';
import { waitDescription } from '../../lib/attempt-limiter.js';
import type { Clock } from '../../lib/clock.js';
import { type ErrorLogger, errorLogAtMostEvery } from '../../lib/rate-limits/error-log-throttle.js';
import { type RateLimitStore, RateLimitStoreUnreachableError } from '../../lib/rate-limits/rate-limit-store.js';
import { type ReceivedUpload, receiveUploadForm, type UploadFormOptions } from './multipart-upload.js';

const HOUR_MS = 60 * 60_000;

/**
 * How many files (items and avatars together) a creator may upload per hour
 * (UPLOADS_PER_CREATOR_PER_HOUR), counted in the store every process shares. Decoding is the
 * expensive part of an upload, so an upload refused before any decoding (a wrong type, a file
 * over the size limit, a broken form) is given back; one that was decoded counts, even if it
 * then failed.
 *
 * Like the routes' limits, it fails open when the store cannot be reached (README "When the
 * store is down"): the media queue still bounds the work, and refusing every upload while
 * Redis is away would hurt more.
 */
export interface UploadAllowance {
  /** Receives an upload form from `creatorId`, counted against her hour, or refuses it with 429. */
  receive<Details>(
    request: FastifyRequest,
    creatorId: string,
    options: UploadFormOptions<Details>,
  ): Promise<ReceivedUpload<Details>>;
  /**
   * Counts a resumable upload against her hour when it is created (ADR 028), or refuses it with
   * 429. Answers whether it was counted, for `giveBack`.
   */
  take(creatorId: string): Promise<boolean>;
  /**
   * An upload counted by `take` and refused or cancelled before any decoding. With `takenAt`
   * (when `take` counted it), only if that was in the running window: a new hour's count is not
   * lowered by an upload of the last one.
   */
  giveBack(creatorId: string, takenAt?: number): Promise<void>;
}

export function createUploadAllowance(deps: {
  store: RateLimitStore;
  clock: Clock;
  perHour: number;
  logger: ErrorLogger;
}): UploadAllowance {
  const { store, clock, perHour } = deps;
  const limit = { max: perHour, windowMs: HOUR_MS };
  const logUnlimited = errorLogAtMostEvery(deps.logger, 60_000);
  const keyFor = (creatorId: string) => `uploads-creator:${creatorId}`;

  /** Whether the upload was counted (and so has something to give back). */
  async function take(creatorId: string): Promise<boolean> {
    const now = clock.now();
    let hit;
    try {
      hit = await store.hit(keyFor(creatorId), limit, now);
    } catch (error) {
      if (!(error instanceof RateLimitStoreUnreachableError)) throw error;
      logUnlimited({ err: error }, 'the rate-limit store failed; taking uploads without the hourly limit');
      return false;
    }
    if (hit.allowed) return true;
    throw new AppError(
      'RATE_LIMITED',
      `You can upload up to ${perHour} ${perHour === 1 ? 'file' : 'files'} an hour. Please try again ${waitDescription(hit.resetsAt - now)}.`,
    );
  }

  async function giveBack(creatorId: string, takenAt?: number): Promise<void> {
    try {
      if (takenAt !== undefined) {
        const window = await store.peek(keyFor(creatorId), clock.now());
        if (window === null || window.resetsAt - HOUR_MS > takenAt) return;
      }
      await store.giveBack(keyFor(creatorId), clock.now());
    } catch (error) {
      // The person is told about the refused upload; a count not given back only ends with its hour.
      logUnlimited({ err: error }, 'could not give back an upload refused before decoding');
    }
  }

  return {
    take,
    giveBack,
    async receive(request, creatorId, options) {
      const counted = await take(creatorId);
      try {
        return await receiveUploadForm(request, options);
      } catch (error) {
        if (counted) await giveBack(creatorId);
        throw error;
      }
    },
  };
}
