import { adminWithdrawal, type AdminWithdrawal } from '@kholo/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { adminQueryKeys } from './admin-query-keys.ts';

/** POST /api/admin/withdrawals/reject {id, reason}: the hold goes back to the creator’s wallet. */
export function rejectWithdrawal(input: { id: string; reason: string }): Promise<AdminWithdrawal> {
  return apiRequest('/api/admin/withdrawals/reject', { method: 'POST', body: input, schema: adminWithdrawal });
}

export function useRejectWithdrawal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rejectWithdrawal,
    // The open list, the Dashboard's totals and the audit log all change.
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: adminQueryKeys.all });
    },
  });
}
