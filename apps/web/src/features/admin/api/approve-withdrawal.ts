import { adminWithdrawal, type AdminWithdrawal } from '@kholo/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiRequest } from '../../../lib/api-client.ts';
import { adminQueryKeys } from './admin-query-keys.ts';

/**
 * POST /api/admin/withdrawals/approve {id}: a payout held for review goes to the bank at once
 * (REVIEW → REQUESTED, then Sending and Paid on its own). 409 when it is not in review, or when
 * payouts are paid by hand.
 */
export function approveWithdrawal(input: { id: string }): Promise<AdminWithdrawal> {
  return apiRequest('/api/admin/withdrawals/approve', { method: 'POST', body: input, schema: adminWithdrawal });
}

export function useApproveWithdrawal() {
  const queryClient = useQueryClient();
  const reload = () => queryClient.invalidateQueries({ queryKey: adminQueryKeys.all });
  return useMutation({
    mutationFn: approveWithdrawal,
    onSuccess: (approved) => {
      // The row changes at once, before the reload answers; the Dashboard's totals and the audit
      // log change too.
      queryClient.setQueryData<{ items: AdminWithdrawal[] }>(adminQueryKeys.withdrawals, (list) =>
        list === undefined
          ? list
          : { items: list.items.map((withdrawal) => (withdrawal.id === approved.id ? approved : withdrawal)) },
      );
      void reload();
    },
    // Someone (another tab, another admin, the creator cancelling) moved it first: show how it is now.
    onError: (error) => {
      if (error instanceof ApiError && error.code === 'CONFLICT') void reload();
    },
  });
}
