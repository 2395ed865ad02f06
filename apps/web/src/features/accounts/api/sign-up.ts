import { me, type Me, type SignUpInput } from '@kholo/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { storeMe } from './get-me.ts';

/** POST /api/auth/sign-up/email: creates the account (creator or fan) and signs it in. */
export function signUp(input: SignUpInput): Promise<Me> {
  return apiRequest('/api/auth/sign-up/email', { method: 'POST', body: input, schema: me });
}

export function useSignUp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signUp,
    onSuccess: (answer) => {
      storeMe(queryClient, answer);
    },
  });
}
