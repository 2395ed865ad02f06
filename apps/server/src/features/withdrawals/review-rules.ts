import type { ReviewReason } from '@kholo/contracts';
import type { PayoutAccountRow } from './payout-accounts-repository.js';

/** What is known about a payout when it is asked for; gathered in the request's transaction. */
export interface PayoutFacts {
  amountPaise: number;
  /** Her saved payout account, if any. */
  account: Pick<PayoutAccountRow, 'upiId' | 'nameOverrideAt' | 'reviewRequiredSince'> | undefined;
  /** The UPI ID this payout goes to. */
  upiId: string;
  /** Any payout to her was ever paid. */
  paidBefore: boolean;
  /** What else she asked for in the last day that is on its way or paid. */
  askedTodayPaise: number;
  /** She owes Kholo (a refund her wallet could not cover) or has money held for a dispute. */
  openClaims: boolean;
  autoLimitPaise: number;
  dailyLimitPaise: number;
}

/**
 * Why this payout must wait for the admin (issue 21 §4); empty when it may go out on its own.
 * A short queue: the first payout, an account that changed or whose holder is not her, a UPI ID
 * she never saved, a large amount, a busy day, or money she may still owe.
 */
export function reviewReasons(facts: PayoutFacts): ReviewReason[] {
  const reasons: ReviewReason[] = [];
  const { account } = facts;
  if (!facts.paidBefore) reasons.push('first_payout');
  const toSavedAccount = account !== undefined && account.upiId === facts.upiId;
  if (!toSavedAccount) reasons.push('new_upi_id');
  if (toSavedAccount && account.reviewRequiredSince !== null) {
    // Her word over the bank's name is the stronger reason; otherwise the account changed.
    reasons.push(account.nameOverrideAt === null ? 'account_changed' : 'name_override');
  }
  if (facts.amountPaise > facts.autoLimitPaise) reasons.push('over_limit');
  if (facts.askedTodayPaise + facts.amountPaise > facts.dailyLimitPaise) reasons.push('daily_limit');
  if (facts.openClaims) reasons.push('open_claims');
  return reasons;
}
