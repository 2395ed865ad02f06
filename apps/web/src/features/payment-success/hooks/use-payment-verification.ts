import { PAYMENT_MESSAGES, verifyDelayMs, type VerifyPaymentResponse } from '@kholo/contracts';
import { useQuery, useQueryClient, type Query, type QueryState } from '@tanstack/react-query';
import { useCallback, useState, useSyncExternalStore } from 'react';
import { ApiError } from '../../../lib/api-error.ts';
import { refreshAccess } from '../../catalog/index.ts';
import {
  PAYMENT_DECLINED_MESSAGE,
  PAYMENT_EXPIRED_MESSAGE,
  PAYMENT_REFUNDED_MESSAGE,
  verifyPayment,
} from '../../payments/index.ts';

export type Verification =
  /** `attempts`: how many answers so far said "not yet" (or could not be had). */
  | { kind: 'checking'; attempts: number }
  /** The server does not know who is asking (401, no session and no checkout cookie): she logs in. */
  | { kind: 'login' }
  /**
   * `checkoutEmail`: a visitor's order asked through its checkout cookie (ADR 022); she enters the
   * code sent there to open the item. Null for a signed-in fan.
   */
  | { kind: 'paid'; contentId: string; expiresAt: number | null; checkoutEmail: string | null }
  /** She cancelled: nothing was charged, nothing went wrong. `checkoutEmail` as for 'paid'. */
  | { kind: 'cancelled'; contentId: string; checkoutEmail: string | null }
  /**
   * `declined` / `expired`: the provider's final word, so the fan may pay again; `refunded`: money
   * arrived but could not buy the item and goes back by itself; `exhausted`: all attempts said
   * PENDING, worth checking again later; `refused`: the server refused the question.
   */
  | {
      kind: 'failed';
      reason: 'declined' | 'refunded' | 'expired' | 'exhausted' | 'refused';
      message: string;
      contentId: string | null;
    };

/** Network trouble, our own 5xx, a rate limit or a garbled answer may pass; other refusals will not. */
function worthRetrying(error: ApiError): boolean {
  return error.status === 0 || error.status >= 500 || error.code === 'RATE_LIMITED' || error.code === 'INTERNAL';
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
      return { kind: 'failed', reason: 'refused', message: error.message, contentId: null };
    }
  } else if (state.status === 'success' && state.data) {
    const { status, contentId, failure } = state.data;
    switch (status) {
      case 'PAID':
        return {
          kind: 'paid',
          contentId,
          expiresAt: state.data.expiresAt,
          checkoutEmail: state.data.checkoutEmail,
        };
      case 'FAILED':
        if (failure === 'cancelled') return { kind: 'cancelled', contentId, checkoutEmail: state.data.checkoutEmail };
        if (failure === 'refunded') {
          return { kind: 'failed', reason: 'refunded', message: PAYMENT_REFUNDED_MESSAGE, contentId };
        }
        return { kind: 'failed', reason: 'declined', message: PAYMENT_DECLINED_MESSAGE, contentId };
      case 'EXPIRED':
        return { kind: 'failed', reason: 'expired', message: PAYMENT_EXPIRED_MESSAGE, contentId };
      case 'PENDING':
        break;
    }
  }
  if (attempts > 0 && verifyDelayMs(attempts + 1) === null) {
    return {
      kind: 'failed',
      reason: 'exhausted',
      message: PAYMENT_MESSAGES.verificationFailed,
      contentId: state.data?.contentId ?? null,
    };
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
 * Asks the server about `orderId` at once, then backs off only while the order is still pending:
 * 1, 2, 4 … s before each retry, 9 attempts in all (SPEC §7, §9; the spec's 5 s first wait is
 * deliberately gone, DESIGN §7), stopping at the first final answer. TanStack Query polls:
 * `refetchInterval` is worked out again from each answer, so the wait runs from when the answer
 * came and a slow server never has two questions open.
 */
export function usePaymentVerification(orderId: string) {
  const queryClient = useQueryClient();
  // A new round starts the schedule again, at once: after a login, or 'Check again'.
  const [round, setRound] = useState(0);
  const queryKey = ['payment-verification', orderId, round];
  useQuery({
    queryKey,
    // Without the abort signal: React's development double mount would cancel the first
    // question and ask again, and a question already sent is cheaper to let finish anyway.
    queryFn: async () => {
      const answer = await verifyPayment(orderId);
      if (answer.status === 'PAID') void refreshAccess(queryClient);
      return answer;
    },
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

  /** Starts checking again, at once. */
  const restart = useCallback(() => {
    setRound((current) => current + 1);
  }, []);

  // The query's own state, which counts the answers so far, read as each answer arrives.
  const queryState = useSyncExternalStore(
    useCallback((onChange) => queryClient.getQueryCache().subscribe(onChange), [queryClient]),
    () => queryClient.getQueryState<VerifyPaymentResponse>(queryKey),
  );

  return { state: verificationFrom(queryState), restart };
}
