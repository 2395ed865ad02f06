import fs from 'node:fs';
import fsp from 'node:fs/promises';
import { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { S3Settings } from '../../config.js';
import { assertStorageKey, type Storage, StorageNotFoundError } from './storage.js';

/** Presigned URLs live at most this long (issue 7: originals by a redirect that expires within 5 minutes). */
export const MAX_SIGNED_URL_SECONDS = 300;

/** S3's smallest part; with `queueSize` 2 an upload holds at most three parts in memory. */
const DEFAULT_PART_SIZE_BYTES = 5 * 1024 * 1024;
const UPLOAD_QUEUE_SIZE = 2;
/** ListObjectsV2's own maximum. */
const DEFAULT_LIST_PAGE_SIZE = 1000;

/**
 * Time to get a connection to the bucket, waiting for a free socket of the pool included: an
 * unreachable endpoint or a pool that stays full fails the request instead of hanging it.
 */
const CONNECTION_TIMEOUT_MS = 10_000;
/**
 * The longest the bucket may stay silent (idle, not total): before its answer, between two
 * chunks of a body, or while it reads an upload. A 50 MB file takes as long as it takes as
 * long as bytes keep moving, and a stalled bucket fails the request, the upload or the sweep
 * within a minute. A body the app streams to a viewer who paused stops being read too; it
 * then ends after a minute like an idle connection behind a proxy, and the player asks again
 * for the range it needs.
 */
const SOCKET_IDLE_TIMEOUT_MS = 60_000;
/**
 * Connections open to the bucket at once (the SDK's default is 50). Each streamed preview holds
 * one for as long as its viewer reads, and each upload two; beyond this requests wait for a
 * socket (within CONNECTION_TIMEOUT_MS) rather than opening connections without bound.
 */
const MAX_SOCKETS = 200;

export interface S3StorageOptions {
  /** Bytes per multipart part (at least 5 MiB on S3); a smaller file goes up in one PUT. */
  partSizeBytes?: number;
  /** Keys per ListObjectsV2 page; tests make it small to exercise paging. */
  listPageSize?: number;
  /** Tests shorten the timeouts to see a stalled bucket fail without waiting a minute. */
  timeouts?: { connectionMs: number; socketIdleMs: number };
}

export interface S3Storage extends Storage {
  /** Closes the client's idle connections (app shutdown). */
  destroy(): void;
}

/**
 * Objects in an S3-compatible bucket (AWS, MinIO, R2…). Uploads stream from the staged file in
 * parts, so a 50 MB file never sits in memory whole; originals can be fetched by the browser
 * straight from the bucket through a short-lived presigned URL.
 */
export function createS3Storage(settings: S3Settings, options: S3StorageOptions = {}): S3Storage {
  const client = new S3Client({
    region: settings.region,
    ...(settings.endpoint === null ? {} : { endpoint: settings.endpoint }),
    forcePathStyle: settings.forcePathStyle,
    credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
    // The SDK's default CRC checksums (aws-chunked trailers, x-amz-checksum-mode on every GET)
    // are refused or mishandled by many S3-compatible servers; S3 itself does not require them.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    requestHandler: {
      connectionTimeout: options.timeouts?.connectionMs ?? CONNECTION_TIMEOUT_MS,
      // A rolling idle timeout that stays armed through the response body (@smithy/node-http-handler 4).
      socketTimeout: options.timeouts?.socketIdleMs ?? SOCKET_IDLE_TIMEOUT_MS,
      httpAgent: { maxSockets: MAX_SOCKETS },
      httpsAgent: { maxSockets: MAX_SOCKETS },
    },
  });
  const bucket = settings.bucket;
  const partSize = options.partSizeBytes ?? DEFAULT_PART_SIZE_BYTES;
  const listPageSize = options.listPageSize ?? DEFAULT_LIST_PAGE_SIZE;

  return {
    async putFile(key, filePath, contentType) {
      assertStorageKey(key);
      const upload = new Upload({
        client,
        params: { Bucket: bucket, Key: key, Body: fs.createReadStream(filePath), ContentType: contentType },
        partSize,
        queueSize: UPLOAD_QUEUE_SIZE,
        // A failed multipart upload is aborted, so no invisible parts are left to bill for.
        leavePartsOnError: false,
      });
      // An object appears only when the upload completes, so a reader never sees half a file.
      await upload.done();
      await fsp.rm(filePath, { force: true });
    },

    async stat(key) {
      assertStorageKey(key);
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
        return { sizeBytes: head.ContentLength ?? 0 };
      } catch (error) {
        if (isMissingObject(error)) return null;
        throw error;
      }
    },

    async read(key, range) {
      assertStorageKey(key);
      let body: unknown;
      try {
        const object = await client.send(
          new GetObjectCommand({
            Bucket: bucket,
            Key: key,
            ...(range === undefined ? {} : { Range: `bytes=${range.start}-${range.end}` }),
          }),
        );
        body = object.Body;
      } catch (error) {
        // Rejected before any byte is sent, like a missing file on disk.
        if (isMissingObject(error)) throw new StorageNotFoundError(key);
        throw error;
      }
      if (!(body instanceof Readable)) throw new Error(`S3 answered ${key} without a readable body`);
      return body;
    },

    async remove(key) {
      assertStorageKey(key);
      // S3 answers 204 for a key that is not there, so removing twice is not an error.
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
    },

    async *list(prefix) {
      // Paged with StartAfter (the last key seen) rather than continuation tokens: it means the
      // same on every S3-compatible server, and s3rver's tokens need DES, which OpenSSL 3 lacks.
      let startAfter: string | undefined;
      for (;;) {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, MaxKeys: listPageSize, StartAfter: startAfter }),
        );
        const contents = page.Contents ?? [];
        for (const object of contents) {
          if (object.Key === undefined) continue;
          yield { key: object.Key, sizeBytes: object.Size ?? 0, modifiedAt: object.LastModified?.getTime() ?? 0 };
        }
        const last = contents.at(-1)?.Key;
        if (page.IsTruncated !== true || last === undefined) return;
        startAfter = last;
      }
    },

    async signedUrl(key, { expiresInSeconds, contentType, contentDisposition }) {
      assertStorageKey(key);
      if (!Number.isInteger(expiresInSeconds) || expiresInSeconds < 1 || expiresInSeconds > MAX_SIGNED_URL_SECONDS) {
        throw new RangeError(
          `A signed URL must expire within 1 to ${MAX_SIGNED_URL_SECONDS} seconds, not ${expiresInSeconds}`,
        );
      }
      // The bucket answers with these headers instead of the object's own, so the browser gets
      // the same type and file name as from the app.
      const command = new GetObjectCommand({
        Bucket: bucket,
        Key: key,
        ResponseContentType: contentType,
        ResponseContentDisposition: contentDisposition,
        // The bucket's answer must not outlive the unlock in a browser or CDN cache either.
        ResponseCacheControl: 'private, no-store',
      });
      return getSignedUrl(client, command, { expiresIn: expiresInSeconds });
    },

    destroy() {
      client.destroy();
    },
  };
}

/** 404 for the object (HEAD has no body, so it is just NotFound); a missing bucket stays an error. */
function isMissingObject(error: unknown): boolean {
  return (
    error instanceof S3ServiceException &&
    error.name !== 'NoSuchBucket' &&
    (error.name === 'NoSuchKey' || error.name === 'NotFound' || error.$metadata.httpStatusCode === 404)
  );
}
