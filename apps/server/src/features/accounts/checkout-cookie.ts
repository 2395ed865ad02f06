import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';

const NAME = 'kholo.checkout';
/** Sent only to the payment API, which is all it opens. */
const PATH = '/api/payment';
/** Longer than an order stays payable (30 minutes) and its late-payment grace on the return page. */
const MAX_AGE_SECONDS = 24 * 60 * 60;

/**
 * The visitor's checkout cookie (ADR 022): it names the one order this browser started without
 * an account, signed with the server's secret, so this browser (and only it) may ask how that
 * order went and start its UPI attempts before she has entered her code. It signs nobody in.
 */
export function createCheckoutCookies(options: { secret: string; secure: boolean }) {
  const sign = (payload: string) =>
    createHmac('sha256', options.secret).update(`checkout-order:${payload}`).digest('base64url');

  return {
    /** The Set-Cookie header for the order she just made, for the account of her email. */
    issue(checkout: CheckoutOrder): string {
      const payload = `${checkout.orderId}~${checkout.accountId}`;
      const parts = [
        `${NAME}=${payload}.${sign(payload)}`,
        `Max-Age=${MAX_AGE_SECONDS}`,
        `Path=${PATH}`,
        'HttpOnly',
        'SameSite=Lax',
      ];
      if (options.secure) parts.push('Secure');
      return parts.join('; ');
    },

    /** The order (and its account) the request's checkout cookie names, if its signature holds. */
    orderOf(request: FastifyRequest): CheckoutOrder | null {
      const header = request.headers.cookie;
      if (header === undefined) return null;
      for (const part of header.split(';')) {
        const separator = part.indexOf('=');
        if (separator < 0 || part.slice(0, separator).trim() !== NAME) continue;
        const value = part.slice(separator + 1).trim();
        const dot = value.lastIndexOf('.');
        if (dot < 1) return null;
        const payload = value.slice(0, dot);
        const given = Buffer.from(value.slice(dot + 1));
        const expected = Buffer.from(sign(payload));
        if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
        const [orderId = '', accountId = ''] = payload.split('~');
        return orderId === '' || accountId === '' ? null : { orderId, accountId };
      }
      return null;
    },
  };
}

export type CheckoutCookies = ReturnType<typeof createCheckoutCookies>;

export interface CheckoutOrder {
  orderId: string;
  accountId: string;
}
