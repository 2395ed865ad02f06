import { PAYMENT_FAILURES, PAYMENT_STATUSES, type VerifyPaymentResponse } from '@kholo/contracts';
import { apiRequest, isRecord } from '../../../lib/api-client.ts';
import { ApiError, UNEXPECTED_ERROR_MESSAGE } from '../../../lib/api-error.ts';

/*
 * The unlock dialog and /payment-success (where a fan lands from the checkout, often on a phone)
 * load no zod (ADR 007): the contracts' verifyPaymentResponse is mirrored by this outline check.
 */
function looksLikeVerification(value: unknown): value is VerifyPaymentResponse {
  return (
    isRecord(value) &&
    (PAYMENT_STATUSES as readonly unknown[]).includes(value.status) &&
    typeof value.orderId === 'string' &&
    typeof value.contentId === 'string' &&
    Number.isSafeInteger(value.amountPaise) &&
    (value.expiresAt === null || (typeof value.expiresAt === 'number' && Number.isFinite(value.expiresAt))) &&
    (value.failure === null || (PAYMENT_FAILURES as readonly unknown[]).includes(value.failure)) &&
    (value.checkoutEmail === null || typeof value.checkoutEmail === 'string')
  );
}

export function checkVerifyPaymentResponse(body: unknown): VerifyPaymentResponse {
  if (!looksLikeVerification(body)) throw new ApiError('INTERNAL', UNEXPECTED_ERROR_MESSAGE, 200);
  return body;
}

/**
 * POST /api/payment/verify-payment: what the server knows about an order of the signed-in fan, or
 * of the visitor whose browser made it (its checkout cookie, ADR 022). It settles the order itself
 * when the provider says PAID; the browser never credits anything.
 */
export async function verifyPayment(orderId: string, signal?: AbortSignal): Promise<VerifyPaymentResponse> {
  const body = await apiRequest<unknown>('/api/payment/verify-payment', {
    method: 'POST',
    body: { order_id: orderId },
    ...(signal ? { signal } : {}),
  });
  return checkVerifyPaymentResponse(body);
}
