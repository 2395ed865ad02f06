import type { CodeSignInInput, Me } from '@kholo/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { checkMe, storeMe } from './get-me.ts';

/**
 * POST /api/auth/sign-in/code: the code from the email signs her in, creating the account for an
 * address that has none (ADR 022). `role: 'fan'` makes her a fan; 'creator' never makes anyone a
 * creator by itself. The form sits on pages that load no zod (the unlock dialog, /payment-success),
 * so the answer is outline-checked like GET /api/me.
 */
export async function signInWithCode(input: CodeSignInInput): Promise<Me> {
  return checkMe(await apiRequest<unknown>('/api/auth/sign-in/code', { method: 'POST', body: input }));
}

/** Signs in with a code and records the new session exactly as a password login does. */
export function useSignInWithCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signInWithCode,
    onSuccess: (answer) => {
      storeMe(queryClient, answer);
    },
  });
}
