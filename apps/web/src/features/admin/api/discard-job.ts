import { jobActionInput } from '@kholo/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiRequest } from '../../../lib/api-client.ts';
import { adminQueryKeys } from './admin-query-keys.ts';

/** POST /api/admin/jobs/discard {id}: deletes a job that is not running, for good. 409 otherwise. */
export function discardJob(input: { id: string }): Promise<{ id: string }> {
  return apiRequest('/api/admin/jobs/discard', { method: 'POST', body: input, schema: jobActionInput });
}

export function useDiscardJob() {
  const queryClient = useQueryClient();
  const reload = () => queryClient.invalidateQueries({ queryKey: adminQueryKeys.all });
  return useMutation({
    mutationFn: discardJob,
    // The job lists, their counts, the Dashboard's failed jobs and the audit log all change.
    onSuccess: () => {
      void reload();
    },
    // It started running, or someone discarded it first: show how things are now.
    onError: (error) => {
      if (error instanceof ApiError && error.code === 'CONFLICT') void reload();
    },
  });
}
