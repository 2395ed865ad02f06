import { CONTENT_MESSAGES, type ContentFromUploadInput, studioContent, type StudioContent } from '@kholo/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, UNEXPECTED_ERROR_MESSAGE } from '../../../lib/api-client.ts';
import { ApiError } from '../../../lib/api-error.ts';
import { forgetUpload, sendFile } from './resumable-file.ts';
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
  /** Who is uploading (the resume key is hers alone). */
  accountId: string;
  /** Bytes the server holds so far, of the whole file. */
  onProgress?: (sentBytes: number, totalBytes: number) => void;
  /** An earlier upload of this file is being resumed, `fraction` of it already sent. */
  onResume?: (fraction: number) => void;
  /** The file is on the server as this upload: a retry after a refused form can reuse it. */
  onUploaded?: (uploadId: string) => void;
  /** An upload of this very file that is already whole on the server: nothing is sent again. */
  uploadId?: string | undefined;
  signal?: AbortSignal;
}

/**
 * The file goes first, resumably, to the tus endpoint (ADR 028; api/resumable-file.ts), then
 * POST /api/studio/contents as JSON makes the item from it with the form's fields. Failures are
 * ApiErrors whose message is the server's, or 'Upload failed.' when there is none (SPEC §8).
 */
export async function uploadContent(input: UploadContentInput, options: UploadContentOptions): Promise<StudioContent> {
  const uploadId = options.uploadId ?? (await sendFile(input.file, options));
  options.onUploaded?.(uploadId);
  const body: ContentFromUploadInput = {
    uploadId,
    title: input.title,
    description: input.description,
    pricePaise: input.pricePaise,
    isAdultContent: input.isAdultContent,
    attested: input.attested,
  };
  try {
    const item = await apiRequest('/api/studio/contents', {
      method: 'POST',
      body,
      schema: studioContent,
      ...(options.signal ? { signal: options.signal } : {}),
    });
    await forgetUpload(input.file, options.accountId).catch(() => undefined);
    return item;
  } catch (error) {
    if (error instanceof ApiError && error.message === UNEXPECTED_ERROR_MESSAGE) {
      throw new ApiError(error.code, CONTENT_MESSAGES.uploadFailed, error.status);
    }
    throw error;
  }
}

export function useUploadContent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ input, options }: { input: UploadContentInput; options: UploadContentOptions }) =>
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
