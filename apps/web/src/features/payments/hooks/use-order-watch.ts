import { useQuery, type Query } from '@tanstack/react-query';
import type { VerifyPaymentResponse } from '@kholo/contracts';
import { ApiError } from '../../../lib/api-error.ts';
import { verifyPayment } from '../api/verify-payment.ts';

/** How often the open dialog asks whether she has paid. */
export const ORDER_WATCH_INTERVAL_MS = 3000;

/** A refusal that asking again will not change (another's order, a lost checkout cookie). */
function refusedForGood(error: unknown): boolean {
  return error instanceof ApiError && error.status >= 400 && error.status < 500 && error.code !== 'RATE_LIMITED';
}

/**
 * Asks the server about the dialog's order every 3 s, and at once when the page is shown again
 * (she pays in her UPI app and comes back to the browser by hand), until `settled` says the
 * latest answer ends the wait. Only the server's answer ever says PAID.
 */
export function useOrderWatch(orderId: string, settled: (answer: VerifyPaymentResponse) => boolean) {
  const watching = (query: Query<VerifyPaymentResponse, Error, VerifyPaymentResponse>) => {
    const { data, error } = query.state;
    return !refusedForGood(error) && !(data && settled(data));
  };
  return useQuery({
    queryKey: ['unlock-order', orderId] as readonly unknown[],
    queryFn: ({ signal }) => verifyPayment(orderId, signal),
    refetchInterval: (query) => (watching(query) ? ORDER_WATCH_INTERVAL_MS : false),
    // A phone pauses the page while she is in her UPI app; the check on her return is what counts.
    refetchIntervalInBackground: false,
    refetchOnWindowFocus: (query) => (watching(query) ? 'always' : false),
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });
}
