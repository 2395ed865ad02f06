import { adminContentList, type AdminContent } from '@kholo/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { ADMIN_QUERY_OPTIONS, adminQueryKeys } from './admin-query-keys.ts';

/** GET /api/admin/contents: the latest uploads, hidden ones included. */
export function getAdminContents(signal?: AbortSignal): Promise<{ items: AdminContent[] }> {
  return apiRequest(
    '/api/admin/contents',
    signal ? { schema: adminContentList, signal } : { schema: adminContentList },
  );
}

export function useAdminContents() {
  return useQuery({
    queryKey: adminQueryKeys.contents,
    queryFn: ({ signal }) => getAdminContents(signal),
    ...ADMIN_QUERY_OPTIONS,
  });
}
