import { me, type Me, type SetPasswordInput } from '@kholo/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { storeMe } from './get-me.ts';

/**
 * POST /api/auth/set-password: an account made at checkout (it signs in with emailed codes)
 * chooses a password. Refused when the account already has one: that is changed by a reset.
 */
export function setPassword(input: SetPasswordInput): Promise<Me> {
  return apiRequest('/api/auth/set-password', { method: 'POST', body: input, schema: me });
}

export function useSetPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setPassword,
    onSuccess: (answer) => {
      storeMe(queryClient, answer);
    },
  });
}
