import { jobActionInput } from '@kholo/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiRequest } from '../../../lib/api-client.ts';
import { adminQueryKeys } from './admin-query-keys.ts';

/** POST /api/admin/jobs/retry {id}: a failed job gets one more try, now. 409 when it is no longer failed. */
export function retryJob(input: { id: string }): Promise<{ id: string }> {
  return apiRequest('/api/admin/jobs/retry', { method: 'POST', body: input, schema: jobActionInput });
}

export function useRetryJob() {
  const queryClient = useQueryClient();
  const reload = () => queryClient.invalidateQueries({ queryKey: adminQueryKeys.all });
  return useMutation({
    mutationFn: retryJob,
    // The job lists, their counts, the Dashboard's failed jobs and the audit log all change.
    onSuccess: () => {
      void reload();
    },
    // Someone (another tab, another admin) retried or discarded it first: show how things are now.
    onError: (error) => {
      if (error instanceof ApiError && error.code === 'CONFLICT') void reload();
    },
  });
}
