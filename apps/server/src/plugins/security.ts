import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/app-error.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Routes called by other servers (payment webhooks) opt out of the same-origin check. */
    allowCrossOrigin?: boolean;
  }
}

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export interface SecurityOptions {
  publicUrl: string;
  isProduction: boolean;
  cashfreeCheckout?: boolean;
  /** The S3 bucket's origin when originals are served by a presigned redirect to it. */
  storageOrigin?: string | null;
}

/**
 * Every response's security headers, the same ones helmet made from this configuration when it ran
 * on each request (test/security-headers.test.ts compares the two for every option): a strict CSP
 * the web app passes (no inline script or style), and Kholo never needs the device features, so a
 * script that slipped in should not get them either.
 */
export function securityHeaders(options: SecurityOptions): Record<string, string> {
  // Cashfree's JS checkout loads its script and frames from Cashfree (reference §2).
  const cashfree = options.cashfreeCheckout === true;
  // `<img>`/`<video>` and the Download button's fetch follow /media and /download to the bucket.
  const storage = typeof options.storageOrigin === 'string' ? [options.storageOrigin] : [];
  const cashfreeApi = cashfree ? ['https://api.cashfree.com', 'https://sandbox.cashfree.com'] : [];
  const directives: [string, string[]][] = [
    ['default-src', ["'self'"]],
    ['script-src', ["'self'", ...(cashfree ? ['https://sdk.cashfree.com'] : [])]],
    ['style-src', ["'self'"]],
    ['img-src', ["'self'", 'data:', 'blob:', ...storage]],
    ['media-src', ["'self'", 'blob:', ...storage]],
    ['font-src', ["'self'"]],
    ['connect-src', ["'self'", ...storage, ...cashfreeApi]],
    ...(cashfree
      ? ([
          [
            'frame-src',
            [
              'https://sdk.cashfree.com',
              'https://api.cashfree.com',
              'https://sandbox.cashfree.com',
              'https://payments.cashfree.com',
              'https://payments-test.cashfree.com',
            ],
          ],
        ] as [string, string[]][])
      : []),
    ['object-src', ["'none'"]],
    ['frame-ancestors', ["'none'"]],
    ['base-uri', ["'self'"]],
    ['form-action', ["'self'", ...cashfreeApi]],
    ...(options.isProduction ? ([['upgrade-insecure-requests', []]] as [string, string[]][]) : []),
  ];
  return {
    'content-security-policy': directives
      .map(([name, values]) => (values.length === 0 ? name : `${name} ${values.join(' ')}`))
      .join(';'),
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-resource-policy': 'same-origin',
    'origin-agent-cluster': '?1',
    'referrer-policy': 'strict-origin-when-cross-origin',
    // HSTS only matters over https, which production sits behind.
    ...(options.isProduction ? { 'strict-transport-security': 'max-age=15552000; includeSubDomains' } : {}),
    'x-content-type-options': 'nosniff',
    'x-dns-prefetch-control': 'off',
    'x-download-options': 'noopen',
    // Matches frame-ancestors 'none' for browsers that only know the older header.
    'x-frame-options': 'DENY',
    'x-permitted-cross-domain-policies': 'none',
    'x-xss-protection': '0',
    'permissions-policy': 'camera=(), microphone=(), geolocation=(), usb=()',
  };
}

/**
 * Security headers and a strict CSP the web app passes (no inline script or style), plus a
 * same-origin check on state-changing requests: a browser always sends Origin on a POST,
 * and a page on another site must never be able to act with a Kholo session.
 */
export const securityPlugin = fp(
  async (app: FastifyInstance, options: SecurityOptions) => {
    // Set on the raw response as helmet sets them, so a route's own header (the payment
    // simulator's page CSP) still replaces one; computed once, not per request (issue 25).
    const headers = Object.entries(securityHeaders(options));
    app.addHook('onRequest', (_request, reply, done) => {
      const { raw } = reply;
      for (const [name, value] of headers) raw.setHeader(name, value);
      done();
    });

    const publicOrigin = new URL(options.publicUrl).origin;
    app.addHook('onRequest', async (request) => {
      if (!STATE_CHANGING.has(request.method) || request.routeOptions.config.allowCrossOrigin === true) return;
      if (!isSameOrigin(request, publicOrigin)) {
        throw new AppError('FORBIDDEN', 'This request came from another website and was refused.');
      }
    });
  },
  { name: 'security' },
);

function isSameOrigin(request: FastifyRequest, publicOrigin: string): boolean {
  if (request.headers['sec-fetch-site'] === 'cross-site') return false;
  const origin = request.headers.origin;
  // No Origin: not a browser form or fetch (curl, server-to-server), so not a CSRF vector.
  if (origin === undefined) return true;
  if (origin === publicOrigin) return true;
  try {
    // The Host a browser sends is the site it is talking to, so Origin must name the same host.
    return new URL(origin).host === request.host;
  } catch {
    return false;
  }
}
