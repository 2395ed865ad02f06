import { refundResponse, type Refund } from '@kholo/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { adminQueryKeys } from './admin-query-keys.ts';

/** POST /api/admin/refunds/retry {id}: a refund the provider gave up on, sent again. */
export async function retryRefund(id: string): Promise<Refund> {
  const { refund } = await apiRequest('/api/admin/refunds/retry', {
    method: 'POST',
    body: { id },
    schema: refundResponse,
  });
  return refund;
}

export function useRetryRefund() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: retryRefund,
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: adminQueryKeys.all });
    },
  });
}
