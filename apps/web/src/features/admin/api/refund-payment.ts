import { refundResponse, type AdminRefundInput, type Refund } from '@kholo/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { adminQueryKeys } from './admin-query-keys.ts';

/**
 * POST /api/admin/payments/refund {orderId, reason}: the whole payment back to the fan, once;
 * her access ends. 409 with a message when it is already refunded or disputed.
 */
export async function refundPayment(input: AdminRefundInput): Promise<Refund> {
  const { refund } = await apiRequest('/api/admin/payments/refund', {
    method: 'POST',
    body: input,
    schema: refundResponse,
  });
  return refund;
}

export function useRefundPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: refundPayment,
    // Payments, the open tickets, the Dashboard's totals and the audit log all change; on a 409
    // the row has moved on, so the lists are asked again either way.
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: adminQueryKeys.all });
    },
  });
}
