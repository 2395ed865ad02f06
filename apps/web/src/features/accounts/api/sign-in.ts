import { me, type Me, type SignInInput } from '@kholo/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { storeMe } from './get-me.ts';

/**
 * POST /api/auth/sign-in/email. `role` names the door: 'creator' and 'fan' also make the
 * account one (a creator logging in through the fan dialog becomes a fan too); 'admin' is the
 * /admin form, refused with FORBIDDEN for anyone but the admin.
 */
export function signIn(input: SignInInput): Promise<Me> {
  return apiRequest('/api/auth/sign-in/email', { method: 'POST', body: input, schema: me });
}

export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signIn,
    onSuccess: (answer) => {
      storeMe(queryClient, answer);
    },
  });
}
