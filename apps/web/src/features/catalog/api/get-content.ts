import type { ContentDetail } from '@kholo/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { checkContentDetail } from './response-checks.ts';
import { useMe } from '../../accounts/index.ts';

/** Every item in the cache, whoever it was read for. */
export const contentQueryRoot = ['content'] as const;

/** Keyed on the account too: the same item is locked for a visitor and unlocked for its buyer. */
export function contentQueryKey(contentId: string, accountId: string | null) {
  return [...contentQueryRoot, contentId, accountId] as const;
}

/** GET /api/contents/{id}: the item as this viewer may see it, and its creator. */
export async function getContent(contentId: string, signal?: AbortSignal): Promise<ContentDetail> {
  const body = await apiRequest<unknown>(`/api/contents/${encodeURIComponent(contentId)}`, signal ? { signal } : {});
  return checkContentDetail(body);
}

export function useContent(contentId: string) {
  const me = useMe();
  const accountId = me.data?.account?.id ?? null;
  return useQuery({
    queryKey: contentQueryKey(contentId, accountId),
    queryFn: ({ signal }) => getContent(contentId, signal),
    enabled: !me.isPending,
    // After a login the locked page stays up while the viewer's own answer loads.
    placeholderData: (previous, previousQuery) => (previousQuery?.queryKey[1] === contentId ? previous : undefined),
  });
}
