import { adminWithdrawalList, type AdminWithdrawal } from '@kholo/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { ADMIN_QUERY_OPTIONS, adminQueryKeys } from './admin-query-keys.ts';

/** GET /api/admin/withdrawals: withdrawal requests, newest first. */
export function getAdminWithdrawals(signal?: AbortSignal): Promise<{ items: AdminWithdrawal[] }> {
  return apiRequest(
    '/api/admin/withdrawals',
    signal ? { schema: adminWithdrawalList, signal } : { schema: adminWithdrawalList },
  );
}

export function useAdminWithdrawals() {
  return useQuery({
    queryKey: adminQueryKeys.withdrawals,
    queryFn: ({ signal }) => getAdminWithdrawals(signal),
    ...ADMIN_QUERY_OPTIONS,
  });
}
