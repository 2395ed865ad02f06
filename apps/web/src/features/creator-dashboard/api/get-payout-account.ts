import { payoutAccount, type PayoutAccount } from '@kholo/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export const payoutAccountQueryKey = ['studio', 'payout-account'] as const;

const savedAccount = payoutAccount.nullable();

/** GET /api/studio/payout-account: where the signed-in creator is paid, or null before she saves one. */
export function getPayoutAccount(signal?: AbortSignal): Promise<PayoutAccount | null> {
  return apiRequest('/api/studio/payout-account', signal ? { schema: savedAccount, signal } : { schema: savedAccount });
}

export function usePayoutAccount() {
  return useQuery({ queryKey: payoutAccountQueryKey, queryFn: ({ signal }) => getPayoutAccount(signal) });
}
