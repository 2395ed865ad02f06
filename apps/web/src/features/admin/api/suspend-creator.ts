import { adminCreator, type AdminCreator } from '@kholo/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { adminQueryKeys } from './admin-query-keys.ts';

/** POST /api/admin/creators/suspend {id, reason}: the creator’s page goes and uploads are refused. */
export function suspendCreator(input: { id: string; reason: string }): Promise<AdminCreator> {
  return apiRequest('/api/admin/creators/suspend', { method: 'POST', body: input, schema: adminCreator });
}

export function useSuspendCreator() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: suspendCreator,
    // The open list, the Dashboard's totals and the audit log all change.
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: adminQueryKeys.all });
    },
  });
}
