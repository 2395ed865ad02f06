import { adminWithdrawal, type AdminWithdrawal } from '@kholo/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { adminQueryKeys } from './admin-query-keys.ts';

/** POST /api/admin/withdrawals/payment-done {id, reference?}: the admin has sent the money. A second call answers 409. */
export function markWithdrawalPaid(input: { id: string; reference?: string }): Promise<AdminWithdrawal> {
  return apiRequest('/api/admin/withdrawals/payment-done', { method: 'POST', body: input, schema: adminWithdrawal });
}

export function useMarkWithdrawalPaid() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markWithdrawalPaid,
    // The open list, the Dashboard's totals and the audit log all change.
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: adminQueryKeys.all });
    },
  });
}
