import { describe, expect, it } from 'vitest';
import { type PayoutFacts, reviewReasons } from './review-rules.js';

const SAVED = { upiId: 'meera@okaxis', nameOverrideAt: null, reviewRequiredSince: null };
/** A creator paid before, to her saved, unchanged account, a modest amount: goes out on its own. */
const ROUTINE: PayoutFacts = {
  amountPaise: 1_424_05,
  account: SAVED,
  upiId: 'meera@okaxis',
  paidBefore: true,
  askedTodayPaise: 0,
  openClaims: false,
  autoLimitPaise: 50_000_00,
  dailyLimitPaise: 1_00_000_00,
};

describe('reviewReasons', () => {
  it('lets a routine payout go on its own', () => {
    expect(reviewReasons(ROUTINE)).toEqual([]);
  });

  it.each<[string, Partial<PayoutFacts>, string[]]>([
    ['the first payout', { paidBefore: false }, ['first_payout']],
    ['no saved account', { account: undefined }, ['new_upi_id']],
    ['a UPI ID other than the saved one', { upiId: 'someone@ybl' }, ['new_upi_id']],
    ['a changed account', { account: { ...SAVED, reviewRequiredSince: 5 } }, ['account_changed']],
    [
      'her word over the bank’s name',
      { account: { ...SAVED, reviewRequiredSince: 5, nameOverrideAt: 5 } },
      ['name_override'],
    ],
    ['a reviewed account, however it began', { account: { ...SAVED, nameOverrideAt: 5 } }, []],
    ['exactly the automatic limit', { amountPaise: 50_000_00 }, []],
    ['a paisa over the automatic limit', { amountPaise: 50_000_01 }, ['over_limit']],
    ['a day that reaches the daily limit exactly', { askedTodayPaise: 1_00_000_00 - 1_424_05 }, []],
    ['a day over the daily limit', { askedTodayPaise: 1_00_000_00 - 1_424_04 }, ['daily_limit']],
    ['money she may owe', { openClaims: true }, ['open_claims']],
  ])('reviews %s', (_case, change, reasons) => {
    expect(reviewReasons({ ...ROUTINE, ...change })).toEqual(reasons);
  });

  it('gives every reason that applies, in a stable order', () => {
    expect(
      reviewReasons({ ...ROUTINE, paidBefore: false, upiId: 'x@ybl', amountPaise: 60_000_00, openClaims: true }),
    ).toEqual(['first_payout', 'new_upi_id', 'over_limit', 'open_claims']);
  });
});
