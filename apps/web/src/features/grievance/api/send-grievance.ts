import { ticketReceipt, type grievanceInput, type GrievanceInput, type TicketReceipt } from '@kholo/contracts';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';

/** A complaint as the form's schema left it: trimmed, the email lower-cased, no link as null. */
export type GrievanceValues = z.output<typeof grievanceInput>;

/** POST /api/grievances: files a complaint with the Grievance Officer; the server emails its acknowledgement. */
export function sendGrievance(values: GrievanceValues): Promise<TicketReceipt> {
  const { link, ...rest } = values;
  // The schema reads "no link" as an absent field (or ""), never as null.
  const body: GrievanceInput = link === null || link === undefined ? rest : { ...rest, link };
  return apiRequest('/api/grievances', { method: 'POST', body, schema: ticketReceipt });
}

export function useSendGrievance() {
  return useMutation({ mutationFn: sendGrievance });
}
