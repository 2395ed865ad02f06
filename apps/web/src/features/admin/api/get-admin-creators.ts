import { adminCreatorList, type AdminCreator } from '@kholo/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { ADMIN_QUERY_OPTIONS, adminQueryKeys } from './admin-query-keys.ts';

/** GET /api/admin/creators: creators, newest first, with balances and suspensions. */
export function getAdminCreators(signal?: AbortSignal): Promise<{ items: AdminCreator[] }> {
  return apiRequest(
    '/api/admin/creators',
    signal ? { schema: adminCreatorList, signal } : { schema: adminCreatorList },
  );
}

export function useAdminCreators() {
  return useQuery({
    queryKey: adminQueryKeys.creators,
    queryFn: ({ signal }) => getAdminCreators(signal),
    ...ADMIN_QUERY_OPTIONS,
  });
}
