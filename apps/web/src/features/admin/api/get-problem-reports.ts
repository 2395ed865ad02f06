import { adminProblemReportList, type AdminProblemReport } from '@kholo/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { ADMIN_QUERY_OPTIONS, adminQueryKeys } from './admin-query-keys.ts';

/** GET /api/admin/problem-reports: fans' tickets, open ones first, then the latest answered. */
export function getProblemReports(signal?: AbortSignal): Promise<{ items: AdminProblemReport[] }> {
  return apiRequest(
    '/api/admin/problem-reports',
    signal ? { schema: adminProblemReportList, signal } : { schema: adminProblemReportList },
  );
}

export function useProblemReports() {
  return useQuery({
    queryKey: adminQueryKeys.problemReports,
    queryFn: ({ signal }) => getProblemReports(signal),
    ...ADMIN_QUERY_OPTIONS,
  });
}
