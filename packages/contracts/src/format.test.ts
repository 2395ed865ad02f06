import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatPaise } from './format.js';

describe('formatPaise', () => {
  it('groups rupees the Indian way', () => {
    expect(formatPaise(1_00_000_00)).toBe('₹1,00,000');
    expect(formatPaise(12_34_567_00)).toBe('₹12,34,567');
  });

  it('shows paise only when there are some', () => {
    expect(formatPaise(500_00)).toBe('₹500');
    expect(formatPaise(499_50)).toBe('₹499.50');
    expect(formatPaise(1)).toBe('₹0.01');
    expect(formatPaise(0)).toBe('₹0');
  });

  it('refuses fractions of a paisa, which would mean a bug upstream', () => {
    expect(() => formatPaise(10.5)).toThrow(RangeError);
    expect(() => formatPaise(Number.NaN)).toThrow(RangeError);
  });
});

describe('formatDate', () => {
  it('uses India time whatever the machine zone', () => {
    // 20:00 UTC on 21 Nov is 01:30 on 22 Nov in India.
    const instant = Date.UTC(2026, 10, 21, 20, 0);
    expect(formatDate(instant)).toBe('22 Nov 2026');
    expect(formatDateTime(instant)).toMatch(/^22 Nov 2026, 1:30\s?am$/i);
  });
});
