import { studioContent, type ContentUpdateInput, type StudioContent, type StudioContents } from '@kholo/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { studioContentsQueryKey } from './get-studio-contents.ts';

/** PATCH /api/studio/contents/{id}: a new title, description or price (integer paise). */
export function updateContent(id: string, input: ContentUpdateInput): Promise<StudioContent> {
  return apiRequest(`/api/studio/contents/${encodeURIComponent(id)}`, {
    method: 'PATCH',
    body: input,
    schema: studioContent,
  });
}

export function useUpdateContent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: ContentUpdateInput }) => updateContent(id, input),
    onSuccess: (updated) => {
      queryClient.setQueryData<StudioContents>(studioContentsQueryKey, (current) =>
        current
          ? { ...current, items: current.items.map((item) => (item.id === updated.id ? updated : item)) }
          : current,
      );
    },
  });
}
