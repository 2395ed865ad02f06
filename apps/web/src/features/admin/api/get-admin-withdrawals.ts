import { adminWithdrawalList, type AdminWithdrawal } from '@kholo/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { ADMIN_QUERY_OPTIONS, adminQueryKeys } from './admin-query-keys.ts';

// An automatic payout moves on its own (queued, sent, paid within about a minute): while one is
// on its way the tab looks again this often, so an approved row does not stay at Sending.
const ON_ITS_WAY_REFRESH_MS = 5_000;

/** Queued to send or sent, and not waiting for the payout balance: it will change by itself soon. */
export function isOnItsWay(withdrawal: Pick<AdminWithdrawal, 'status' | 'waitingForFunds'>): boolean {
  return withdrawal.status === 'PROCESSING' || (withdrawal.status === 'REQUESTED' && !withdrawal.waitingForFunds);
}

/** GET /api/admin/withdrawals: withdrawal requests, newest first. */
export function getAdminWithdrawals(signal?: AbortSignal): Promise<{ items: AdminWithdrawal[] }> {
  return apiRequest(
    '/api/admin/withdrawals',
    signal ? { schema: adminWithdrawalList, signal } : { schema: adminWithdrawalList },
  );
}

/** `watch`: look again while a payout is on its way (automatic payouts; by hand nothing moves alone). */
export function useAdminWithdrawals({ watch }: { watch: boolean }) {
  return useQuery({
    queryKey: adminQueryKeys.withdrawals,
    queryFn: ({ signal }) => getAdminWithdrawals(signal),
    ...ADMIN_QUERY_OPTIONS,
    refetchInterval: (query) =>
      watch && query.state.data?.items.some(isOnItsWay) === true ? ON_ITS_WAY_REFRESH_MS : false,
  });
}
