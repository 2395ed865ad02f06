import { PAYMENT_MESSAGES, verifyDelayMs, type VerifyPaymentResponse } from '@kholo/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { ApiError } from '../../../lib/api-error.ts';
import { meQueryKey } from '../../accounts/api/get-me.ts';
import { refreshAccess } from '../../payments/api/refresh-access.ts';
import { verifyPayment } from '../api/verify-payment.ts';

export const PAYMENT_DECLINED_MESSAGE = 'The payment was not completed.';
export const PAYMENT_EXPIRED_MESSAGE = 'This payment session expired.';

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

/**
 * Asks the server about `orderId` on the spec's schedule (SPEC §7, §9): 5 s before the first of 9
 * attempts, then 1, 2, 4 … s before each retry, stopping at the first final answer. Each attempt is
 * scheduled once the previous answer is in, so a slow server never has two questions open.
 * StrictMode's second effect run finds the first run's timer already cleared.
 */
export function usePaymentVerification(orderId: string) {
  const queryClient = useQueryClient();
  const [state, setState] = useState<Verification>({ kind: 'checking', attempts: 0 });
  // A new round starts the schedule again: after a login, or 'Check again'. Those follow a
  // person's action, so their first attempt goes at once rather than after the 5 s wait.
  const [round, setRound] = useState({ id: 0, immediate: false });

  useEffect(() => {
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;

    const finish = (next: Verification) => {
      if (!controller.signal.aborted) setState(next);
    };

    const schedule = (attempt: number) => {
      const delay = attempt === 1 && round.immediate ? 0 : verifyDelayMs(attempt);
      if (delay === null) {
        finish({ kind: 'failed', reason: 'exhausted', message: PAYMENT_MESSAGES.verificationFailed });
        return;
      }
      timer = setTimeout(() => {
        void ask(attempt);
      }, delay);
    };

    const ask = async (attempt: number) => {
      let answer: VerifyPaymentResponse;
      try {
        answer = await verifyPayment(orderId, controller.signal);
      } catch (error) {
        if (controller.signal.aborted) return;
        if (error instanceof ApiError && error.code === 'UNAUTHENTICATED') {
          // The session ended: let the header (and everything else) know too.
          void queryClient.invalidateQueries({ queryKey: meQueryKey });
          finish({ kind: 'login' });
        } else if (error instanceof ApiError && !worthRetrying(error)) {
          // 404 'Order not found.' (unknown, or another fan's order), a malformed order id…
          finish({ kind: 'failed', reason: 'refused', message: error.message });
        } else {
          finish({ kind: 'checking', attempts: attempt });
          schedule(attempt + 1);
        }
        return;
      }
      if (controller.signal.aborted) return;
      switch (answer.status) {
        case 'PAID':
          void refreshAccess(queryClient);
          finish({ kind: 'paid', contentId: answer.contentId, expiresAt: answer.expiresAt });
          return;
        case 'FAILED':
          finish({ kind: 'failed', reason: 'declined', message: PAYMENT_DECLINED_MESSAGE });
          return;
        case 'EXPIRED':
          finish({ kind: 'failed', reason: 'expired', message: PAYMENT_EXPIRED_MESSAGE });
          return;
        case 'PENDING':
          finish({ kind: 'checking', attempts: attempt });
          schedule(attempt + 1);
      }
    };

    schedule(1);
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [orderId, round, queryClient]);

  /** Starts checking again, at once. */
  const restart = useCallback(() => {
    setState({ kind: 'checking', attempts: 0 });
    setRound((current) => ({ id: current.id + 1, immediate: true }));
  }, []);

  return { state, restart };
}
