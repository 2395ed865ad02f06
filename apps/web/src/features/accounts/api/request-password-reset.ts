import { passwordResetRequested, type PasswordResetRequested, type PasswordResetRequestInput } from '@kholo/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** POST /api/auth/request-password-reset. The same answer whether or not the email has an account. */
export function requestPasswordReset(input: PasswordResetRequestInput): Promise<PasswordResetRequested> {
  return apiRequest('/api/auth/request-password-reset', {
    method: 'POST',
    body: input,
    schema: passwordResetRequested,
  });
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
