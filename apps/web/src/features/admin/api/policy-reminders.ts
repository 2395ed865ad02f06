import { policyReminderStatus, type PolicyReminderStatus } from '@kholo/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { ADMIN_QUERY_OPTIONS, adminQueryKeys } from './admin-query-keys.ts';

const POLICY_REMINDERS_KEY = [...adminQueryKeys.all, 'policy-reminders'] as const;
/** While a run goes, the card asks again this often to show its progress. */
export const POLICY_REMINDER_POLL_MS = 3000;

/** GET /api/admin/policy-reminders: the last run of the rules' reminder and when the next is due. */
export function getPolicyReminders(signal?: AbortSignal): Promise<PolicyReminderStatus> {
  return apiRequest('/api/admin/policy-reminders', { schema: policyReminderStatus, ...(signal ? { signal } : {}) });
}

export function usePolicyReminders() {
  return useQuery({
    queryKey: POLICY_REMINDERS_KEY,
    queryFn: ({ signal }) => getPolicyReminders(signal),
    ...ADMIN_QUERY_OPTIONS,
    refetchInterval: (query) => (query.state.data?.lastRun?.finishedAt === null ? POLICY_REMINDER_POLL_MS : false),
  });
}

/** POST /api/admin/policy-reminders: sends the reminder to everyone, in batches. 409 while a run goes. */
export function useStartPolicyReminder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiRequest('/api/admin/policy-reminders', { method: 'POST', body: {}, schema: policyReminderStatus }),
    onSuccess: (status) => {
      queryClient.setQueryData(POLICY_REMINDERS_KEY, status);
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: POLICY_REMINDERS_KEY });
    },
  });
}
