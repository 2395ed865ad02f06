import { adminDisputeList, type AdminDispute } from '@kholo/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { ADMIN_QUERY_OPTIONS, adminQueryKeys } from './admin-query-keys.ts';

/** GET /api/admin/disputes: open ones first (by respond-by), then the latest closed. */
export function getAdminDisputes(signal?: AbortSignal): Promise<{ items: AdminDispute[] }> {
  return apiRequest(
    '/api/admin/disputes',
    signal ? { schema: adminDisputeList, signal } : { schema: adminDisputeList },
  );
}

export function useAdminDisputes() {
  return useQuery({
    queryKey: adminQueryKeys.disputes,
    queryFn: ({ signal }) => getAdminDisputes(signal),
    ...ADMIN_QUERY_OPTIONS,
  });
}
