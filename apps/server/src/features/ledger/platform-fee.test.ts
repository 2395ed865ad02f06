import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { splitSale } from './platform-fee.js';

describe('splitSale', () => {
  it('takes 5% by default figures and gives the creator the rest', () => {
    expect(splitSale(14_900, 500)).toEqual({ feePaise: 745, creatorPaise: 14_155 });
    expect(splitSale(100, 500)).toEqual({ feePaise: 5, creatorPaise: 95 });
  });

  it('rounds the fee down to whole paise, in the creator’s favour', () => {
    // 5% of ₹1.99 is 9.95 paise.
    expect(splitSale(199, 500)).toEqual({ feePaise: 9, creatorPaise: 190 });
    expect(splitSale(101, 750)).toEqual({ feePaise: 7, creatorPaise: 94 });
  });

  it('handles no fee and refuses nonsense', () => {
    expect(splitSale(5000, 0)).toEqual({ feePaise: 0, creatorPaise: 5000 });
    expect(() => splitSale(10.5, 500)).toThrow(RangeError);
    expect(() => splitSale(-1, 500)).toThrow(RangeError);
    expect(() => splitSale(100, 10_001)).toThrow(RangeError);
  });

  it('always splits the price exactly, with neither part negative', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000_00 }), fc.integer({ min: 0, max: 10_000 }), (price, bps) => {
        const { feePaise, creatorPaise } = splitSale(price, bps);
        expect(feePaise + creatorPaise).toBe(price);
        expect(feePaise).toBeGreaterThanOrEqual(0);
        expect(creatorPaise).toBeGreaterThanOrEqual(0);
        expect(Number.isInteger(feePaise)).toBe(true);
      }),
    );
  });
});
