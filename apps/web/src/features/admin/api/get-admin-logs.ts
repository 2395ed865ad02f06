import { adminLogs, type AdminLogs } from '@kholo/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { ADMIN_QUERY_OPTIONS, adminQueryKeys } from './admin-query-keys.ts';

/** GET /api/admin/logs: the payment provider's events and the admin's own actions, newest first. */
export function getAdminLogs(signal?: AbortSignal): Promise<AdminLogs> {
  return apiRequest('/api/admin/logs', signal ? { schema: adminLogs, signal } : { schema: adminLogs });
}

export function useAdminLogs() {
  return useQuery({
    queryKey: adminQueryKeys.logs,
    queryFn: ({ signal }) => getAdminLogs(signal),
    ...ADMIN_QUERY_OPTIONS,
  });
}
