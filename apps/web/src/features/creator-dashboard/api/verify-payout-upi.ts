import { verifyPayoutUpiResponse, type VerifyPayoutUpiInput, type VerifyPayoutUpiResponse } from '@kholo/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/**
 * POST /api/studio/payout-account/verify: the name the bank gives for a UPI ID's holder, and
 * whether it resembles `legalName`. Nothing is saved. 400 with `fields.upiId` for an ID no bank
 * answers to; 503 when the bank cannot be asked; 429 after 20 checks in an hour.
 */
export function verifyPayoutUpi(input: VerifyPayoutUpiInput): Promise<VerifyPayoutUpiResponse> {
  return apiRequest('/api/studio/payout-account/verify', {
    method: 'POST',
    body: input,
    schema: verifyPayoutUpiResponse,
  });
}

export function useVerifyPayoutUpi() {
  return useMutation({ mutationFn: verifyPayoutUpi });
}
