import type { EmailCodeRequestInput, EmailCodeSent } from '@kholo/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest, isRecord } from '../../../lib/api-client.ts';
import { ApiError, UNEXPECTED_ERROR_MESSAGE } from '../../../lib/api-error.ts';

/** The contracts' emailCodeSent, outline-checked: the code form loads no zod (see sign-in-with-code.ts). */
function looksLikeCodeSent(value: unknown): value is EmailCodeSent {
  return (
    isRecord(value) &&
    typeof value.message === 'string' &&
    typeof value.email === 'string' &&
    Number.isSafeInteger(value.expiresInMinutes)
  );
}

/**
 * POST /api/auth/email-code: sends a sign-in code to the address. The same answer whether or not
 * the email has an account, so the form cannot be used to find accounts.
 */
export async function requestEmailCode(input: EmailCodeRequestInput): Promise<EmailCodeSent> {
  const body = await apiRequest<unknown>('/api/auth/email-code', { method: 'POST', body: input });
  if (!looksLikeCodeSent(body)) throw new ApiError('INTERNAL', UNEXPECTED_ERROR_MESSAGE, 200);
  return body;
}

export function useRequestEmailCode() {
  return useMutation({ mutationFn: requestEmailCode });
}
