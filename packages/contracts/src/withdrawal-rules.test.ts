import { describe, expect, it } from 'vitest';
import {
  isValidUpiId,
  normaliseUpiId,
  truncateText,
  WITHDRAWAL_MESSAGES,
  withdrawalBlocker,
} from './withdrawal-rules.js';
import { withdrawInput } from './withdrawals.js';

describe('isValidUpiId', () => {
  it.each(['9876543210@ybl', 'asha.verma@okhdfcbank', 'a_b-c@oksbi', 'MIXED@Paytm', 'user@upi', ' padded@ybl '])(
    'accepts %s',
    (upiId) => {
      expect(isValidUpiId(upiId)).toBe(true);
    },
  );

  it.each([
    '',
    'abc',
    '@ybl',
    'abc@',
    'a@b@c',
    'a b@ybl',
    'abc@ok-hdfc',
    '-abc@ybl',
    'abc.@ybl',
    'a..b@ybl',
    'abc@1bank',
    `${'a'.repeat(97)}@ybl`,
    '<script>@x',
  ])('refuses %j', (upiId) => {
    expect(isValidUpiId(upiId)).toBe(false);
  });

  it('allows exactly 100 characters', () => {
    expect(isValidUpiId(`${'a'.repeat(96)}@ybl`)).toBe(true);
    expect(isValidUpiId(`${'a'.repeat(97)}@ybl`)).toBe(false);
  });

  it('normalises to trimmed lowercase', () => {
    expect(normaliseUpiId('  MIXED@Paytm ')).toBe('mixed@paytm');
  });
});

describe('withdrawalBlocker', () => {
  it('uses the spec texts: nothing to withdraw, then under ₹500', () => {
    expect(withdrawalBlocker(0)).toBe('No balance to withdraw');
    expect(withdrawalBlocker(-1)).toBe(WITHDRAWAL_MESSAGES.noBalance);
    expect(withdrawalBlocker(Number.NaN)).toBe(WITHDRAWAL_MESSAGES.noBalance);
    expect(withdrawalBlocker(499_99)).toBe('Minimum withdrawal amount is ₹500');
    expect(withdrawalBlocker(500_00)).toBeNull();
  });
});

describe('withdrawInput', () => {
  it('turns rupees into whole paise and the UPI ID into its stored form', () => {
    expect(withdrawInput.parse({ amount: 1424.53, upi: 'Asha@OKSBI' })).toEqual({
      creator: undefined,
      amountPaise: 142_453,
      upiId: 'asha@oksbi',
    });
    expect(withdrawInput.parse({ creator: ' me@example.com ', amount: 500, upi: 'a@ybl' }).creator).toBe(
      'me@example.com',
    );
  });

  it.each([
    [499.99, WITHDRAWAL_MESSAGES.belowMinimum],
    [0, WITHDRAWAL_MESSAGES.belowMinimum],
    [-500, WITHDRAWAL_MESSAGES.belowMinimum],
    [500.001, 'The amount must be rupees with at most two decimals.'],
    [Number.POSITIVE_INFINITY, 'The amount must be a number of rupees.'],
    [Number.NaN, 'The amount must be a number of rupees.'],
    ['500', 'The amount must be a number of rupees.'],
  ])('refuses %s with its message', (amount, message) => {
    const result = withdrawInput.safeParse({ amount, upi: 'a@ybl' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(message);
  });
});

describe('truncateText', () => {
  it('cuts after max characters and marks it', () => {
    expect(truncateText('abcdef', 3)).toBe('abc...');
    expect(truncateText('abc', 3)).toBe('abc');
    expect(truncateText('₹₹₹₹', 2)).toBe('₹₹...');
  });
});
