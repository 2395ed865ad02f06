import { adminContent, type AdminContent } from '@kholo/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { adminQueryKeys } from './admin-query-keys.ts';

/** POST /api/admin/contents/hide {id, reason}: the item leaves every public list until the admin unhides it. */
export function hideContent(input: { id: string; reason: string }): Promise<AdminContent> {
  return apiRequest('/api/admin/contents/hide', { method: 'POST', body: input, schema: adminContent });
}

export function useHideContent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: hideContent,
    // The open list, the Dashboard's totals and the audit log all change.
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: adminQueryKeys.all });
    },
  });
}
