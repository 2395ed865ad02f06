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

/**
 * GET /api/creators/{username}: the creator, their items as this viewer may see them, and the
 * total. `asVisitor` asks without the session, for the answer a signed-out visitor gets.
 */
export async function getCreatorPage(username: string, signal?: AbortSignal, asVisitor = false): Promise<CreatorPage> {
  const body = await apiRequest<unknown>(`/api/creators/${encodeURIComponent(username)}`, {
    ...(signal ? { signal } : {}),
    ...(asVisitor ? { credentials: 'omit' as const } : {}),
  });
  return checkCreatorPage(body);
}

/** `asVisitor`: the page as a signed-out visitor sees it (kept under a visitor's key), whoever is signed in. */
export function useCreatorPage(username: string, { asVisitor = false }: { asVisitor?: boolean } = {}) {
  const me = useMe();
  const accountId = asVisitor ? null : (me.data?.account?.id ?? null);
  const handle = username.toLowerCase();
  return useQuery({
    queryKey: creatorPageQueryKey(username, accountId),
    queryFn: ({ signal }) => getCreatorPage(username, signal, asVisitor),
    // Until we know who is looking, the answer would be for the wrong person.
    enabled: !me.isPending,
    // After a login the visitor's page stays up while the fuller one loads; never another creator's.
    placeholderData: (previous, previousQuery) => (previousQuery?.queryKey[1] === handle ? previous : undefined),
  });
}
