import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { Clock } from '../../lib/clock.js';

const NAME = 'kholo.checkout';
/** Sent only to the payment API, which is all it opens. */
const PATH = '/api/payment';
/** Longer than an order stays payable (30 minutes) and its late-payment grace on the return page. */
const LIFETIME_MS = 24 * 60 * 60_000;

/**
 * The visitor's checkout cookie (ADR 022): it names the one order this browser started without
 * an account, and that order's account, with when it was issued, signed with a key derived from
 * the server's secret. It lets this browser (and only it) ask how that order went and start its
 * UPI attempts before she has entered her code, for a day and only while nobody has claimed the
 * account (the payments routes ask). It signs nobody in.
 */
export function createCheckoutCookies(options: { secret: string; secure: boolean; clock: Clock }) {
  // A key of its own, so nothing signed here can pass for anything signed with the secret itself.
  const key = createHmac('sha256', options.secret).update('kholo checkout cookie v1').digest();
  const sign = (payload: string) => createHmac('sha256', key).update(payload).digest('base64url');

  return {
    /** The Set-Cookie header for the order she just made, for the account of her email. */
    issue(checkout: CheckoutOrder): string {
      const payload = `${checkout.orderId}~${checkout.accountId}~${options.clock.now().toString(36)}`;
      const parts = [
        `${NAME}=${payload}.${sign(payload)}`,
        `Max-Age=${LIFETIME_MS / 1000}`,
        `Path=${PATH}`,
        'HttpOnly',
        'SameSite=Lax',
      ];
      if (options.secure) parts.push('Secure');
      return parts.join('; ');
    },

    /** The order (and its account) the request's checkout cookie names, if it is genuine and not a day old. */
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
        const [orderId = '', accountId = '', issued = ''] = payload.split('~');
        const issuedAt = parseInt(issued, 36);
        if (orderId === '' || accountId === '' || !Number.isFinite(issuedAt)) return null;
        return options.clock.now() - issuedAt < LIFETIME_MS ? { orderId, accountId } : null;
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
