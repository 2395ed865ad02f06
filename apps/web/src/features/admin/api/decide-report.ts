import { safetyTicket, type DecideTicketInput, type SafetyTicket } from '@kholo/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { adminQueryKeys } from './admin-query-keys.ts';

export interface DecideReportInput {
  ticket: string;
  body: DecideTicketInput;
}

/**
 * POST /api/admin/reports/{ticket}/decide {action, note?}: remove, dismiss, suspend, restore, keep
 * or close. 400 with fieldErrors.note when remove or suspend come without one; 409 when someone
 * decided the ticket first.
 */
export function decideReport({ ticket, body }: DecideReportInput): Promise<SafetyTicket> {
  return apiRequest(`/api/admin/reports/${encodeURIComponent(ticket)}/decide`, {
    method: 'POST',
    body,
    schema: safetyTicket,
  });
}

export function useDecideReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: decideReport,
    // The queue, the Dashboard's counts, Content, Creators, Payments (refunds) and the audit log all
    // may change; a 409 means the queue is out of date too.
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: adminQueryKeys.all });
    },
  });
}
