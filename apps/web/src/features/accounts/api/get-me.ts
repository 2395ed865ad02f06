import type { Me } from '@kholo/contracts';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { ApiError, UNEXPECTED_ERROR_MESSAGE } from '../../../lib/api-error.ts';
import { meQueryKey, syncSessionCache } from '../session-cache.ts';

export { meQueryKey };

/** What /api/me says for a visitor. */
export const VISITOR: Me = { account: null, creator: null, fan: null, policies: null };

/*
 * GET /api/me runs on every page, the landing page included, whose first load must stay small
 * (ADR 007): the contracts' `me` schema would bring full zod with it. The answer comes from our
 * own server, whose response schema already shapes it, so only its outline is checked here; the
 * dialogs, which load zod anyway, check sign-in and sign-up answers against the full schema.
 */
function looksLikeMe(value: unknown): value is Me {
  if (typeof value !== 'object' || value === null) return false;
  const { account, creator, fan } = value as Record<string, unknown>;
  return [account, creator, fan].every((part) => part === null || typeof part === 'object');
}

/** An answer about the session, outline-checked; also for sign-in answers on pages that load no zod. */
export function checkMe(body: unknown): Me {
  if (!looksLikeMe(body)) throw new ApiError('INTERNAL', UNEXPECTED_ERROR_MESSAGE, 200);
  return body;
}

/** GET /api/me: who is signed in. Never 401; a visitor gets all nulls. */
export async function getMe(signal?: AbortSignal): Promise<Me> {
  const body = checkMe(await apiRequest<unknown>('/api/me', signal ? { signal } : {}));
  syncSessionCache(body);
  return body;
}

/** The only authority on who is signed in. Every screen that depends on the session reads this. */
export function useMe() {
  return useQuery({ queryKey: meQueryKey, queryFn: ({ signal }) => getMe(signal) });
}

/** Records a fresh answer about the session (sign-in, sign-up) in the query cache and local storage. */
export function storeMe(queryClient: QueryClient, me: Me): void {
  syncSessionCache(me);
  queryClient.setQueryData(meQueryKey, me);
}
