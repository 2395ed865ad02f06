import {
  UPI_ATTEMPT_MINUTES,
  type CreateOrderInput,
  type CreateOrderResponse,
  type GuestOrderInput,
  type UpiChannel,
  type UpiPayment,
} from '@kholo/contracts';
import { useMutation, type UseMutationOptions } from '@tanstack/react-query';
import { ApiError, UNEXPECTED_ERROR_MESSAGE } from '../../../lib/api-error.ts';
import { createOrder } from '../api/create-order.ts';
import { startUpiPayment } from '../api/start-upi-payment.ts';

/**
 * A UPI attempt as the dialog shows it: its links or QR and until when this browser may show them,
 * or why there is none.
 */
export type UpiAttempt =
  { kind: 'ready'; payment: UpiPayment; showUntil: number } | { kind: 'failed'; message: string };

export interface PayInput {
  order: CreateOrderInput | GuestOrderInput;
  /** `link` on a phone, `qrcode` elsewhere (is-phone.ts). */
  channel: UpiChannel;
}

export interface OrderWithUpi {
  order: CreateOrderResponse;
  upi: UpiAttempt;
}

const ATTEMPT_MS = UPI_ATTEMPT_MINUTES * 60_000;

/** A new UPI attempt on an order, or the reason it could not be had (the order itself stands). */
export async function startUpiAttempt(orderId: string, channel: UpiChannel): Promise<UpiAttempt> {
  try {
    const payment = await startUpiPayment({ order_id: orderId, channel });
    // The server's expiry, read on this device's clock; a clock running slow would otherwise
    // show a QR as payable for longer than an attempt ever lasts.
    return { kind: 'ready', payment, showUntil: Math.min(payment.expiresAt, Date.now() + ATTEMPT_MS) };
  } catch (error) {
    return { kind: 'failed', message: error instanceof ApiError ? error.message : UNEXPECTED_ERROR_MESSAGE };
  }
}

type PayHandlers = Pick<UseMutationOptions<OrderWithUpi, unknown, PayInput>, 'onSuccess' | 'onError'>;

/**
 * A press of Pay as one mutation: the order (POST /api/payment/order), then its first UPI attempt
 * (POST /api/payment/upi), so the dialog's next step shows the apps or the QR at once. An order
 * refused is the mutation's error; a UPI attempt refused is not: cards and net banking still work
 * on the order, and the step offers to ask again. It stays pending until the handlers given here
 * have finished (TanStack Query awaits them), so reading a changed price again keeps it pending too.
 */
export function usePay(handlers: PayHandlers) {
  return useMutation({
    mutationFn: async ({ order: input, channel }: PayInput): Promise<OrderWithUpi> => {
      const order = await createOrder(input);
      return { order, upi: await startUpiAttempt(order.order_id, channel) };
    },
    ...handlers,
  });
}
