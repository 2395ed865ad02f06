import { safetyQueue, type SafetyQueue } from '@kholo/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { ADMIN_QUERY_OPTIONS, adminQueryKeys } from './admin-query-keys.ts';

/**
 * GET /api/admin/reports: the takedown queue (issue 24). Open tickets first by deadline, then the
 * latest decided ones; each with the actions the admin may take now, and the counts.
 */
export function getAdminReports(signal?: AbortSignal): Promise<SafetyQueue> {
  return apiRequest('/api/admin/reports', signal ? { schema: safetyQueue, signal } : { schema: safetyQueue });
}

export function useAdminReports() {
  return useQuery({
    queryKey: adminQueryKeys.reports,
    queryFn: ({ signal }) => getAdminReports(signal),
    ...ADMIN_QUERY_OPTIONS,
  });
}
