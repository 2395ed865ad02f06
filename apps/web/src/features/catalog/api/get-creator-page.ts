import type { CreatorPage } from '@kholo/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { checkCreatorPage } from './response-checks.ts';
import { useMe } from '../../accounts/index.ts';

/** Every creator page in the cache, whoever it was read for (e.g. to refetch after a payment). */
export const creatorPageQueryRoot = ['creator-page'] as const;

/**
 * Keyed on the session's account as well as the handle: the server answers a visitor with the
 * first 3 items and a signed-in fan with all of them (and their access), so logging in or out
 * asks again by itself.
 */
export function creatorPageQueryKey(username: string, accountId: string | null) {
  return [...creatorPageQueryRoot, username.toLowerCase(), accountId] as const;
}

/** GET /api/creators/{username}: the creator, their items as this viewer may see them, and the total. */
export async function getCreatorPage(username: string, signal?: AbortSignal): Promise<CreatorPage> {
  const body = await apiRequest<unknown>(`/api/creators/${encodeURIComponent(username)}`, signal ? { signal } : {});
  return checkCreatorPage(body);
}

export function useCreatorPage(username: string) {
  const me = useMe();
  const accountId = me.data?.account?.id ?? null;
  const handle = username.toLowerCase();
  return useQuery({
    queryKey: creatorPageQueryKey(username, accountId),
    queryFn: ({ signal }) => getCreatorPage(username, signal),
    // Until we know who is looking, the answer would be for the wrong person.
    enabled: !me.isPending,
    // After a login the visitor's page stays up while the fuller one loads; never another creator's.
    placeholderData: (previous, previousQuery) => (previousQuery?.queryKey[1] === handle ? previous : undefined),
  });
}
