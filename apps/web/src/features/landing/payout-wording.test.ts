import { describe, expect, it } from 'vitest';
import { payoutWords } from './payout-wording.ts';

describe('payoutWords', () => {
  it('promises a minute only for automatic payouts, and says the first one is checked', () => {
    const words = payoutWords('auto');
    expect(words.benefitBody).toBe(
      'Payouts to your verified UPI ID usually arrive in under a minute. We check your first payout, and the first after you change your payout account, within 24 hours.',
    );
    expect(words.faqAfterMinimum).toMatch(/usually arrive in under a minute; we check your first payout/);
    // "Instant" only where the same sentence says what it means (SPEC §1 asks for instant payouts).
    expect(words.heroClause).toBe('instant payouts to your verified UPI ID, usually in under a minute.');
  });

  it('promises no minute and nothing instant when Kholo’s team pays by hand', () => {
    const words = payoutWords('manual');
    for (const text of Object.values(words)) {
      expect(text).not.toMatch(/minute|instant/i);
    }
    expect(words.highlight).toBe('Payouts to UPI, usually within 24 hours');
  });
});

describe('payoutWords in Hindi', () => {
  it('promises no minute and nothing instant when paid by hand, as in English', () => {
    for (const text of Object.values(payoutWords('manual', 'hi'))) {
      expect(text).not.toMatch(/मिनट|तुरंत/);
    }
    expect(payoutWords('auto', 'hi').heroClause).toMatch(/एक मिनट/);
  });
});
