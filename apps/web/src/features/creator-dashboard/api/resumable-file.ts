import { CONTENT_MESSAGES, RESUMABLE_UPLOADS_PATH } from '@kholo/contracts';
import type { DetailedError } from 'tus-js-client';
import { apiErrorFrom } from '../../../lib/api-client.ts';
import { ApiError } from '../../../lib/api-error.ts';

/**
 * Each PATCH carries at most this much: about 20 s at 750 kbit/s, so a request rarely outlives a
 * 4G cell change, and the server's own request timeout (5 min) is never near.
 */
export const UPLOAD_CHUNK_BYTES = 2 * 1024 * 1024;
/** A dropped connection is retried by itself at these delays (ms), then the creator is told. */
export const UPLOAD_RETRY_DELAYS_MS = [0, 1000, 3000, 5000, 10_000, 20_000];

/**
 * The abort reason that stops an upload but keeps it to resume (the form going away mid-upload);
 * any other abort is Cancel, which deletes it.
 */
export const UPLOAD_PAUSED = 'paused';

export interface SendFileOptions {
  /** Who is uploading: part of the resume key, so another account on this browser starts anew. */
  accountId: string;
  onProgress?: (sentBytes: number, totalBytes: number) => void;
  /** The upload picks up an earlier one of the same file: `fraction` of it is already on the server. */
  onResume?: (fraction: number) => void;
  signal?: AbortSignal;
}

/**
 * Sends a file to the tus endpoint (ADR 028) in chunks and answers the upload's id once the
 * server holds every byte. An earlier upload of the same file by the same account (a dropped
 * connection, a reload) is resumed where the server says it stopped. Aborting stops it and
 * deletes what the server had. Failures are ApiErrors carrying the server's message.
 */
export async function sendFile(file: File, options: SendFileOptions): Promise<string> {
  const { accountId, onProgress, onResume, signal } = options;
  // Loaded when the first upload starts: the dashboard opens without it.
  const { Upload } = await import('tus-js-client');
  return new Promise<string>((resolve, reject) => {
    if (signal?.aborted) {
      reject(new DOMException('The upload was cancelled.', 'AbortError'));
      return;
    }
    let resumed = false;
    const upload = new Upload(file, {
      endpoint: RESUMABLE_UPLOADS_PATH,
      chunkSize: UPLOAD_CHUNK_BYTES,
      retryDelays: UPLOAD_RETRY_DELAYS_MS,
      metadata: { filename: file.name, filetype: file.type },
      fingerprint: (chosen: File) => Promise.resolve(resumeKey(chosen, accountId)),
      // Kept once the bytes are all there: if making the item then fails and she reloads, the same
      // file finds its finished upload instead of sending every byte again. `forgetUpload` drops
      // it once the item exists.
      removeFingerprintOnSuccess: false,
      onAfterResponse: (request, response) => {
        // The HEAD of a resumed upload says how much the server already has.
        if (resumed && request.getMethod() === 'HEAD' && response.getStatus() === 200) {
          const offset = Number(response.getHeader('Upload-Offset'));
          if (Number.isFinite(offset) && file.size > 0) onResume?.(offset / file.size);
        }
      },
      onProgress: (sent, total) => {
        onProgress?.(sent, total);
      },
      onSuccess: () => {
        const id = upload.url?.split('/').pop();
        if (id) resolve(id);
        else reject(new ApiError('INTERNAL', CONTENT_MESSAGES.uploadFailed, 0));
      },
      onError: (error) => {
        reject(toApiError(error));
      },
    });
    signal?.addEventListener('abort', () => {
      // Cancel means cancel: the server's partial copy goes too, and the resume key with it.
      // A pause (the form unmounted) keeps both, so the same file picks up later.
      void upload.abort(signal.reason !== UPLOAD_PAUSED).catch(() => undefined);
      reject(new DOMException('The upload was cancelled.', 'AbortError'));
    });
    void upload.findPreviousUploads().then(
      (previous) => {
        // The newest, should the same file have been left more than once.
        const latest = [...previous].sort((a, b) => b.creationTime.localeCompare(a.creationTime))[0];
        if (latest !== undefined) {
          resumed = true;
          upload.resumeFromPreviousUpload(latest);
        }
        if (!signal?.aborted) upload.start();
      },
      () => {
        if (!signal?.aborted) upload.start();
      },
    );
  });
}

/** What finds an earlier upload of this file by this account on this browser (tus's fingerprint). */
function resumeKey(file: File, accountId: string): string {
  return ['kholo', accountId, file.name, file.type, file.size, file.lastModified, RESUMABLE_UPLOADS_PATH].join('-');
}

/**
 * Forgets this browser's record of an upload of `file` once its item exists, so choosing the same
 * file again makes a new upload. A failure only leaves a record the server answers 404 for later,
 * and tus then starts afresh: it is never an error for her.
 */
export async function forgetUpload(file: File, accountId: string): Promise<void> {
  const { defaultOptions } = await import('tus-js-client');
  const storage = defaultOptions.urlStorage;
  const previous = await storage.findUploadsByFingerprint(resumeKey(file, accountId));
  await Promise.all(previous.map((upload) => storage.removeUpload(upload.urlStorageKey)));
}

/** The server's own message when it answered (413 with the file's size, 415, 401…), else "Upload failed.". */
function toApiError(error: Error | DetailedError): ApiError {
  const response = 'originalResponse' in error ? error.originalResponse : null;
  if (response === null) return new ApiError('NETWORK_ERROR', CONTENT_MESSAGES.uploadFailed, 0);
  return apiErrorFrom(response.getStatus(), response.getBody(), CONTENT_MESSAGES.uploadFailed);
}
