import { accountDeleted, type AccountDeleted, type AccountDeleteInput } from '@kholo/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** POST /api/account/delete: deletes the signed-in account (ADR 024); its session ends with it. */
export function deleteAccount(input: AccountDeleteInput): Promise<AccountDeleted> {
  return apiRequest('/api/account/delete', { method: 'POST', body: input, schema: accountDeleted });
}

export function useDeleteAccount() {
  return useMutation({ mutationFn: deleteAccount });
}
