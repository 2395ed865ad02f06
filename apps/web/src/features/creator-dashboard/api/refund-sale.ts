import { refundResponse, type CreatorRefundInput, type Refund } from '@kholo/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { studioContentsQueryKey } from './get-studio-contents.ts';
import { walletQueryKey } from './get-wallet.ts';

/**
 * POST /api/refunds {orderId, reason}: the creator refunds a sale of her own within 7 days; her
 * wallet pays her share back. 409 with a message when her wallet cannot cover it, the 7 days have
 * passed, or the sale is already refunded or disputed.
 */
export async function refundSale(input: CreatorRefundInput): Promise<Refund> {
  const { refund } = await apiRequest('/api/refunds', { method: 'POST', body: input, schema: refundResponse });
  return refund;
}

export function useRefundSale() {
  const queryClient = useQueryClient();
  // Either way the wallet has news: the refund's entry, or the sale no longer refundable (409).
  // The summary cards (balance, earnings) read the studio's contents.
  const reload = () => {
    void queryClient.invalidateQueries({ queryKey: walletQueryKey });
    void queryClient.invalidateQueries({ queryKey: studioContentsQueryKey });
  };
  return useMutation({ mutationFn: refundSale, onSettled: reload });
}
