import { contactMessageCreated, type ContactMessageCreated, type ContactMessageInput } from '@kholo/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** POST /api/contact: stores the message for the support team. */
export function sendContactMessage(input: ContactMessageInput): Promise<ContactMessageCreated> {
  return apiRequest('/api/contact', { method: 'POST', body: input, schema: contactMessageCreated });
}

export function useSendContactMessage() {
  return useMutation({ mutationFn: sendContactMessage });
}
