import { adminPaymentList, type AdminPayment } from '@kholo/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { ADMIN_QUERY_OPTIONS, adminQueryKeys } from './admin-query-keys.ts';

/** GET /api/admin/payments: the latest orders by createdAt, newest first. */
export function getAdminPayments(signal?: AbortSignal): Promise<{ items: AdminPayment[] }> {
  return apiRequest(
    '/api/admin/payments',
    signal ? { schema: adminPaymentList, signal } : { schema: adminPaymentList },
  );
}

export function useAdminPayments() {
  return useQuery({
    queryKey: adminQueryKeys.payments,
    queryFn: ({ signal }) => getAdminPayments(signal),
    ...ADMIN_QUERY_OPTIONS,
  });
}
