import { payoutAccount, type PayoutAccount } from '@kholo/contracts';
import { useQuery } from '@tanstack/react-query';
import { ApiError, apiRequest } from '../../../lib/api-client.ts';

export const payoutAccountQueryKey = ['studio', 'payout-account'] as const;

/**
 * GET /api/studio/payout-account: where the signed-in creator is paid, or null when she has not
 * saved an account yet (the server answers 404 NOT_FOUND then).
 */
export async function getPayoutAccount(signal?: AbortSignal): Promise<PayoutAccount | null> {
  try {
    return await apiRequest(
      '/api/studio/payout-account',
      signal ? { schema: payoutAccount, signal } : { schema: payoutAccount },
    );
  } catch (error) {
    if (error instanceof ApiError && error.code === 'NOT_FOUND') return null;
    throw error;
  }
}

export function usePayoutAccount() {
  return useQuery({ queryKey: payoutAccountQueryKey, queryFn: ({ signal }) => getPayoutAccount(signal) });
}
