import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error.js';
import { type ByteRange, type Storage, StorageNotFoundError } from '../../providers/storage/storage.js';

export interface StoredFileResponse {
  key: string;
  contentType: string;
  cacheControl: string;
  /** Attachment with this file name (a download), or inline when absent. */
  downloadName?: string;
  /** What a missing object answers: the same 404 as for an item that does not exist. */
  notFoundMessage: string;
}

/**
 * Streams a stored file with HTTP Range support (a video can seek without downloading all of
 * it), a strong ETag for revalidation, and headers that stop a browser from guessing the type.
 * The caller has checked access once; from here the file goes out as the storage's stream piped
 * straight to the socket (local disk: 256 KiB reads, no transform, no compression), so a
 * download costs little JavaScript per chunk (issue 25).
 */
export async function sendStoredFile(
  request: FastifyRequest,
  reply: FastifyReply,
  storage: Storage,
  file: StoredFileResponse,
): Promise<FastifyReply> {
  const stat = await storage.stat(file.key);
  if (stat === null) throw new AppError('NOT_FOUND', file.notFoundMessage);
  const size = stat.sizeBytes;
  const etag = `"${createHash('sha256').update(file.key).digest('base64url').slice(0, 16)}-${size}"`;

  reply
    .header('content-type', file.contentType)
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', file.cacheControl)
    .header('accept-ranges', 'bytes')
    .header('etag', etag)
    .header('content-disposition', contentDisposition(file));

  if (request.headers['if-none-match'] === etag) return reply.code(304).send();

  const ifRange = request.headers['if-range'];
  const rangeHeader = ifRange === undefined || ifRange === etag ? request.headers.range : undefined;
  const range = rangeHeader === undefined ? null : parseRange(rangeHeader, size);
  if (range === 'unsatisfiable') {
    return reply.code(416).header('content-range', `bytes */${size}`).send();
  }

  let body: Readable;
  try {
    // A HEAD opens nothing: the stat answered it (a stream would read the whole file to drop it).
    // The empty stream keeps our Content-Length (Fastify sets 0 for an empty body).
    body = request.method === 'HEAD' ? Readable.from([]) : await storage.read(file.key, range ?? undefined);
  } catch (error) {
    if (error instanceof StorageNotFoundError) throw new AppError('NOT_FOUND', file.notFoundMessage);
    throw error;
  }
  if (range === null) {
    reply.header('content-length', size);
    return reply.code(200).send(body);
  }
  reply.header('content-range', `bytes ${range.start}-${range.end}/${size}`);
  reply.header('content-length', range.end - range.start + 1);
  return reply.code(206).send(body);
}

/** How long a presigned redirect to an original stays usable (issue 7: within 5 minutes). */
export const ORIGINAL_URL_SECONDS = 300;

/**
 * An original (the media or its download), already authorised by the caller. Storage that can
 * presign (S3) answers a redirect to the bucket, so the bytes never pass through this process;
 * the bucket answers with the same type and disposition as a streamed answer would have. Local
 * disk streams it here. A missing object is the same 404 either way, never a URL to an error.
 */
export async function sendOriginalFile(
  request: FastifyRequest,
  reply: FastifyReply,
  storage: Storage,
  file: StoredFileResponse,
): Promise<FastifyReply> {
  const url = await storage.signedUrl(file.key, {
    expiresInSeconds: ORIGINAL_URL_SECONDS,
    contentType: file.contentType,
    contentDisposition: contentDisposition(file),
  });
  if (url === null) return sendStoredFile(request, reply, storage, file);
  const stat = await storage.stat(file.key);
  if (stat === null) throw new AppError('NOT_FOUND', file.notFoundMessage);
  // Never cached: a kept redirect would outlive both the URL and, possibly, the unlock.
  reply.header('cache-control', 'private, no-store');
  if (request.method === 'HEAD') {
    // The method is part of the signature, so a URL presigned for GET is refused for HEAD:
    // answer the headers here. The empty stream keeps our Content-Length (Fastify's HEAD
    // handling sets 0 for an empty body).
    return reply
      .code(200)
      .header('content-type', file.contentType)
      .header('x-content-type-options', 'nosniff')
      .header('content-disposition', contentDisposition(file))
      .header('content-length', stat.sizeBytes)
      .send(Readable.from([]));
  }
  return reply.code(302).header('location', url).send();
}

function contentDisposition(file: StoredFileResponse): string {
  return file.downloadName === undefined ? 'inline' : attachmentHeader(file.downloadName);
}

/**
 * One range of "bytes=a-b", "bytes=a-" or "bytes=-n". Several ranges, or a header we cannot
 * read, get the whole file (RFC 9110 lets a server ignore Range); a range past the end is 416.
 */
export function parseRange(header: string, size: number): ByteRange | 'unsatisfiable' | null {
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (match === null) return null;
  const [, startText = '', endText = ''] = match;
  if (startText === '' && endText === '') return null;
  if (startText === '') {
    const suffix = Number(endText);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(startText);
  const end = endText === '' ? size - 1 : Math.min(Number(endText), size - 1);
  if (start >= size) return 'unsatisfiable';
  if (end < start) return null;
  return { start, end };
}

/** A plain ASCII fallback and the UTF-8 name (RFC 6266), so Hindi titles survive as file names. */
function attachmentHeader(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}
