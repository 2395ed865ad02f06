import { problemReportResponse, type ProblemReport } from '@kholo/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { adminQueryKeys } from './admin-query-keys.ts';

/** POST /api/admin/problem-reports/close {ticket, resolution}: answered without a refund; the fan is emailed the answer. */
export async function closeProblemReport(input: { ticket: string; resolution: string }): Promise<ProblemReport> {
  const { report } = await apiRequest('/api/admin/problem-reports/close', {
    method: 'POST',
    body: input,
    schema: problemReportResponse,
  });
  return report;
}

export function useCloseProblemReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: closeProblemReport,
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: adminQueryKeys.all });
    },
  });
}
