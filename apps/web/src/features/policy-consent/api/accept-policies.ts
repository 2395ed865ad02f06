import { me, type Me, PRIVACY_VERSION, TERMS_VERSION } from '@kholo/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { storeMe } from '../../accounts/index.ts';

/**
 * POST /api/account/accept-policies with the versions this page shows (the contracts' current
 * ones). A 409 means the server has newer ones than this page knows: the page must be reloaded.
 */
export function acceptPolicies(): Promise<Me> {
  return apiRequest('/api/account/accept-policies', {
    method: 'POST',
    body: { termsVersion: TERMS_VERSION, privacyVersion: PRIVACY_VERSION },
    schema: me,
  });
}

export function useAcceptPolicies() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: acceptPolicies,
    onSuccess: (answer) => {
      storeMe(queryClient, answer);
    },
  });
}
