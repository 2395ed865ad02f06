import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import { once } from 'node:events';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { MediaKind } from '@kholo/contracts';
import { AppError } from '../../lib/app-error.js';
import { detectMediaType, type MediaType, SNIFF_BYTES } from './media-type.js';

export interface StagedFile {
  path: string;
  sizeBytes: number;
  type: MediaType;
}

export interface StagingOptions {
  dir: string;
  maxBytes: number;
  tooLargeMessage: string;
  /** An empty part is what a browser sends when no file was chosen. */
  missingFileMessage: string;
  accept: readonly MediaKind[];
}

/**
 * Streams an upload to a file in the staging folder, chunk by chunk: nothing holds the whole
 * file. The size limit is enforced as bytes arrive and the type is decided from the first
 * bytes, so a 2 GB upload or a disguised HTML page stops early; a refused or broken upload
 * leaves no file behind.
 */
export async function stageUpload(source: Readable, options: StagingOptions): Promise<StagedFile> {
  await fsp.mkdir(options.dir, { recursive: true });
  const filePath = path.join(options.dir, `${randomUUID()}.upload`);
  const out = fs.createWriteStream(filePath, { flags: 'wx' });
  const head: Buffer[] = [];
  let headBytes = 0;
  let sizeBytes = 0;
  let type: MediaType | undefined;

  try {
    for await (const chunk of source as AsyncIterable<Buffer>) {
      sizeBytes += chunk.length;
      if (sizeBytes > options.maxBytes) throw new AppError('PAYLOAD_TOO_LARGE', options.tooLargeMessage);
      if (type === undefined) {
        head.push(chunk);
        headBytes += chunk.length;
        if (headBytes >= SNIFF_BYTES) type = await detectMediaType(Buffer.concat(head), options.accept);
      }
      if (!out.write(chunk)) await once(out, 'drain');
    }
    if (sizeBytes === 0) {
      throw new AppError('VALIDATION_FAILED', options.missingFileMessage, {
        fields: { file: options.missingFileMessage },
      });
    }
    type ??= await detectMediaType(Buffer.concat(head), options.accept);
    out.end();
    await once(out, 'finish');
    return { path: filePath, sizeBytes, type };
  } catch (error) {
    await closeStream(out);
    await fsp.rm(filePath, { force: true });
    throw isFileTooLarge(error) ? new AppError('PAYLOAD_TOO_LARGE', options.tooLargeMessage) : error;
  }
}

/**
 * Destroys the stream and waits until its file is closed. The stream opens its file in the
 * background, so a refusal on the first chunk can come before the file exists; removing it
 * then, without waiting, would let the file appear afterwards and stay in staging for good.
 */
function closeStream(out: fs.WriteStream): Promise<void> {
  return new Promise((resolve) => {
    if (out.closed) {
      resolve();
      return;
    }
    out.once('close', () => {
      resolve();
    });
    out.destroy();
  });
}

/** @fastify/multipart's own cap (set a byte above ours) may trip first; it means the same thing. */
function isFileTooLarge(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === 'FST_REQ_FILE_TOO_LARGE';
}

export async function discardStaged(...paths: (string | undefined)[]): Promise<void> {
  const present = paths.filter((file): file is string => file !== undefined);
  await Promise.all(present.map((file) => fsp.rm(file, { force: true })));
}

/**
 * Removes staged files a crash left behind. Only old ones: another process sharing DATA_DIR
 * may be writing a fresh one right now.
 */
export async function sweepStaging(dir: string, olderThanMs: number, now: number): Promise<number> {
  let names: string[];
  try {
    names = await fsp.readdir(dir);
  } catch {
    return 0;
  }
  let removed = 0;
  for (const name of names) {
    const file = path.join(dir, name);
    const stats = await fsp.stat(file).catch(() => null);
    if (stats?.isFile() === true && now - stats.mtimeMs > olderThanMs) {
      await fsp.rm(file, { force: true });
      removed += 1;
    }
  }
  return removed;
}
