import { withdrawal, type Withdrawal } from '@kholo/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { studioContentsQueryKey } from './get-studio-contents.ts';
import { walletQueryKey } from './get-wallet.ts';

/**
 * POST /api/withdrawals/cancel {id}: takes back a withdrawal nothing has been sent for yet
 * (REQUESTED or REVIEW); the money returns to the wallet. 409 once it has been sent.
 */
export function cancelWithdrawal(id: string): Promise<Withdrawal> {
  return apiRequest('/api/withdrawals/cancel', { method: 'POST', body: { id }, schema: withdrawal });
}

export function useCancelWithdrawal() {
  const queryClient = useQueryClient();
  // Either way the wallet has news: the money is back, or the withdrawal moved on (409).
  const reload = () => {
    void queryClient.invalidateQueries({ queryKey: walletQueryKey });
    void queryClient.invalidateQueries({ queryKey: studioContentsQueryKey });
  };
  return useMutation({ mutationFn: cancelWithdrawal, onSettled: reload });
}
