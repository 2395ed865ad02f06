import { PAYMENT_MESSAGES, verifyDelayMs, type VerifyPaymentResponse } from '@kholo/contracts';
import { useQuery, useQueryClient, type Query, type QueryState } from '@tanstack/react-query';
import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import { ApiError } from '../../../lib/api-error.ts';
import { refreshAccess } from '../../catalog/index.ts';
import { verifyPayment } from '../api/verify-payment.ts';

export const PAYMENT_DECLINED_MESSAGE = 'The payment was not completed.';
/**
 * A payment begun before the expiry may still succeed after it (ADR 017): the server keeps asking
 * for a day, settles it, and the receipt goes out by email.
 */
export const PAYMENT_EXPIRED_MESSAGE =
  'This payment session expired. If your bank still confirms a payment you made, the item unlocks for you and we email your receipt.';

export type Verification =
  /** `attempts`: how many answers so far said "not yet" (or could not be had). */
  | { kind: 'checking'; attempts: number }
  /** The server does not know who is asking (401): the fan logs in, then checking resumes. */
  | { kind: 'login' }
  | { kind: 'paid'; contentId: string; expiresAt: number | null }
  /**
   * `declined` / `expired`: the provider's final word, so the fan may pay again; `exhausted`: all
   * attempts said PENDING, worth checking again later; `refused`: the server refused the question.
   */
  | { kind: 'failed'; reason: 'declined' | 'expired' | 'exhausted' | 'refused'; message: string };

/** Network trouble, our own 5xx, a rate limit or a garbled answer may pass; other refusals will not. */
function worthRetrying(error: ApiError): boolean {
  return error.status === 0 || error.status >= 500 || error.code === 'RATE_LIMITED' || error.code === 'INTERNAL';
}

function answered(state: QueryState<VerifyPaymentResponse>): boolean {
  return state.dataUpdateCount + state.errorUpdateCount > 0;
}

/** What the answers so far add up to. */
function verificationFrom(state: QueryState<VerifyPaymentResponse> | undefined): Verification {
  if (!state) return { kind: 'checking', attempts: 0 };
  const attempts = state.dataUpdateCount + state.errorUpdateCount;
  // The latest answer decides: a success clears the error, an error keeps the last data.
  if (state.status === 'error') {
    const { error } = state;
    // The session ended: the query client's error handler tells the header (and everything else).
    if (error instanceof ApiError && error.code === 'UNAUTHENTICATED') return { kind: 'login' };
    // 404 'Order not found.' (unknown, or another fan's order), a malformed order id…
    if (error instanceof ApiError && !worthRetrying(error)) {
      return { kind: 'failed', reason: 'refused', message: error.message };
    }
  } else if (state.status === 'success' && state.data) {
    switch (state.data.status) {
      case 'PAID':
        return { kind: 'paid', contentId: state.data.contentId, expiresAt: state.data.expiresAt };
      case 'FAILED':
        return { kind: 'failed', reason: 'declined', message: PAYMENT_DECLINED_MESSAGE };
      case 'EXPIRED':
        return { kind: 'failed', reason: 'expired', message: PAYMENT_EXPIRED_MESSAGE };
      case 'PENDING':
        break;
    }
  }
  if (attempts > 0 && verifyDelayMs(attempts + 1) === null) {
    return { kind: 'failed', reason: 'exhausted', message: PAYMENT_MESSAGES.verificationFailed };
  }
  return { kind: 'checking', attempts };
}

/** The wait before the next attempt, or false once there is nothing more to ask. */
function nextAttemptIn(query: Query<VerifyPaymentResponse>): number | false {
  const verification = verificationFrom(query.state);
  if (verification.kind !== 'checking') return false;
  return verifyDelayMs(verification.attempts + 1) ?? false;
}

/**
 * Asks the server about `orderId` on the spec's schedule (SPEC §7, §9): 5 s before the first of 9
 * attempts, then 1, 2, 4 … s before each retry, stopping at the first final answer. TanStack Query
 * polls: `refetchInterval` is worked out again from each answer, so the wait runs from when the
 * answer came and a slow server never has two questions open.
 */
export function usePaymentVerification(orderId: string) {
  const queryClient = useQueryClient();
  // A new round starts the schedule again: after a login, or 'Check again'. Those follow a
  // person's action, so their first attempt goes at once rather than after the 5 s wait.
  const [round, setRound] = useState({ id: 0, immediate: false });
  const queryKey = ['payment-verification', orderId, round.id];
  const { refetch } = useQuery({
    queryKey,
    queryFn: async ({ signal }) => {
      const answer = await verifyPayment(orderId, signal);
      if (answer.status === 'PAID') void refreshAccess(queryClient);
      return answer;
    },
    // Polling starts with the first answer; the first question waits for the timer below.
    enabled: (query) => round.immediate || answered(query.state),
    refetchInterval: nextAttemptIn,
    // The schedule is the spec's, whatever the window or the network does meanwhile.
    refetchIntervalInBackground: true,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
    retry: false,
    // Every visit checks afresh: a remembered answer could be an old "not yet".
    gcTime: 0,
    // The page reads the query's own state instead (below).
    notifyOnChangeProps: [],
  });

  useEffect(() => {
    if (round.immediate) return;
    const timer = setTimeout(
      () => {
        void refetch();
      },
      verifyDelayMs(1) ?? 0,
    );
    return () => {
      clearTimeout(timer);
    };
  }, [round.immediate, refetch]);

  /** Starts checking again, at once. */
  const restart = useCallback(() => {
    setRound((current) => ({ id: current.id + 1, immediate: true }));
  }, []);

  // The query's own state, which counts the answers so far, read as each answer arrives.
  const queryState = useSyncExternalStore(
    useCallback((onChange) => queryClient.getQueryCache().subscribe(onChange), [queryClient]),
    () => queryClient.getQueryState<VerifyPaymentResponse>(queryKey),
  );

  return { state: verificationFrom(queryState), restart };
}
