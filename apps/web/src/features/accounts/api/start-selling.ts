import { me, type Me, type StartSellingInput } from '@kholo/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { storeMe } from './get-me.ts';

/**
 * POST /api/creators/start-selling: the signed-in account, asked "Start selling on Kholo?", said
 * yes; it becomes a creator with the handle she chose, and keeps whatever else it was.
 */
export function startSelling(input: StartSellingInput): Promise<Me> {
  return apiRequest('/api/creators/start-selling', { method: 'POST', body: input, schema: me });
}

export function useStartSelling() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: startSelling,
    onSuccess: (answer) => {
      storeMe(queryClient, answer);
    },
  });
}
