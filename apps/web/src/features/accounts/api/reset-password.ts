import { passwordResetRequested, type PasswordResetInput, type PasswordResetRequested } from '@kholo/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** POST /api/auth/reset-password: sets a new password with the emailed token (single use, 30 minutes). */
export function resetPassword(input: PasswordResetInput): Promise<PasswordResetRequested> {
  // The answer is `{ message }`, the same shape as the reset request's.
  return apiRequest('/api/auth/reset-password', { method: 'POST', body: input, schema: passwordResetRequested });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
