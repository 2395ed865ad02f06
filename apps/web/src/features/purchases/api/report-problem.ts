import {
  problemReportResponse,
  type ProblemReport,
  type ProblemReportInput,
  type PurchasesResponse,
} from '@kholo/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { purchasesQueryKey } from './get-purchases.ts';

/**
 * POST /api/purchases/report {orderId, reason, message}: "Report a problem" on a purchase within
 * 24 hours of paying. 201 with the ticket; 404, 409 (already reported, too late, refunded) and 429
 * come with a message to show as it is.
 */
export async function reportProblem(input: ProblemReportInput): Promise<ProblemReport> {
  const { report } = await apiRequest('/api/purchases/report', {
    method: 'POST',
    body: input,
    schema: problemReportResponse,
  });
  return report;
}

export function useReportProblem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reportProblem,
    // The card shows the ticket at once (and no second Report button) while the list reloads.
    onSuccess: (report) => {
      queryClient.setQueryData<PurchasesResponse>(purchasesQueryKey, (data) =>
        data === undefined
          ? data
          : {
              items: data.items.map((item) =>
                item.orderId === report.orderId ? { ...item, report, canReport: false } : item,
              ),
            },
      );
    },
    // Either way her list has news: the ticket shows on the card, or the order moved on (409).
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: purchasesQueryKey });
    },
  });
}
