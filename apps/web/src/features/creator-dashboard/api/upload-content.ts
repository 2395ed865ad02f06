import { CONTENT_MESSAGES, studioContent, type StudioContent } from '@kholo/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiErrorFrom } from '../../../lib/api-client.ts';
import { ApiError } from '../../../lib/api-error.ts';
import { studioContentsQueryKey } from './get-studio-contents.ts';

/** SPEC §4: after a successful upload the list is refreshed 1 s later. */
export const UPLOAD_LIST_REFRESH_MS = 1000;

export interface UploadContentInput {
  title: string;
  description: string;
  pricePaise: number;
  isAdultContent: boolean;
  /** The creator ticked UPLOAD_ATTESTATION_TEXT; the server refuses the upload without it. */
  attested: true;
  file: File;
}

export interface UploadContentOptions {
  /** The share of the file sent so far, from 0 to 1. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

/**
 * POST /api/studio/contents as multipart/form-data. XMLHttpRequest rather than fetch because only
 * it reports upload progress. The text fields go first and the file last: the server refuses a
 * bad form before it stores a single byte of the file. Failures are ApiErrors whose message is
 * the server's, or 'Upload failed.' when there is none to show (SPEC §8).
 */
export function uploadContent(input: UploadContentInput, options: UploadContentOptions = {}): Promise<StudioContent> {
  const { onProgress, signal } = options;
  const form = new FormData();
  form.append('title', input.title);
  form.append('description', input.description);
  form.append('pricePaise', String(input.pricePaise));
  form.append('isAdultContent', input.isAdultContent ? 'true' : 'false');
  form.append('attested', String(input.attested));
  form.append('file', input.file, input.file.name);

  return new Promise<StudioContent>((resolve, reject) => {
    if (signal?.aborted) {
      reject(new DOMException('The upload was cancelled.', 'AbortError'));
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/api/studio/contents');
    xhr.setRequestHeader('accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(Math.min(1, event.loaded / event.total));
    };
    xhr.onload = () => {
      if (xhr.status < 200 || xhr.status >= 300) {
        reject(apiErrorFrom(xhr.status, xhr.responseText, CONTENT_MESSAGES.uploadFailed));
        return;
      }
      let json: unknown;
      try {
        json = JSON.parse(xhr.responseText);
      } catch {
        json = undefined;
      }
      const parsed = studioContent.safeParse(json);
      if (parsed.success) resolve(parsed.data);
      else reject(new ApiError('INTERNAL', CONTENT_MESSAGES.uploadFailed, xhr.status));
    };
    xhr.onerror = () => {
      reject(new ApiError('NETWORK_ERROR', CONTENT_MESSAGES.uploadFailed, 0));
    };
    xhr.ontimeout = xhr.onerror;
    xhr.onabort = () => {
      reject(new DOMException('The upload was cancelled.', 'AbortError'));
    };
    signal?.addEventListener('abort', () => {
      xhr.abort();
    });
    xhr.send(form);
  });
}

export function useUploadContent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ input, options }: { input: UploadContentInput; options?: UploadContentOptions }) =>
      uploadContent(input, options),
    onSuccess: () => {
      // Stale at once, so a tab opened within the second fetches anew; refetched after it (SPEC §4).
      void queryClient.invalidateQueries({ queryKey: studioContentsQueryKey, refetchType: 'none' });
      setTimeout(() => {
        void queryClient.invalidateQueries({ queryKey: studioContentsQueryKey });
      }, UPLOAD_LIST_REFRESH_MS);
    },
  });
}
