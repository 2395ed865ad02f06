import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** POST /api/auth/sign-out: ends the session on the server and clears its cookie. */
export async function signOut(): Promise<void> {
  await apiRequest<unknown>('/api/auth/sign-out', { method: 'POST', body: {} });
}

export function useSignOut() {
  return useMutation({ mutationFn: signOut });
}
