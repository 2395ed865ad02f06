import helmet from '@fastify/helmet';
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

/**
 * Security headers and a strict CSP the web app passes (no inline script or style), plus a
 * same-origin check on state-changing requests: a browser always sends Origin on a POST,
 * and a page on another site must never be able to act with a Kholo session.
 */
export const securityPlugin = fp(
  async (
    app: FastifyInstance,
    options: {
      publicUrl: string;
      isProduction: boolean;
      cashfreeCheckout?: boolean;
      /** The S3 bucket's origin when originals are served by a presigned redirect to it. */
      storageOrigin?: string | null;
    },
  ) => {
    // Cashfree's JS checkout loads its script and frames from Cashfree (reference §2).
    const cashfree = options.cashfreeCheckout === true;
    // `<img>`/`<video>` and the Download button's fetch follow /media and /download to the bucket.
    const storage = typeof options.storageOrigin === 'string' ? [options.storageOrigin] : [];
    await app.register(helmet, {
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'", ...(cashfree ? ['https://sdk.cashfree.com'] : [])],
          styleSrc: ["'self'"],
          imgSrc: ["'self'", 'data:', 'blob:', ...storage],
          mediaSrc: ["'self'", 'blob:', ...storage],
          fontSrc: ["'self'"],
          connectSrc: [
            "'self'",
            ...storage,
            ...(cashfree ? ['https://api.cashfree.com', 'https://sandbox.cashfree.com'] : []),
          ],
          ...(cashfree
            ? {
                frameSrc: [
                  'https://sdk.cashfree.com',
                  'https://api.cashfree.com',
                  'https://sandbox.cashfree.com',
                  'https://payments.cashfree.com',
                  'https://payments-test.cashfree.com',
                ],
              }
            : {}),
          objectSrc: ["'none'"],
          frameAncestors: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'", ...(cashfree ? ['https://api.cashfree.com', 'https://sandbox.cashfree.com'] : [])],
          ...(options.isProduction ? { upgradeInsecureRequests: [] } : {}),
        },
      },
      // HSTS only matters over https, which production sits behind.
      strictTransportSecurity: options.isProduction ? { maxAge: 15_552_000, includeSubDomains: true } : false,
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
      // Matches frame-ancestors 'none' for browsers that only know the older header.
      frameguard: { action: 'deny' },
      crossOriginEmbedderPolicy: false,
    });

    // Kholo never needs these device features; a script that slipped in should not get them either.
    app.addHook('onSend', async (_request, reply) => {
      reply.header('permissions-policy', 'camera=(), microphone=(), geolocation=(), usb=()');
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
