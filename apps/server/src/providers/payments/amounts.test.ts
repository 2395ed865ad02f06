import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { paiseToRupees, rupeesText, rupeesToPaise } from './amounts.js';

describe('paiseToRupees', () => {
  it('turns whole paise into rupees with at most 2 decimals', () => {
    expect(paiseToRupees(14_900)).toBe(149);
    expect(paiseToRupees(14_950)).toBe(149.5);
    expect(paiseToRupees(1_999)).toBe(19.99);
    expect(paiseToRupees(1)).toBe(0.01);
    expect(paiseToRupees(0)).toBe(0);
    expect(JSON.stringify({ order_amount: paiseToRupees(10_000_000_00) })).toBe('{"order_amount":10000000}');
  });

  it('refuses anything but whole paise', () => {
    expect(() => paiseToRupees(149.5)).toThrow(RangeError);
    expect(() => paiseToRupees(Number.NaN)).toThrow(RangeError);
    expect(() => paiseToRupees(2 ** 53)).toThrow(RangeError);
  });
});

describe('rupeesToPaise', () => {
  it('converts provider rupees to paise without float drift', () => {
    expect(rupeesToPaise(149)).toBe(14_900);
    expect(rupeesToPaise(149.5)).toBe(14_950);
    expect(rupeesToPaise(19.99)).toBe(1_999);
    expect(rupeesToPaise(0.1 + 0.2)).toBe(30);
    expect(rupeesToPaise(JSON.parse('170.00'))).toBe(17_000);
  });

  it('answers null for what is not an amount in whole paise', () => {
    for (const value of ['149', '149.00', null, undefined, Number.NaN, Number.POSITIVE_INFINITY, {}, [149]]) {
      expect(rupeesToPaise(value)).toBeNull();
    }
    // A third decimal is a fraction of a paisa, not something to round away.
    expect(rupeesToPaise(1.005)).toBeNull();
    expect(rupeesToPaise(149.001)).toBeNull();
  });
});

describe('rupeesText', () => {
  it('writes 2 decimals, as Cashfree writes amounts in webhook JSON', () => {
    expect(rupeesText(14_900)).toBe('149.00');
    expect(rupeesText(14_950)).toBe('149.50');
    expect(rupeesText(5)).toBe('0.05');
    expect(rupeesText(0)).toBe('0.00');
    expect(rupeesText(-250)).toBe('-2.50');
    expect(rupeesText(10_000_000_00)).toBe('10000000.00');
  });
});

describe('round trips', () => {
  // Up to ₹10 crore, 100× the largest price and the adjustment cap; far beyond that a double
  // no longer holds rupees to the paisa closely enough for the whole-paise check.
  it('paise → rupees → paise, and paise → webhook text → JSON → paise, are exact', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000_000 }), (paise) => {
        expect(rupeesToPaise(paiseToRupees(paise))).toBe(paise);
        expect(rupeesToPaise(JSON.parse(rupeesText(paise)))).toBe(paise);
        expect(rupeesText(paise)).toMatch(/^\d+\.\d\d$/);
      }),
    );
  });
});
