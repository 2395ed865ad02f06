import { payoutAccount, type PayoutAccount, type PayoutAccountInput } from '@kholo/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { payoutAccountQueryKey } from './get-payout-account.ts';

/**
 * PUT /api/studio/payout-account: the UPI ID (checked with the bank again), legal name and PAN,
 * with the holder name she was shown (`confirmedName`, 409 if the bank now says another) and her
 * "Yes, this is my account" when that name is not hers (`accountIsMine`).
 */
export function savePayoutAccount(input: PayoutAccountInput): Promise<PayoutAccount> {
  return apiRequest('/api/studio/payout-account', { method: 'PUT', body: input, schema: payoutAccount });
}

export function useSavePayoutAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: savePayoutAccount,
    onSuccess: (saved) => {
      queryClient.setQueryData(payoutAccountQueryKey, saved);
    },
  });
}
