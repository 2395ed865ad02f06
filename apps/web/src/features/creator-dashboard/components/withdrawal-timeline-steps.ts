import type { Withdrawal } from '@kholo/contracts';
import type { PayoutsMode } from '../../../lib/public-config.ts';
import { REVIEW_REASON_WORDS } from './payout-wording.ts';

/** done: it happened; current: it is happening now; next: what comes after; bad: it went wrong; ended: stopped, nothing wrong. */
export type StepState = 'done' | 'current' | 'next' | 'bad' | 'ended';

export interface TimelineStep {
  key: string;
  label: string;
  /** When it happened; null for a step with no time of its own (a review, what comes next). */
  at: number | null;
  /** A line under the label: the reasons for a review, the bank's reference, why it failed. */
  detail: string | null;
  state: StepState;
}

/**
 * A withdrawal's steps as the creator follows them (issue 21): Requested → In review → Approved →
 * Sent → Paid with the bank's reference, or how it ended (failed, returned by the bank, rejected,
 * cancelled); while it is on its way, the step still to come.
 */
export function withdrawalTimeline(withdrawal: Withdrawal, payoutsMode: PayoutsMode): TimelineStep[] {
  const { status } = withdrawal;
  const steps: TimelineStep[] = [
    { key: 'requested', label: 'Requested', at: withdrawal.requestedAt, detail: null, state: 'done' },
  ];
  if (withdrawal.reviewReasons.length > 0) {
    steps.push({
      key: 'review',
      label: 'In review',
      at: null,
      detail: withdrawal.reviewReasons.map((reason) => REVIEW_REASON_WORDS[reason]).join(' · '),
      state: status === 'REVIEW' ? 'current' : 'done',
    });
  }
  if (withdrawal.approvedAt !== null) {
    steps.push({ key: 'approved', label: 'Approved', at: withdrawal.approvedAt, detail: null, state: 'done' });
  }
  if (withdrawal.sentAt !== null) {
    steps.push({
      key: 'sent',
      label: status === 'PROCESSING' ? 'Sent to your bank' : 'Sent',
      at: withdrawal.sentAt,
      detail: null,
      state: status === 'PROCESSING' ? 'current' : 'done',
    });
  }
  // The bank's UTR for a transfer Kholo sent; by hand, whatever reference the team gave.
  const reference =
    withdrawal.paymentReference === null
      ? null
      : `${withdrawal.sentAt === null ? 'Payment reference:' : 'UTR'} ${withdrawal.paymentReference}`;
  const resolvedAt = withdrawal.resolvedAt;

  switch (status) {
    case 'REQUESTED':
      if (payoutsMode === 'manual') {
        steps.push({
          key: 'paid',
          label: 'Paid by Kholo’s team',
          at: null,
          detail: 'We email you when it is done',
          state: 'next',
        });
      } else {
        steps.push({
          key: 'paid',
          label: 'Paid',
          at: null,
          detail: withdrawal.waitingForFunds
            ? 'As soon as Kholo’s payout balance is topped up'
            : 'Usually within a minute',
          state: 'next',
        });
      }
      break;
    case 'REVIEW':
      steps.push({
        key: 'sent',
        label: 'Sent to your bank',
        at: null,
        detail: 'After our check, within 24 hours',
        state: 'next',
      });
      break;
    case 'PROCESSING':
      steps.push({ key: 'paid', label: 'Paid', at: null, detail: 'Usually within a minute', state: 'next' });
      break;
    case 'PAID':
      steps.push({ key: 'paid', label: 'Paid', at: resolvedAt, detail: reference, state: 'done' });
      break;
    case 'REVERSED':
      steps.push({ key: 'paid', label: 'Paid', at: resolvedAt, detail: reference, state: 'done' });
      steps.push({
        key: 'reversed',
        label: 'Returned by the bank',
        at: withdrawal.reversedAt,
        detail: withdrawal.rejectionReason,
        state: 'bad',
      });
      break;
    case 'FAILED':
      steps.push({ key: 'failed', label: 'Failed', at: resolvedAt, detail: withdrawal.rejectionReason, state: 'bad' });
      break;
    case 'REJECTED':
      steps.push({
        key: 'rejected',
        label: 'Rejected',
        at: resolvedAt,
        detail: withdrawal.rejectionReason,
        state: 'bad',
      });
      break;
    case 'CANCELLED':
      steps.push({
        key: 'cancelled',
        label: 'Cancelled',
        at: resolvedAt,
        detail: withdrawal.rejectionReason,
        state: 'ended',
      });
      break;
  }
  return steps;
}
