import { ticketReceipt, type ReportDetailsInput, type TicketReceipt } from '@kholo/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export interface AddReportDetailsInput {
  ticket: string;
  body: ReportDetailsInput;
}

/**
 * POST /api/reports/{ticket}/details {amendToken, details?, originalUrl?, email?}: what a reporter
 * adds after a two-tap report, once and within the hour (REPORT_AMEND_WINDOW_MS). 409 once used or
 * too late (SAFETY_MESSAGES.amendClosed).
 */
export function addReportDetails({ ticket, body }: AddReportDetailsInput): Promise<TicketReceipt> {
  return apiRequest(`/api/reports/${encodeURIComponent(ticket)}/details`, {
    method: 'POST',
    body,
    schema: ticketReceipt,
  });
}

export function useAddReportDetails() {
  return useMutation({ mutationFn: addReportDetails });
}
