import { describe, expect, it } from 'vitest';
import { VERIFY_MAX_ATTEMPTS } from './limits.js';
import { orderIdFromQuery, verifyDelayMs } from './payment-rules.js';

describe('verifyDelayMs', () => {
  it('asks at once, then backs off 1, 2, 4 … s: 9 attempts in all', () => {
    const waits = Array.from({ length: VERIFY_MAX_ATTEMPTS }, (_, index) => verifyDelayMs(index + 1));
    expect(waits).toEqual([0, 1000, 2000, 4000, 8000, 16_000, 32_000, 64_000, 128_000]);
    expect(VERIFY_MAX_ATTEMPTS).toBe(9);
  });

  it.each([0, -1, 10, 1.5, Number.NaN])('has no attempt %s', (attempt) => {
    expect(verifyDelayMs(attempt)).toBeNull();
  });
});

describe('orderIdFromQuery', () => {
  it.each([
    ['order_id=order_abc', 'order_abc'],
    ['orderId=order_xyz', 'order_xyz'],
    ['order_id=%20order_abc%20', 'order_abc'],
    ['order_id=%20%20', null],
    ['contentId=c1', null],
  ])('reads %s as %s', (query, expected) => {
    expect(orderIdFromQuery(new URLSearchParams(query))).toBe(expected);
  });
});
