import { emailListAnswer, type EmailListAnswer, type EmailListInput } from '@kholo/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** POST /api/email/unsubscribe: stops the list the emailed token names, for its account (no session needed). */
export function unsubscribe(input: EmailListInput): Promise<EmailListAnswer> {
  return apiRequest('/api/email/unsubscribe', { method: 'POST', body: input, schema: emailListAnswer });
}

export function useUnsubscribe() {
  return useMutation({ mutationFn: unsubscribe });
}
