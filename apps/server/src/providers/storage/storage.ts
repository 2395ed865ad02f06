import type { Readable } from 'node:stream';

/** A byte range, both ends inclusive, as in an HTTP Range header. */
export interface ByteRange {
  start: number;
  end: number;
}

/**
 * Where media lives: local disk by default, S3-compatible storage at scale (s3-storage.ts). Keys are
 * made by the server (`media/{creatorId}/…`, `previews/…`, `avatars/…`), never taken from a user.
 */
export interface Storage {
  /** Moves a finished local file into storage under `key`; the file is gone afterwards. */
  putFile(key: string, filePath: string, contentType: string): Promise<void>;
  /** The object's size, or null when there is none. */
  stat(key: string): Promise<{ sizeBytes: number } | null>;
  /** Streams the object, or the given range of it. Rejects with StorageNotFoundError when missing. */
  read(key: string, range?: ByteRange): Promise<Readable>;
  /** Removes the object; removing a missing one is not an error. */
  remove(key: string): Promise<void>;
  /** Every object under `prefix` (a top folder such as `media/`), for audits and sweeps. */
  list(prefix: string): AsyncIterable<StoredObject>;
  /**
   * A URL the client may fetch the object from directly for at most `expiresInSeconds`
   * (S3's presigned GET), or null when this storage serves only through the app (local disk).
   * Call it only after the same authorisation check as for streaming the object.
   */
  signedUrl(key: string, options: SignedUrlOptions): Promise<string | null>;
}

export interface StoredObject {
  key: string;
  sizeBytes: number;
  /** Epoch milliseconds. */
  modifiedAt: number;
}

export interface SignedUrlOptions {
  expiresInSeconds: number;
  /** The Content-Type and Content-Disposition the answer must carry. */
  contentType: string;
  contentDisposition: string;
}

export class StorageNotFoundError extends Error {
  override name = 'StorageNotFoundError';
  constructor(readonly key: string) {
    super(`No stored object at ${key}`);
  }
}

/** Keys are lowercase folders and safe file names: no `..`, no absolute paths, no backslashes. */
const KEY_PATTERN = /^(?:[a-z]+)(?:\/[A-Za-z0-9_][A-Za-z0-9._-]*)+$/;

export function assertStorageKey(key: string): void {
  if (!KEY_PATTERN.test(key) || key.split('/').some((segment) => segment === '..' || segment === '.')) {
    throw new Error(`Refusing an unsafe storage key: ${JSON.stringify(key)}`);
  }
}
