import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { AppError } from '../src/lib/app-error.js';
import { buildTestApp, type TestApp } from './test-app.js';

let t: TestApp | undefined;
const tempDirs: string[] = [];
afterEach(async () => {
  await t?.close();
  t = undefined;
  for (const dir of tempDirs.splice(0)) await fs.rm(dir, { recursive: true, force: true });
});

describe('GET /api/health', () => {
  it('answers 200 after a real round trip to the database', async () => {
    t = await buildTestApp();
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', database: 'ok' });
    expect(response.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('answers 503 without internals when the database is gone', async () => {
    t = await buildTestApp();
    await t.database.close();
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({
      error: { code: 'SERVICE_UNAVAILABLE', message: 'The database is not reachable.' },
    });
    // Reopening is impossible after destroy; close() must not fail on the already-closed pool.
    t.database.close = () => Promise.resolve();
  });
});

describe('request ids', () => {
  async function withCapturedLogs() {
    const lines: Array<Record<string, unknown>> = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
        done();
      },
    });
    t = await buildTestApp({}, { logger: pino({ level: 'info' }, stream) });
    return lines;
  }

  it('keeps a proxy’s sane request id, in the response and in every log line', async () => {
    const lines = await withCapturedLogs();
    const response = await t!.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': 'lb-7f3a9c21' },
    });
    expect(response.headers['x-request-id']).toBe('lb-7f3a9c21');
    const requestLines = lines.filter((line) => 'reqId' in line);
    expect(requestLines.length).toBeGreaterThan(0);
    expect(requestLines.every((line) => line['reqId'] === 'lb-7f3a9c21')).toBe(true);
  });

  it.each([['x'.repeat(2000)], ['has spaces and "quotes"'], ['short']])(
    'replaces a request id it cannot trust (%#), in the logs too',
    async (incoming) => {
      const lines = await withCapturedLogs();
      const response = await t!.app.inject({
        method: 'GET',
        url: '/api/health',
        headers: { 'x-request-id': incoming },
      });
      const id = String(response.headers['x-request-id']);
      expect(id).toMatch(/^[0-9a-f-]{36}$/);
      const logged = lines.filter((line) => 'reqId' in line).map((line) => line['reqId']);
      expect(logged.length).toBeGreaterThan(0);
      expect(new Set(logged)).toEqual(new Set([id]));
      expect(JSON.stringify(lines)).not.toContain(incoming);
    },
  );
});

describe('errors', () => {
  it('answers unknown API paths with JSON 404 for every method', async () => {
    t = await buildTestApp();
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const response = await t.app.inject({ method, url: '/api/x?y=1' });
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(response.json()).toEqual({
        error: { code: 'NOT_FOUND', message: `There is no API route ${method} /api/x.` },
      });
    }
  });

  it('hides the internals of unexpected failures', async () => {
    t = await buildTestApp();
    t.app.get('/api/test/boom', () => {
      throw new Error('password=hunter2 at /srv/kholo/secret.ts:12');
    });
    const response = await t.app.inject({ method: 'GET', url: '/api/test/boom' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({
      error: { code: 'INTERNAL', message: 'Something went wrong on our side. Please try again in a moment.' },
    });
    expect(response.body).not.toContain('hunter2');
  });

  it('maps every AppError code to its one status', async () => {
    t = await buildTestApp();
    t.app.get('/api/test/conflict', () => {
      throw new AppError('CONFLICT', 'You already have access to this until 5 Dec 2026.');
    });
    const response = await t.app.inject({ method: 'GET', url: '/api/test/conflict' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      error: { code: 'CONFLICT', message: 'You already have access to this until 5 Dec 2026.' },
    });
  });

  it('refuses JSON bodies over 64 KiB with 413', async () => {
    t = await buildTestApp();
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: { name: 'A', email: 'a@b.in', message: 'x'.repeat(70 * 1024) },
    });
    expect(response.statusCode).toBe(413);
    expect(response.json().error.code).toBe('PAYLOAD_TOO_LARGE');
  });
});

describe('security', () => {
  it('sends a strict CSP and the usual headers', async () => {
    t = await buildTestApp();
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self';");
    expect(csp).toContain("style-src 'self';");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('unsafe-inline');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(response.headers['permissions-policy']).toContain('camera=()');
    expect(response.headers['x-frame-options']).toBe('DENY');
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });

  it('turns on HSTS in production', async () => {
    t = await buildTestApp({ nodeEnv: 'production', publicUrl: 'https://kholo.in' });
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.headers['strict-transport-security']).toContain('max-age=15552000');
  });

  const contact = { name: 'Asha', email: 'asha@example.in', message: 'Hello from the test suite.' };

  it('refuses state-changing requests from another website', async () => {
    t = await buildTestApp();
    const fromEvil = await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      headers: { origin: 'https://evil.example', host: 'localhost:3000' },
      payload: contact,
    });
    expect(fromEvil.statusCode).toBe(403);
    expect(fromEvil.json().error.code).toBe('FORBIDDEN');

    const crossSite = await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      headers: { 'sec-fetch-site': 'cross-site' },
      payload: contact,
    });
    expect(crossSite.statusCode).toBe(403);

    const garbage = await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      headers: { origin: 'null' },
      payload: contact,
    });
    expect(garbage.statusCode).toBe(403);
  });

  it('accepts the public origin, the host the browser used, and clients that send no Origin', async () => {
    t = await buildTestApp();
    const viaPublicUrl = await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      headers: { origin: t.config.publicUrl, host: 'internal:8080' },
      payload: contact,
    });
    expect(viaPublicUrl.statusCode).toBe(201);
    const viaHost = await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      headers: { origin: 'http://127.0.0.1:3000', host: '127.0.0.1:3000', 'sec-fetch-site': 'same-origin' },
      payload: contact,
    });
    expect(viaHost.statusCode).toBe(201);
    const noOrigin = await t.app.inject({ method: 'POST', url: '/api/contact', payload: contact });
    expect(noOrigin.statusCode).toBe(201);
  });
});

describe('serving the web app', () => {
  async function withDist(): Promise<string> {
    const dist = await fs.mkdtemp(path.join(os.tmpdir(), 'kholo-dist-'));
    tempDirs.push(dist);
    await fs.mkdir(path.join(dist, 'assets'));
    await fs.writeFile(
      path.join(dist, 'index.html'),
      '<!doctype html><html lang="en-IN"><head><meta name="kholo-config" content="{}" /><script type="module" src="/assets/app-1a2b.js"></script></head><body><div id="root"></div></body></html>',
    );
    await fs.writeFile(path.join(dist, 'assets', 'app-1a2b.js'), 'console.log("kholo")');
    await fs.writeFile(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    return dist;
  }

  it('serves index.html with the public config filled in, for every page path', async () => {
    const dist = await withDist();
    t = await buildTestApp({ webDistDir: dist, supportEmail: 'help@kholo.in', supportPhone: '+91 98290 00000' });
    for (const url of ['/', '/ContactUs', '/u/priya', '/anything-else/deep?x=1']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body).toContain(
        `<meta name="kholo-config" content="{&quot;supportEmail&quot;:&quot;help@kholo.in&quot;,&quot;supportPhone&quot;:&quot;+91 98290 00000&quot;,&quot;publicUrl&quot;:&quot;${t.config.publicUrl}&quot;,&quot;maxPricePaise&quot;:10000000,&quot;checkoutMode&quot;:&quot;simulator&quot;,&quot;payoutsMode&quot;:&quot;auto&quot;,&quot;legal&quot;:{`,
      );
    }
  });

  it('tells the page who the Grievance Officer and the company are', async () => {
    const dist = await withDist();
    const legal = {
      grievanceOfficer: {
        name: 'Asha Verma',
        designation: 'Grievance Officer',
        email: 'grievance@kholo.in',
        phone: '+91 141 400 0000',
        address: '4th Floor, 12 MI Road\nJaipur 302001',
      },
      company: { legalName: 'Kholo Technologies Private Limited', address: '4th Floor, 12 MI Road\nJaipur 302001' },
      sample: false,
    };
    t = await buildTestApp({ webDistDir: dist, legal });
    const response = await t.app.inject({ method: 'GET', url: '/grievance' });
    const meta = /<meta name="kholo-config" content="([^"]*)" \/>/.exec(response.body);
    const decoded = meta![1]!.replace(/&quot;/g, '"').replace(/&amp;/g, '&');
    expect(JSON.parse(decoded)).toMatchObject({ legal });
  });

  it.each([['"><script>alert(1)</script>'], ["+91 $' 1"], ['+91 $& $` 2']])(
    'escapes config so a value cannot break out of the attribute: %s',
    async (phone) => {
      const dist = await withDist();
      t = await buildTestApp({ webDistDir: dist, supportPhone: phone });
      const response = await t.app.inject({ method: 'GET', url: '/' });
      const meta = /<meta name="kholo-config" content="([^"]*)" \/>/.exec(response.body);
      expect(meta).not.toBeNull();
      const decoded = meta![1]!
        .replace(/&quot;/g, '"')
        .replace(/&lt;/g, '<')
        .replace(/&gt;/g, '>')
        .replace(/&amp;/g, '&');
      expect(JSON.parse(decoded)).toMatchObject({ supportPhone: phone });
      expect(response.body).not.toContain('<script>alert(1)');
      expect(response.body.match(/<\/html>/g)).toHaveLength(1);
    },
  );

  it('answers a missing file with 404, not the page, and never serves the raw index.html', async () => {
    const dist = await withDist();
    t = await buildTestApp({ webDistDir: dist });
    for (const url of ['/assets/contact-page-OLDHASH.js', '/robots.txt', '/assets/gone']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
    }
    const index = await t.app.inject({ method: 'GET', url: '/index.html' });
    expect(index.statusCode).toBe(200);
    expect(index.headers['cache-control']).toBe('no-cache');
    expect(index.body).not.toContain('content="{}"');
    expect(index.body).toContain('supportEmail');
  });

  it('caches hashed assets for a year and keeps API misses as JSON', async () => {
    const dist = await withDist();
    t = await buildTestApp({ webDistDir: dist });
    const asset = await t.app.inject({ method: 'GET', url: '/assets/app-1a2b.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(asset.body).toBe('console.log("kholo")');

    const favicon = await t.app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(favicon.headers['cache-control']).toBe('public, max-age=3600');

    const api = await t.app.inject({ method: 'GET', url: '/api/nope' });
    expect(api.statusCode).toBe(404);
    expect(api.json().error.code).toBe('NOT_FOUND');

    // A page's form posted without its script goes back to the page (ADR 027); other methods are JSON 404s.
    const postToPage = await t.app.inject({ method: 'POST', url: '/ContactUs', payload: {} });
    expect(postToPage.statusCode).toBe(303);
    const putToPage = await t.app.inject({ method: 'PUT', url: '/ContactUs', payload: {} });
    expect(putToPage.statusCode).toBe(404);
  });

  it('sends the precompressed copy the browser accepts, and the plain file otherwise', async () => {
    const dist = await withDist();
    const { brotliCompressSync, gzipSync } = await import('node:zlib');
    const script = 'console.log("kholo");'.repeat(100);
    await fs.writeFile(path.join(dist, 'assets', 'big-9z.js'), script);
    await fs.writeFile(path.join(dist, 'assets', 'big-9z.js.br'), brotliCompressSync(script));
    await fs.writeFile(path.join(dist, 'assets', 'big-9z.js.gz'), gzipSync(script));
    t = await buildTestApp({ webDistDir: dist });

    const brotli = await t.app.inject({
      method: 'GET',
      url: '/assets/big-9z.js',
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers['content-type']).toMatch(/javascript/);
    expect(brotli.rawPayload.length).toBeLessThan(script.length / 5);

    const gzip = await t.app.inject({
      method: 'GET',
      url: '/assets/big-9z.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gzip.headers['content-encoding']).toBe('gzip');

    const plain = await t.app.inject({
      method: 'GET',
      url: '/assets/big-9z.js',
      headers: { 'accept-encoding': 'identity' },
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });
});
