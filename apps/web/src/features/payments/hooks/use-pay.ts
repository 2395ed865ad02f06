import type { CreateOrderInput } from '@kholo/contracts';
import { useMutation, type UseMutationOptions } from '@tanstack/react-query';
import { createOrder } from '../api/create-order.ts';
import { openCheckout, type CheckoutOutcome } from '../checkout.ts';

type PayHandlers = Pick<UseMutationOptions<CheckoutOutcome, unknown, CreateOrderInput>, 'onSuccess' | 'onError'>;

/**
 * A press of Pay as one mutation: the order (POST /api/payment/order), then the checkout it
 * opens (DESIGN §4 steps 1 and 2). It stays pending until the browser is on its way or the
 * checkout could not open, and until the handlers given here have finished: TanStack Query awaits
 * them before it settles, so reading a changed price again keeps it pending too. Its data stays
 * 'leaving' once the browser is on its way, until `reset()`.
 */
export function usePay(handlers: PayHandlers) {
  return useMutation({
    mutationFn: async (input: CreateOrderInput) => openCheckout(await createOrder(input)),
    ...handlers,
  });
}
