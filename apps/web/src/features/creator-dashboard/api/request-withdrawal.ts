import { withdrawResponse, type WithdrawInput, type WithdrawResponse } from '@kholo/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiRequest } from '../../../lib/api-client.ts';
import { studioContentsQueryKey } from './get-studio-contents.ts';
import { walletQueryKey } from './get-wallet.ts';

/**
 * POST /api/withdraw with the spec's payload (SPEC §7): the creator's email, the full balance in
 * rupees, and the UPI ID. The server takes the creator from the session and refuses an amount
 * that is not the whole balance.
 */
export function requestWithdrawal(input: WithdrawInput): Promise<WithdrawResponse> {
  return apiRequest('/api/withdraw', { method: 'POST', body: input, schema: withdrawResponse });
}

export function useRequestWithdrawal() {
  const queryClient = useQueryClient();
  const reloadBalance = () => {
    void queryClient.invalidateQueries({ queryKey: walletQueryKey });
    void queryClient.invalidateQueries({ queryKey: studioContentsQueryKey });
  };
  return useMutation({
    mutationFn: requestWithdrawal,
    // The balance, the held amount and the history change, and so does the balance card at the top.
    onSuccess: reloadBalance,
    onError: (error) => {
      // CONFLICT: the balance moved since the page loaded (a sale, a withdrawal from another tab),
      // so the modal should offer the balance as it is now.
      if (error instanceof ApiError && error.code === 'CONFLICT') reloadBalance();
    },
  });
}
