import type { Readable } from 'node:stream';

/** A byte range, both ends inclusive, as in an HTTP Range header. */
export interface ByteRange {
  start: number;
  end: number;
}

/**
 * Where media lives: local disk by default, S3-compatible storage at scale (issue 7). Keys are
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
