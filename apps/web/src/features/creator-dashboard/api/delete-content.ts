import type { StudioContents } from '@kholo/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { studioContentsQueryKey } from './get-studio-contents.ts';

/**
 * DELETE /api/studio/contents/{id}: the item leaves every public list; fans who unlocked it keep
 * it until their unlock ends.
 */
export function deleteContent(id: string): Promise<void> {
  return apiRequest<undefined>(`/api/studio/contents/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function useDeleteContent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteContent,
    onSuccess: (_answer, id) => {
      queryClient.setQueryData<StudioContents>(studioContentsQueryKey, (current) => {
        if (!current?.items.some((item) => item.id === id)) return current;
        return {
          items: current.items.filter((item) => item.id !== id),
          // Earnings stay: money earned from a deleted item stays earned.
          summary: { ...current.summary, contentCount: Math.max(0, current.summary.contentCount - 1) },
        };
      });
      // The server's own totals, in the background.
      void queryClient.invalidateQueries({ queryKey: studioContentsQueryKey });
    },
  });
}
