import type { Clock } from '../../lib/clock.js';
import type { Jobs } from '../jobs/index.js';
import type { Storage } from '../../providers/storage/storage.js';
import type { StorageClaim, StoragePendingRepository } from './storage-pending-repository.js';

/**
 * How long a pending key is left alone before the sweep removes its object: an upload on another
 * process or machine may sit this long between recording its keys and committing its row (a
 * 50 MB file going to S3 over a slow link).
 */
export const PENDING_GRACE_MS = 15 * 60_000;
export const STORAGE_SWEEP_INTERVAL_MS = 5 * 60_000;
/** Work per pass, so one pass never holds the database or storage for long. */
const SWEEP_BATCH = 200;

export interface SweepLogger {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
}

/**
 * The write-ahead rule that keeps storage and rows in step through any crash: a key goes into
 * `storage_pending` (committed) before its object is written, or in the same transaction that
 * gives up the row pointing at it; it leaves in the transaction that commits the row, or after
 * its object is removed. So an object no row refers to always has a pending key, and the sweep
 * finds it.
 */
export function createStorageJournal(deps: { pending: StoragePendingRepository; storage: Storage; clock: Clock }) {
  const { pending, storage, clock } = deps;
  return {
    /**
     * Records the keys about to be written. A key already recorded belongs to another write in
     * flight: this rejects (a unique violation) and the caller must not touch that object.
     */
    async claim(keys: readonly string[]): Promise<StorageClaim> {
      const claimedAt = clock.now();
      await pending.add(keys, claimedAt);
      return { keys, claimedAt };
    },

    /**
     * Removes the objects no row names (a missing object is fine), then forgets their keys; see
     * takeForRemoval. So a caller that cannot tell whether its row was committed (an error after
     * COMMIT was sent) may discard its claim: what a committed row names stays. A key whose
     * removal failed stays recorded for the sweep. Never rejects.
     */
    async discard(keys: readonly string[]): Promise<{ removed: string[]; failed: string[] }> {
      let removable: string[];
      try {
        removable = await pending.takeForRemoval(keys);
      } catch {
        // Whatever was journaled stays so; the sweep takes and checks those keys again.
        return { removed: [], failed: [...keys] };
      }
      const outcomes = await Promise.allSettled(removable.map((key) => storage.remove(key)));
      const removed = removable.filter((_key, index) => outcomes[index]?.status === 'fulfilled');
      const failed = removable.filter((_key, index) => outcomes[index]?.status !== 'fulfilled');
      try {
        await pending.forget(removed);
      } catch {
        // The keys stay recorded, so none counts as removed yet: the sweep removes their (perhaps
        // already missing) objects again and forgets them then.
        return { removed: [], failed: removable };
      }
      return { removed, failed };
    },
  };
}

export type StorageJournal = ReturnType<typeof createStorageJournal>;

/**
 * Deleted items whose files no one needs any more: the content repository, which builds on
 * media and so is passed in rather than imported.
 */
export interface ReleasableItemFiles {
  /** Ids of deleted items whose files nothing holds at `now`, at most `limit`. */
  findDeletedWithUnneededFiles(now: number, limit: number): Promise<string[]>;
  /** Gives up the item's files if nothing holds them: the keys now pending, or []. */
  releaseFilesIfUnneeded(id: string, now: number): Promise<string[]>;
}

/** A folder of storage that is a cache: what is older than `maxAgeMs` may go. */
export interface StorageCache {
  /** A top folder, such as `sharecards/`. */
  prefix: string;
  maxAgeMs: number;
}

/** How often the cache folders are listed: listing a bucket is not free. */
export const CACHE_SWEEP_INTERVAL_MS = 6 * 60 * 60_000;

export interface StorageSweepReport {
  /** Deleted items whose files were given up in this pass. */
  releasedItems: number;
  /** Pending keys whose objects were removed (or were already missing). */
  removedKeys: number;
  /** Pending keys whose removal failed; they are tried again on the next pass. */
  failedKeys: number;
}

/**
 * Removes what no row needs: the files of deleted items once no fan's unlock and no open order
 * holds them, and the objects of pending keys older than the grace period (uploads that died
 * between writing their files and committing their row, removals that died half-way).
 */
export function createStorageSweep(deps: {
  journal: StorageJournal;
  pending: StoragePendingRepository;
  contents: ReleasableItemFiles;
  clock: Clock;
  logger: SweepLogger;
  /**
   * Folders of cached objects no row names (share cards): each is removed once older than its
   * folder's age, live or not, and made again when next asked for.
   */
  caches?: { storage: Storage; folders: readonly StorageCache[] };
}) {
  const { journal, pending, contents, clock, logger } = deps;

  async function runOnce(graceMs: number): Promise<StorageSweepReport> {
    const report: StorageSweepReport = { releasedItems: 0, removedKeys: 0, failedKeys: 0 };
    const now = clock.now();

    for (const id of await contents.findDeletedWithUnneededFiles(now, SWEEP_BATCH)) {
      const keys = await contents.releaseFilesIfUnneeded(id, now);
      if (keys.length === 0) continue;
      report.releasedItems += 1;
      const { removed, failed } = await journal.discard(keys);
      report.removedKeys += removed.length;
      report.failedKeys += failed.length;
    }

    // Batch after batch until the old keys are done, unless a removal fails (storage down): the
    // next pass tries again.
    for (;;) {
      const keys = await pending.takeRecordedBefore(now - graceMs, SWEEP_BATCH);
      if (keys.length === 0) break;
      const { removed, failed } = await journal.discard(keys);
      report.removedKeys += removed.length;
      report.failedKeys += failed.length;
      if (failed.length > 0 || keys.length < SWEEP_BATCH) break;
    }
    return report;
  }

  /** One pass; keys recorded within the last `graceMs` are left to the writes that own them. */
  async function run(graceMs: number): Promise<StorageSweepReport> {
    const report = await runOnce(graceMs);
    if (report.releasedItems + report.removedKeys > 0) logger.info({ ...report }, 'storage sweep removed files');
    if (report.failedKeys > 0) logger.warn({ ...report }, 'storage sweep could not remove some files; will retry');
    return report;
  }

  /** Removes the cached objects older than their folder's age; answers how many went. */
  async function sweepCaches(): Promise<{ removed: number; failed: number }> {
    const counts = { removed: 0, failed: 0 };
    if (deps.caches === undefined) return counts;
    const { storage, folders } = deps.caches;
    for (const folder of folders) {
      const cutoff = clock.now() - folder.maxAgeMs;
      for await (const object of storage.list(folder.prefix)) {
        if (object.modifiedAt > cutoff) continue;
        try {
          await storage.remove(object.key);
          counts.removed += 1;
        } catch {
          counts.failed += 1;
        }
      }
    }
    if (counts.removed > 0) logger.info({ ...counts }, 'storage sweep removed old cached files');
    if (counts.failed > 0) logger.warn({ ...counts }, 'storage sweep could not remove some cached files; will retry');
    return counts;
  }

  /**
   * A pass every `intervalMs` as periodic work, once across all processes (ADR 019). Idempotent:
   * each key is taken from the journal before its object is removed, and removing twice is harmless.
   */
  function schedule(jobs: Pick<Jobs, 'every'>, intervalMs: number, graceMs: number): void {
    jobs.every({
      name: 'sweep-storage',
      intervalMs,
      timeoutSeconds: 10 * 60,
      async run() {
        await run(graceMs);
      },
    });
    if (deps.caches === undefined) return;
    jobs.every({
      name: 'sweep-storage-caches',
      intervalMs: CACHE_SWEEP_INTERVAL_MS,
      timeoutSeconds: 10 * 60,
      // Idempotent: removing a file already gone is not an error, and a removed card is remade.
      async run() {
        await sweepCaches();
      },
    });
  }

  return { run, schedule, sweepCaches };
}

export type StorageSweep = ReturnType<typeof createStorageSweep>;
