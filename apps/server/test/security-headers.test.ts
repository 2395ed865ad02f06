import helmet from '@fastify/helmet';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { securityHeaders, type SecurityOptions } from '../src/plugins/security.js';
import { s3PublicOrigin } from '../src/providers/storage/s3-origin.js';
import { buildTestApp } from './test-app.js';

/** What @fastify/helmet sent on each request, with the configuration security.ts gave it until issue 25. */
async function helmetHeaders(options: SecurityOptions): Promise<Record<string, string>> {
  const cashfree = options.cashfreeCheckout === true;
  const storage = typeof options.storageOrigin === 'string' ? [options.storageOrigin] : [];
  const probe = Fastify();
  await probe.register(helmet, {
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
    strictTransportSecurity: options.isProduction ? { maxAge: 15_552_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    frameguard: { action: 'deny' },
    crossOriginEmbedderPolicy: false,
  });
  probe.get('/', () => ({}));
  const plain = Fastify();
  plain.get('/', () => ({}));
  const [withHelmet, without] = await Promise.all([probe.inject('/'), plain.inject('/')]);
  await Promise.all([probe.close(), plain.close()]);
  const added = Object.entries(withHelmet.headers).filter(([name]) => !(name in without.headers));
  return Object.fromEntries([
    ...added.map(([name, value]): [string, string] => [name, String(value)]),
    // security.ts's own onSend hook added this one beside helmet's.
    ['permissions-policy', 'camera=(), microphone=(), geolocation=(), usb=()'],
  ]);
}

describe('security headers, computed once', () => {
  const variants: SecurityOptions[] = [
    { publicUrl: 'http://localhost:3000', isProduction: false },
    { publicUrl: 'https://kholo.in', isProduction: true },
    { publicUrl: 'https://kholo.in', isProduction: true, cashfreeCheckout: true },
    { publicUrl: 'https://kholo.in', isProduction: true, storageOrigin: 'https://media.example.com' },
    {
      publicUrl: 'http://localhost:3000',
      isProduction: false,
      cashfreeCheckout: true,
      storageOrigin: 'https://bucket.example.com',
    },
  ];

  it.each(variants)('are exactly what helmet sent per request (%o)', async (options) => {
    expect(securityHeaders(options)).toEqual(await helmetHeaders(options));
  });

  it('reach API answers, errors and the 404 handler', async () => {
    const t = await buildTestApp();
    try {
      // Under TEST_STORAGE=s3 the policy names the media bucket's origin too, as the app's does.
      const expected = securityHeaders({
        publicUrl: t.config.publicUrl,
        isProduction: false,
        storageOrigin: t.config.s3 === null ? null : s3PublicOrigin(t.config.s3),
      });
      for (const url of ['/api/health', '/api/creators/nobody-here', '/api/no-such-route']) {
        const response = await t.app.inject({ method: 'GET', url });
        for (const [name, value] of Object.entries(expected))
          expect(response.headers[name], `${url} ${name}`).toBe(value);
      }
    } finally {
      await t.close();
    }
  });
});
