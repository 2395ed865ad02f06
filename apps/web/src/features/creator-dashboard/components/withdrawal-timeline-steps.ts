import { translate, type Locale, type MessageKey, type MessageParams, type Withdrawal } from '@kholo/contracts';
import type { PayoutsMode } from '../../../lib/public-config.ts';
import { reviewReasonText } from './payout-wording.ts';

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
export function withdrawalTimeline(
  withdrawal: Withdrawal,
  payoutsMode: PayoutsMode,
  locale: Locale = 'en',
): TimelineStep[] {
  const say = (key: MessageKey, params?: MessageParams) => translate(locale, key, params);
  const { status } = withdrawal;
  const steps: TimelineStep[] = [
    {
      key: 'requested',
      label: say('dashboardWallet.step.requested'),
      at: withdrawal.requestedAt,
      detail: null,
      state: 'done',
    },
  ];
  if (withdrawal.reviewReasons.length > 0) {
    steps.push({
      key: 'review',
      label: say('dashboardWallet.step.inReview'),
      at: null,
      detail: withdrawal.reviewReasons.map((reason) => reviewReasonText(reason, locale)).join(' · '),
      state: status === 'REVIEW' ? 'current' : 'done',
    });
  }
  if (withdrawal.approvedAt !== null) {
    steps.push({
      key: 'approved',
      label: say('dashboardWallet.step.approved'),
      at: withdrawal.approvedAt,
      detail: null,
      state: 'done',
    });
  }
  if (withdrawal.sentAt !== null) {
    steps.push({
      key: 'sent',
      label: status === 'PROCESSING' ? say('dashboardWallet.step.sentToBank') : say('dashboardWallet.step.sent'),
      at: withdrawal.sentAt,
      detail: null,
      state: status === 'PROCESSING' ? 'current' : 'done',
    });
  }
  // The bank's UTR for a transfer Kholo sent; by hand, whatever reference the team gave.
  const reference =
    withdrawal.paymentReference === null
      ? null
      : say(withdrawal.sentAt === null ? 'dashboardWallet.step.paymentReference' : 'dashboardWallet.step.utr', {
          reference: withdrawal.paymentReference,
        });
  const resolvedAt = withdrawal.resolvedAt;

  switch (status) {
    case 'REQUESTED':
      if (payoutsMode === 'manual') {
        steps.push({
          key: 'paid',
          label: say('dashboardWallet.step.paidByTeam'),
          at: null,
          detail: say('dashboardWallet.step.emailWhenDone'),
          state: 'next',
        });
      } else {
        steps.push({
          key: 'paid',
          label: say('dashboardWallet.step.paid'),
          at: null,
          detail: withdrawal.waitingForFunds
            ? say('dashboardWallet.step.whenToppedUp')
            : say('dashboardWallet.step.withinMinute'),
          state: 'next',
        });
      }
      break;
    case 'REVIEW':
      steps.push({
        key: 'sent',
        label: say('dashboardWallet.step.sentToBank'),
        at: null,
        detail: say('dashboardWallet.step.afterCheck'),
        state: 'next',
      });
      break;
    case 'PROCESSING':
      steps.push({
        key: 'paid',
        label: say('dashboardWallet.step.paid'),
        at: null,
        detail: say('dashboardWallet.step.withinMinute'),
        state: 'next',
      });
      break;
    case 'PAID':
    case 'REVERSED':
      steps.push({
        key: 'paid',
        label: say('dashboardWallet.step.paid'),
        at: resolvedAt,
        detail: reference,
        state: 'done',
      });
      if (status === 'PAID') break;
      // Returned: the bank sent it back after it was paid.
      steps.push({
        key: 'reversed',
        label: say('dashboardWallet.step.returnedByBank'),
        at: withdrawal.reversedAt,
        detail: withdrawal.rejectionReason,
        state: 'bad',
      });
      break;
    case 'FAILED':
      steps.push({
        key: 'failed',
        label: say('dashboardWallet.step.failed'),
        at: resolvedAt,
        detail: withdrawal.rejectionReason,
        state: 'bad',
      });
      break;
    case 'REJECTED':
      steps.push({
        key: 'rejected',
        label: say('dashboardWallet.step.rejected'),
        at: resolvedAt,
        detail: withdrawal.rejectionReason,
        state: 'bad',
      });
      break;
    case 'CANCELLED':
      steps.push({
        key: 'cancelled',
        label: say('dashboardWallet.step.cancelled'),
        at: resolvedAt,
        detail: withdrawal.rejectionReason,
        state: 'ended',
      });
      break;
  }
  return steps;
}
