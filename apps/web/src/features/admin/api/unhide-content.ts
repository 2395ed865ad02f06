import { adminContent, type AdminContent } from '@kholo/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { adminQueryKeys } from './admin-query-keys.ts';

/** POST /api/admin/contents/unhide {id}: the item is back on its creator’s page. */
export function unhideContent(input: { id: string }): Promise<AdminContent> {
  return apiRequest('/api/admin/contents/unhide', { method: 'POST', body: input, schema: adminContent });
}

export function useUnhideContent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: unhideContent,
    // The open list, the Dashboard's totals and the audit log all change.
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: adminQueryKeys.all });
    },
  });
}
