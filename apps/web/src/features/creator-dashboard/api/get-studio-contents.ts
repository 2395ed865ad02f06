import { studioContents, type StudioContents } from '@kholo/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** The Content tab and the summary cards share one answer, so one refresh updates both. */
export const studioContentsQueryKey = ['studio', 'contents'] as const;

/** GET /api/studio/contents: the signed-in creator's items (newest first) and dashboard totals. */
export function getStudioContents(signal?: AbortSignal): Promise<StudioContents> {
  return apiRequest('/api/studio/contents', signal ? { schema: studioContents, signal } : { schema: studioContents });
}

/** How often the list is asked for again while a phone video is being converted (its progress). */
export const PROCESSING_POLL_MS = 3000;

export function useStudioContents() {
  return useQuery({
    queryKey: studioContentsQueryKey,
    queryFn: ({ signal }) => getStudioContents(signal),
    // Polls only while an item is processing, and stops once none is.
    refetchInterval: (query) =>
      query.state.data?.items.some((item) => item.processing?.state === 'processing') === true
        ? PROCESSING_POLL_MS
        : false,
  });
}
