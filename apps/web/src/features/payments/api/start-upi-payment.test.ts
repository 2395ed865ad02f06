import { describe, expect, it } from 'vitest';
import { isPayLink } from './start-upi-payment.ts';

describe('isPayLink', () => {
  it.each([
    'upi://pay?pa=x@upi&tr=1',
    'tez://upi/pay?pa=x@upi',
    'phonepe://pay?pa=x@upi',
    'paytmmp://pay?pa=x@upi',
    'bhim://upi/pay?pa=x@upi',
    `${window.location.origin}/__simulator/upi/intent?tr=1&app=gpay`,
    '/__simulator/upi/intent?tr=1',
  ])('lets %s through', (href) => {
    expect(isPayLink(href)).toBe(true);
  });

  it.each([
    'javascript:alert(1)',
    'javascript://%0aalert(1)',
    'data:text/html,x',
    'https://phish.example/pay',
    'intent://pay#Intent;S.browser_fallback_url=https%3A%2F%2Fphish.example;end',
    'market://details?id=x',
    'tel:+911234567890',
  ])('keeps %s out of the page', (href) => {
    expect(isPayLink(href)).toBe(false);
  });
});
