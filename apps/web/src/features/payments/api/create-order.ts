import {
  CHECKOUT_MODES,
  type CreateOrderInput,
  type CreateOrderResponse,
  type GuestOrderInput,
} from '@kholo/contracts';
import { apiRequest, isRecord } from '../../../lib/api-client.ts';
import { ApiError, UNEXPECTED_ERROR_MESSAGE } from '../../../lib/api-error.ts';

/*
 * The unlock dialog opens on the creator and content pages, which load no zod (ADR 007), so the
 * contracts' createOrderResponse schema is mirrored by this outline check; the types still come
 * from @kholo/contracts.
 */
function looksLikeOrder(value: unknown): value is CreateOrderResponse {
  if (!isRecord(value) || !isRecord(value.checkout)) return false;
  const { mode, url } = value.checkout;
  return (
    typeof value.order_id === 'string' &&
    value.order_id !== '' &&
    typeof value.payment_session_id === 'string' &&
    typeof value.contentId === 'string' &&
    Number.isSafeInteger(value.amountPaise) &&
    value.currency === 'INR' &&
    (CHECKOUT_MODES as readonly unknown[]).includes(mode) &&
    (url === null || typeof url === 'string') &&
    (value.codeSentTo === null || typeof value.codeSentTo === 'string') &&
    // The simulator's checkout is a page of ours: without its address there is nowhere to go.
    (mode !== 'simulator' || typeof url === 'string')
  );
}

export function checkCreateOrderResponse(body: unknown): CreateOrderResponse {
  if (!looksLikeOrder(body)) throw new ApiError('INTERNAL', UNEXPECTED_ERROR_MESSAGE, 200);
  return body;
}

/**
 * POST /api/payment/order with the spec's payload (SPEC §3): `amount` is the price in rupees as
 * the fan saw it, which the server checks against the real price (PRICE_CHANGED if it moved). The
 * server takes the price, the fan and the creator from its own records (DESIGN §4). A visitor
 * adds her email (and maybe her name): the order is made for that email's account, and the
 * answer's `codeSentTo` says where her sign-in code went (ADR 022).
 */
export async function createOrder(input: CreateOrderInput | GuestOrderInput): Promise<CreateOrderResponse> {
  const body = await apiRequest<unknown>('/api/payment/order', { method: 'POST', body: input });
  return checkCreateOrderResponse(body);
}
