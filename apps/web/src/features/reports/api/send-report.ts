import { ticketReceipt, type ReportInput, type TicketReceipt } from '@kholo/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/**
 * POST /api/reports {contentId | creatorHandle, reason, details?, originalUrl?, email?}: anyone,
 * signed in or not. 201 with the ticket, its lane and deadline, and the token that lets this
 * reporter add details afterwards. 400 with fieldErrors, 404 (no such item or creator), 409 (taken
 * down already, her own item or page) and 429 (too many from her network) come with a message to
 * show as it is.
 */
export function sendReport(input: ReportInput): Promise<TicketReceipt> {
  return apiRequest('/api/reports', { method: 'POST', body: input, schema: ticketReceipt });
}

export function useSendReport() {
  return useMutation({ mutationFn: sendReport });
}
