import { randomUUID } from 'node:crypto';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { CONTENT_MESSAGES, type MediaKind } from '@kholo/contracts';
import { AppError } from '../../lib/app-error.js';
import type { Clock } from '../../lib/clock.js';
import { detectMediaType, SNIFF_BYTES } from './media-type.js';
import type { StagedFile } from './upload-staging.js';

/**
 * The staged bytes of tus uploads (ADR 028), in `DATA_DIR/staging/resumable/`: per upload
 * `{id}.json` (who, how long, the file's name and type), `{id}.part` (the bytes so far: its
 * size is the offset, its mtime the last activity, set from the clock) and, while a PATCH
 * writes, `{id}.lock`. Files and renames only, so every process on the machine sees the same
 * uploads and the same locks.
 */

/** The folder under staging/ that holds them; the hourly staging sweep does not look inside. */
export const RESUMABLE_UPLOADS_DIR = 'resumable';
/** Open (unfinished) uploads a creator may have at once: each holds up to 50 MB of disk for a day. */
export const MAX_OPEN_UPLOADS_PER_CREATOR = 5;
/** A partial upload untouched for this long is abandoned: the sweep removes it. */
export const RESUMABLE_MAX_AGE_MS = 24 * 60 * 60 * 1000;
/** A lock whose holder has not refreshed it for this long belongs to a process that died. */
export const LOCK_STALE_MS = 30_000;
const LOCK_REFRESH_MS = 5_000;
/** How often a writing PATCH looks whether a newer request for its upload asked it to stop. */
const RELEASE_POLL_MS = 200;
/** How long a PATCH waits for an older one to stop before answering 423 (the client retries). */
const TAKE_OVER_WAIT_MS = 3_000;

const ID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export interface ResumableUpload {
  id: string;
  creatorId: string;
  /** Upload-Length: the whole file's size, declared at creation. */
  length: number;
  /** The bytes stored so far. */
  offset: number;
  fileName: string;
  fileType: string;
  createdAt: number;
  /** Whether its creation was counted against the creator's hourly allowance (given back at most once). */
  counted: boolean;
}

type UploadInfo = Omit<ResumableUpload, 'offset'>;

/** Another request holds the upload (a PATCH still writing, or a second "create the item"). */
export class UploadBusyError extends Error {
  constructor() {
    super('This upload is busy with another request. Please try again in a moment.');
    this.name = 'UploadBusyError';
  }
}

export interface ResumableUploads {
  create(input: {
    creatorId: string;
    length: number;
    fileName: string;
    fileType: string;
    counted: boolean;
  }): Promise<ResumableUpload>;
  /** How many uploads this creator has started and not yet finished into an item or cancelled. */
  countOpen(creatorId: string): Promise<number>;
  /** The upload if it exists and is this creator's; null otherwise (the same 404 for both). */
  find(id: string, creatorId: string): Promise<ResumableUpload | null>;
  /**
   * Writes `source` at `offset`, which must be where the stored bytes end (409 otherwise), never
   * past the declared length (413). Bytes that arrived before a dropped connection stay. Answers
   * the new offset.
   */
  append(upload: ResumableUpload, offset: number, source: Readable): Promise<number>;
  /**
   * Removes it under the lock (asking a writing PATCH to stop). Answers true only to the one
   * request that removed the bytes: false when a claim or another remove got there first, so
   * its allowance is given back at most once.
   */
  remove(upload: ResumableUpload): Promise<boolean>;
  /**
   * Takes a finished upload's bytes out of the resumable folder as a staged file whose type is
   * decided from its bytes. One caller wins: another gets UploadBusyError while the first holds
   * the upload, NOT_FOUND after. A refused type removes the bytes.
   */
  claim(upload: ResumableUpload, stagingDir: string, accept: readonly MediaKind[]): Promise<StagedFile>;
  /** Removes uploads (and their leftovers) untouched for longer than `olderThanMs`. */
  sweep(olderThanMs: number, now: number): Promise<number>;
}

export function createResumableUploads(deps: { dir: string; clock: Clock }): ResumableUploads {
  const { dir, clock } = deps;
  const infoPath = (id: string) => path.join(dir, `${id}.json`);
  const partPath = (id: string) => path.join(dir, `${id}.part`);
  const lockPath = (id: string) => path.join(dir, `${id}.lock`);
  const releasePath = (id: string) => path.join(dir, `${id}.release`);

  /** mtimes carry the clock's time, so ages are measured on one clock, FakeClock in tests included. */
  async function touch(file: string): Promise<void> {
    const seconds = clock.now() / 1000;
    await fsp.utimes(file, seconds, seconds).catch(() => undefined);
  }

  async function readInfo(id: string): Promise<UploadInfo | null> {
    if (!ID_PATTERN.test(id)) return null;
    try {
      return JSON.parse(await fsp.readFile(infoPath(id), 'utf8')) as UploadInfo;
    } catch {
      return null;
    }
  }

  async function storedBytes(id: string): Promise<number | null> {
    const stats = await fsp.stat(partPath(id)).catch(() => null);
    return stats === null ? null : stats.size;
  }

  async function tryLock(id: string): Promise<boolean> {
    try {
      await (await fsp.open(lockPath(id), 'wx')).close();
      await touch(lockPath(id));
      return true;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    // A holder refreshes its lock every few seconds; one left this long is a dead process's.
    const stats = await fsp.stat(lockPath(id)).catch(() => null);
    if (stats !== null && clock.now() - stats.mtimeMs <= LOCK_STALE_MS) return false;
    await fsp.rm(lockPath(id), { force: true });
    try {
      await (await fsp.open(lockPath(id), 'wx')).close();
      await touch(lockPath(id));
      return true;
    } catch {
      return false;
    }
  }

  async function unlock(id: string): Promise<void> {
    await fsp.rm(lockPath(id), { force: true });
  }

  /**
   * A PATCH after a dropped connection may find the old one still holding the lock: its socket
   * can stay half-open for minutes. It asks the holder to stop (a file any process can see) and
   * waits a little; the client retries a 423 on its own.
   */
  async function lockTakingOver(id: string): Promise<void> {
    if (await tryLock(id)) {
      // A request that died while asking an old holder to stop leaves its release file behind;
      // left there, this request's own watcher would take it as meant for itself and stop.
      await fsp.rm(releasePath(id), { force: true });
      return;
    }
    await fsp.writeFile(releasePath(id), '').catch(() => undefined);
    const deadline = Date.now() + TAKE_OVER_WAIT_MS;
    while (Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      if (await tryLock(id)) {
        await fsp.rm(releasePath(id), { force: true });
        return;
      }
    }
    await fsp.rm(releasePath(id), { force: true });
    throw new UploadBusyError();
  }

  return {
    async create(input) {
      await fsp.mkdir(dir, { recursive: true });
      const info: UploadInfo = { id: randomUUID(), ...input, createdAt: clock.now() };
      await (await fsp.open(partPath(info.id), 'wx')).close();
      await touch(partPath(info.id));
      // Written aside and renamed: a reader sees the whole description or none.
      const temporary = `${infoPath(info.id)}.${randomUUID()}.tmp`;
      await fsp.writeFile(temporary, JSON.stringify(info), { flag: 'wx' });
      await fsp.rename(temporary, infoPath(info.id));
      return { ...info, offset: 0 };
    },

    async countOpen(creatorId) {
      const names = await fsp.readdir(dir).catch(() => [] as string[]);
      const infos = await Promise.all(
        names.filter((name) => name.endsWith('.json')).map((name) => readInfo(name.slice(0, -'.json'.length))),
      );
      return infos.filter((info) => info !== null && info.creatorId === creatorId).length;
    },

    async find(id, creatorId) {
      const info = await readInfo(id);
      if (info === null || info.creatorId !== creatorId) return null;
      const offset = await storedBytes(id);
      return offset === null ? null : { ...info, offset };
    },

    async append(upload, offset, source) {
      const { id } = upload;
      await lockTakingOver(id);
      const refresh = setInterval(() => {
        void touch(lockPath(id));
      }, LOCK_REFRESH_MS);
      const release = { asked: false };
      const watchRelease = setInterval(() => {
        void fsp.stat(releasePath(id)).then(
          () => {
            release.asked = true;
            source.destroy();
          },
          () => undefined,
        );
      }, RELEASE_POLL_MS);
      refresh.unref();
      watchRelease.unref();
      let handle: fsp.FileHandle | undefined;
      let position = offset;
      try {
        const current = await storedBytes(id);
        if (current === null) throw new AppError('NOT_FOUND', UPLOAD_NOT_FOUND);
        if (current !== offset) {
          source.resume();
          throw new AppError('CONFLICT', `Upload-Offset ${offset} does not match the ${current} bytes stored.`);
        }
        handle = await fsp.open(partPath(id), 'r+');
        try {
          for await (const chunk of source as AsyncIterable<Buffer>) {
            if (position + chunk.length > upload.length) {
              // Nothing of this request is kept: what it sent does not fit the declared file.
              await handle.truncate(offset);
              position = offset;
              throw new AppError('PAYLOAD_TOO_LARGE', 'This request sends more bytes than the upload declared.');
            }
            await handle.write(chunk, 0, chunk.length, position);
            position += chunk.length;
          }
        } catch (error) {
          // A dropped connection (or a newer request taking over): keep what arrived, for the resume.
          if (error instanceof AppError || !(release.asked || source.destroyed)) throw error;
        }
        return position;
      } finally {
        clearInterval(refresh);
        clearInterval(watchRelease);
        await handle?.close();
        await touch(partPath(id));
        await unlock(id);
      }
    },

    async remove(upload) {
      const { id } = upload;
      await lockTakingOver(id);
      const removed = path.join(dir, `${id}.removed.${randomUUID()}`);
      try {
        // The rename is the removal: of a remove and a claim (or two removes), one finds the part file.
        const won = await fsp.rename(partPath(id), removed).then(
          () => true,
          (error: unknown) => {
            if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
            throw error;
          },
        );
        await fsp.rm(removed, { force: true });
        await Promise.all([infoPath(id), releasePath(id)].map((file) => fsp.rm(file, { force: true })));
        return won;
      } finally {
        await unlock(id);
      }
    },

    async claim(upload, stagingDir, accept) {
      const { id } = upload;
      if (!(await tryLock(id))) throw new UploadBusyError();
      const staged = path.join(stagingDir, `${randomUUID()}.upload`);
      try {
        const offset = await storedBytes(id);
        if (offset === null || (await readInfo(id)) === null) throw new AppError('NOT_FOUND', UPLOAD_NOT_FOUND);
        if (offset !== upload.length) {
          throw new AppError(
            'CONFLICT',
            `This upload is not finished: ${offset} of ${upload.length} bytes have arrived. Please let it finish first.`,
          );
        }
        // The rename is the claim: of two requests, only one finds the part file to move.
        await fsp.rename(partPath(id), staged).catch((error: unknown) => {
          throw (error as NodeJS.ErrnoException).code === 'ENOENT'
            ? new AppError('NOT_FOUND', UPLOAD_NOT_FOUND)
            : error;
        });
        await fsp.rm(infoPath(id), { force: true });
      } finally {
        await unlock(id);
      }
      try {
        if (upload.length === 0) {
          throw new AppError('VALIDATION_FAILED', CONTENT_MESSAGES.fillAllFields, {
            fields: { file: CONTENT_MESSAGES.fillAllFields },
          });
        }
        const head = Buffer.alloc(Math.min(SNIFF_BYTES, upload.length));
        const handle = await fsp.open(staged, 'r');
        try {
          await handle.read(head, 0, head.length, 0);
        } finally {
          await handle.close();
        }
        const type = await detectMediaType(head, accept);
        return { path: staged, sizeBytes: upload.length, type };
      } catch (error) {
        await fsp.rm(staged, { force: true });
        throw error;
      }
    },

    sweep(olderThanMs, now) {
      return sweepResumableUploads(dir, olderThanMs, now);
    },
  };
}

/**
 * Removes resumable uploads untouched (no PATCH) for longer than `olderThanMs`, their
 * description, bytes and any lock with them. Run by the hourly staging sweep with
 * RESUMABLE_MAX_AGE_MS: a creator may resume the next day, not next week.
 */
export async function sweepResumableUploads(dir: string, olderThanMs: number, now: number): Promise<number> {
  const file = (id: string, ending: string) => path.join(dir, `${id}.${ending}`);
  let names: string[];
  try {
    names = await fsp.readdir(dir);
  } catch {
    return 0;
  }
  const ids = new Set(names.filter((name) => !name.endsWith('.tmp')).map((name) => name.split('.')[0] ?? ''));
  let removed = 0;
  for (const id of ids) {
    if (!ID_PATTERN.test(id)) continue;
    // The last activity is the part file's (every PATCH touches it), else whatever is left.
    const stats =
      (await fsp.stat(file(id, 'part')).catch(() => null)) ?? (await fsp.stat(file(id, 'json')).catch(() => null));
    if (stats !== null && now - stats.mtimeMs <= olderThanMs) continue;
    // A fresh lock: a request (a long PATCH, a remove, a claim) is working on it right now.
    const lock = await fsp.stat(file(id, 'lock')).catch(() => null);
    if (lock !== null && now - lock.mtimeMs <= LOCK_STALE_MS) continue;
    await Promise.all(['json', 'part', 'lock', 'release'].map((ending) => fsp.rm(file(id, ending), { force: true })));
    removed += 1;
  }
  // Half-written descriptions of a create that crashed.
  for (const name of names.filter((name) => name.endsWith('.tmp'))) {
    const stats = await fsp.stat(path.join(dir, name)).catch(() => null);
    if (stats !== null && now - stats.mtimeMs > olderThanMs) await fsp.rm(path.join(dir, name), { force: true });
  }
  return removed;
}

export const UPLOAD_NOT_FOUND = 'This upload was not found. It may have expired: please choose the file again.';
