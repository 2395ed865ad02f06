import { emailListAnswer, type EmailListAnswer, type EmailListInput } from '@kholo/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** POST /api/email/resubscribe: undoes an unsubscribe with the same token. */
export function resubscribe(input: EmailListInput): Promise<EmailListAnswer> {
  return apiRequest('/api/email/resubscribe', { method: 'POST', body: input, schema: emailListAnswer });
}

export function useResubscribe() {
  return useMutation({ mutationFn: resubscribe });
}
