import { adminOverview, type AdminOverview } from '@kholo/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { ADMIN_QUERY_OPTIONS, adminQueryKeys } from './admin-query-keys.ts';

/** GET /api/admin/overview: counts and money for the Dashboard tab. */
export function getAdminOverview(signal?: AbortSignal): Promise<AdminOverview> {
  return apiRequest('/api/admin/overview', signal ? { schema: adminOverview, signal } : { schema: adminOverview });
}

export function useAdminOverview() {
  return useQuery({
    queryKey: adminQueryKeys.overview,
    queryFn: ({ signal }) => getAdminOverview(signal),
    ...ADMIN_QUERY_OPTIONS,
  });
}
