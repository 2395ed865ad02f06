import type { FanUnlocks } from '@kholo/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { checkFanUnlocks } from './response-checks.ts';
import { useMe } from '../../accounts/index.ts';

export const fanUnlocksQueryRoot = ['fan-unlocks'] as const;

export function fanUnlocksQueryKey(accountId: string | null) {
  return [...fanUnlocksQueryRoot, accountId] as const;
}

/** GET /api/fan/unlocks: the signed-in fan's active unlocks, newest first. */
export async function getFanUnlocks(signal?: AbortSignal): Promise<FanUnlocks> {
  const body = await apiRequest<unknown>('/api/fan/unlocks', signal ? { signal } : {});
  return checkFanUnlocks(body);
}

/** Only asked for an account with a fan profile: nobody else can hold an unlock. */
export function useFanUnlocks() {
  const me = useMe();
  const accountId = me.data?.account?.id ?? null;
  return useQuery({
    queryKey: fanUnlocksQueryKey(accountId),
    queryFn: ({ signal }) => getFanUnlocks(signal),
    enabled: accountId !== null && Boolean(me.data?.fan),
  });
}
