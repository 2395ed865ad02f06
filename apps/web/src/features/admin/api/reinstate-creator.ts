import { adminCreator, type AdminCreator } from '@kholo/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { adminQueryKeys } from './admin-query-keys.ts';

/** POST /api/admin/creators/reinstate {id}: the creator’s page and uploads are back. */
export function reinstateCreator(input: { id: string }): Promise<AdminCreator> {
  return apiRequest('/api/admin/creators/reinstate', { method: 'POST', body: input, schema: adminCreator });
}

export function useReinstateCreator() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reinstateCreator,
    // The open list, the Dashboard's totals and the audit log all change.
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: adminQueryKeys.all });
    },
  });
}
