import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { WebRenderer } from '../src/features/pages/index.js';
import { signUp } from './accounts-helpers.js';
import { adminCookie, getAs, grantUnlock, uploadItem } from './content-helpers.js';
import { buildTestApp, type TestApp } from './test-app.js';

// The web's own server entry, from its sources: the pages are rendered by the real routes and components.
// (A path in a variable, so the server's type check leaves the web's TSX to the web's own.)
const webEntry = path.resolve(import.meta.dirname, '../../web/src/entry-server.tsx');
const renderer = (await import(webEntry)) as WebRenderer;

const SHELL =
  '<!doctype html><html lang="en-IN"><head>\n<meta\n  name="description"\n  content="Kholo, the site"\n/>\n' +
  '<meta name="kholo-config" content="{}" /></head><body><div id="root"></div>' +
  '<script type="module" src="/assets/index-1a2b.js"></script></body></html>';

let t: TestApp;
let dist: string;
let admin: string;
let creator: { id: string; cookie: string; handle: string };
const titles = ['Holi at the City Palace', 'Gangaur procession', 'Hawa Mahal at dawn', 'Stepwell in Abhaneri'];
const items: { id: string }[] = [];

beforeAll(async () => {
  dist = await fs.mkdtemp(path.join(os.tmpdir(), 'kholo-dist-'));
  await fs.writeFile(path.join(dist, 'index.html'), SHELL);
  t = await buildTestApp({ webDistDir: dist, publicUrl: 'https://kholo.example' }, { deps: { webRenderer: renderer } });
  admin = await adminCookie(t.app);
  const signedUp = await signUp(t.app, { name: 'Meera Iyer' });
  creator = { id: signedUp.me.account!.id, cookie: signedUp.cookie, handle: signedUp.me.creator!.handle };
  await t.app.inject({
    method: 'PATCH',
    url: '/api/studio/profile',
    payload: { bio: 'Jaipur street photographer </script><script>alert(1)</script>' },
    headers: { cookie: creator.cookie },
  });
  for (const title of titles) {
    items.push(await uploadItem(t.app, creator.cookie, { title }));
    t.clock.advance(60_000);
  }
});
afterAll(async () => {
  await t.close();
  await fs.rm(dist, { recursive: true, force: true });
});

/** A creator who gave up her first handle for `newHandle`; `oldHandle` is held for her. */
async function renamedCreator(name: string, newHandle: string) {
  const signedUp = await signUp(t.app, { name });
  const changed = await t.app.inject({
    method: 'PATCH',
    url: '/api/studio/profile',
    payload: { handle: newHandle },
    headers: { cookie: signedUp.cookie },
  });
  expect(changed.statusCode).toBe(200);
  return { ...signedUp, oldHandle: signedUp.me.creator!.handle };
}

/** The page's parts: the root element's attributes and inside, the head, and the embedded answers. */
function partsOf(response: LightMyRequestResponse) {
  const html = response.body;
  const root =
    /<div id="root"([^>]*)>([\s\S]*)<\/div>\s*<script type="application\/json" id="kholo-page-queries">/.exec(html);
  const queries = /<script type="application\/json" id="kholo-page-queries">([\s\S]*?)<\/script>/.exec(html)?.[1];
  return {
    attributes: root?.[1] ?? '',
    body: root?.[2] ?? '',
    head: html.slice(0, html.indexOf('</head>')),
    queries:
      queries === undefined ? null : (JSON.parse(queries) as { key: unknown[]; data?: unknown; status?: number }[]),
  };
}

describe('server-rendered pages (ADR 027)', () => {
  it('the landing page arrives whole for a visitor, to hydrate on her first intent', async () => {
    const response = await getAs(t.app, '/');
    expect(response.statusCode).toBe(200);
    const page = partsOf(response);
    expect(page.attributes).toContain('data-server-rendered');
    expect(page.attributes).toContain('data-hydrate="on-intent"');
    expect(page.body).toContain('Frequently asked questions');
    expect(page.head).toContain('<title>Kholo — Sell your photos and videos</title>');
    // The landing's own description (in the visitor's language, ADR 030) replaces the shell's.
    expect(page.head).toContain('<meta name="description" content="Kholo lets Indian creators sell 14-day access');
    expect(page.head).not.toContain('content="Kholo, the site"');
    expect(page.head).not.toContain('noindex');
    expect(page.queries).toEqual([{ key: ['me'], data: { account: null, creator: null, fan: null, policies: null } }]);
  });

  it('a signed-in creator’s / is her dashboard, rendered in the browser', async () => {
    const response = await getAs(t.app, '/', creator.cookie);
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<div id="root"></div>');
    expect(response.body).not.toContain('kholo-page-queries');
  });

  it('a creator’s page has her name, bio and first three titles in the first response', async () => {
    const response = await getAs(t.app, `/u/${creator.handle}`);
    expect(response.statusCode).toBe(200);
    const page = partsOf(response);
    expect(page.head).toContain('<title>Meera Iyer · Kholo</title>');
    // Her own description replaces the site's.
    expect(page.head).toContain('<meta name="description" content="Meera Iyer on Kholo. Jaipur street photographer');
    expect(page.head.match(/name="description"/g)).toHaveLength(1);
    // The first card's preview (the largest paint) is asked for from the head, as the card draws it.
    const preload = /<link rel="preload"[^>]*>/.exec(page.head)?.[0] ?? '';
    expect(preload).toContain('as="image"');
    expect(preload).toMatch(/fetchPriority="high"/i);
    expect(preload).toContain(`/api/contents/${items[3]!.id}/preview`);
    expect(page.body).toContain('Meera Iyer');
    expect(page.body).toContain('Jaipur street photographer');
    // Newest first; a visitor sees three.
    for (const title of titles.slice(1)) expect(page.body).toContain(title);
    expect(page.body).not.toContain(titles[0]);
    // The bio's markup is text, in the page and in the embedded answers.
    expect(response.body).not.toContain('<script>alert(1)</script>');
    expect(page.queries?.[1]).toMatchObject({
      key: ['creator-page', creator.handle, null],
      data: { creator: { name: 'Meera Iyer' }, totalCount: 4 },
    });
  });

  it('a signed-in fan sees her own access in the first response, and her app starts at once', async () => {
    const fan = await signUp(t.app, { role: 'fan', name: 'Isha Patel' });
    await grantUnlock(t.database, fan.me.account!.id, items[0]!.id, t.clock.now());
    const response = await getAs(t.app, `/u/${creator.handle}`, fan.cookie);
    // Her own answers are in it: no shared cache may keep it.
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect(response.headers.vary).toMatch(/cookie/i);
    const page = partsOf(response);
    expect(page.attributes).toContain('data-hydrate="now"');
    expect(page.body).toContain(titles[0]);
    expect(page.body).toMatch(/Unlocked/);
    expect(page.queries?.[1]?.key).toEqual(['creator-page', creator.handle, fan.me.account!.id]);
  });

  it('a session renewed by the page’s own reads gets its new cookie on the page’s response', async () => {
    const fan = await signUp(t.app, { role: 'fan', name: 'Tara Singh' });
    expect((await getAs(t.app, `/u/${creator.handle}`, fan.cookie)).headers['set-cookie']).toBeUndefined();
    // Sessions are renewed once a day of their life has passed (better-auth reads the real clock).
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 2 * 24 * 60 * 60 * 1000 });
    try {
      const renewed = await getAs(t.app, `/u/${creator.handle}`, fan.cookie);
      expect(renewed.statusCode).toBe(200);
      expect(String(renewed.headers['set-cookie'])).toMatch(/session_token=/);
    } finally {
      vi.useRealTimers();
    }
  });

  it('an item’s page arrives whole', async () => {
    const response = await getAs(t.app, `/content/${items[1]!.id}`);
    expect(response.statusCode).toBe(200);
    expect(partsOf(response).head).toContain(`<title>${titles[1]} · Kholo</title>`);
  });

  it('the policy pages arrive whole', async () => {
    for (const url of ['/TermsAndConditions', '/PrivacyPolicy', '/CancellationsAndRefunds', '/ShippingPolicy']) {
      const response = await getAs(t.app, url);
      expect(response.statusCode, url).toBe(200);
      const page = partsOf(response);
      expect(page.body.length, url).toBeGreaterThan(2000);
      expect(page.head.match(/<meta name="description" content="[^"]{40,}"/g), url).toHaveLength(1);
    }
  });

  describe('real status codes', () => {
    it('an unknown creator, item or page is a 404 with the friendly page, not indexed', async () => {
      for (const [url, words] of [
        ['/u/nobody-here', 'find that creator'],
        ['/content/no-such-item', 'not found'],
        ['/no/such/page', 'Page not found'],
      ] as const) {
        const response = await getAs(t.app, url);
        expect(response.statusCode, url).toBe(404);
        const page = partsOf(response);
        expect(page.body.toLowerCase(), url).toContain(words.toLowerCase());
        expect(page.head, url).toContain('<meta name="robots" content="noindex" />');
      }
    });

    it('a hidden item is a 404, like one that never was', async () => {
      const hidden = await uploadItem(t.app, creator.cookie, { title: 'To be hidden' });
      await t.app.inject({
        method: 'POST',
        url: '/api/admin/contents/hide',
        payload: { id: hidden.id, reason: 'Shows a stranger without consent' },
        headers: { cookie: admin },
      });
      expect((await getAs(t.app, `/content/${hidden.id}`)).statusCode).toBe(404);
    });

    it('a suspended creator’s page is a 404; her old handle, held for her, is 410 Gone', async () => {
      const suspended = await renamedCreator('Ravi Menon', 'ravi-frames');
      const { oldHandle } = suspended;
      await t.app.inject({
        method: 'POST',
        url: '/api/admin/creators/suspend',
        payload: { id: suspended.me.account!.id, reason: 'Sells other people’s photos' },
        headers: { cookie: admin },
      });
      expect((await getAs(t.app, '/u/ravi-frames')).statusCode).toBe(404);
      const old = await getAs(t.app, `/u/${oldHandle}`);
      expect(old.statusCode).toBe(410);
      expect(partsOf(old).head).toContain('noindex');
    });

    it('an old handle redirects to the creator’s new one while it is held for her (302: the hold ends)', async () => {
      const renamed = await renamedCreator('Lakshmi Nair', 'backwaters-lens');
      const { oldHandle } = renamed;
      const response = await getAs(t.app, `/u/${oldHandle}`);
      expect(response.statusCode).toBe(302);
      expect(response.headers.location).toBe('/u/backwaters-lens');
    });
  });

  it('pages the browser renders (the admin, a fan’s purchases) go out as the shell', async () => {
    for (const url of ['/admin', '/purchases', '/payment-success?order_id=x']) {
      const response = await getAs(t.app, url);
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toContain('<div id="root"></div>');
    }
  });

  it('a page the server cannot render still loads: the shell goes out for the browser', async () => {
    const broken = await buildTestApp(
      { webDistDir: dist },
      {
        deps: {
          webRenderer: {
            ...renderer,
            renderPage: () => Promise.reject(new Error('render failed')),
          },
        },
      },
    );
    try {
      const response = await getAs(broken.app, '/TermsAndConditions');
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('<div id="root"></div>');
    } finally {
      await broken.close();
    }
  });

  describe('what the review found', () => {
    it('no server-rendered page has a style attribute or a script the CSP would refuse, for any viewer', async () => {
      const buyer = await signUp(t.app, { role: 'fan', name: 'Neha Gupta' });
      await grantUnlock(t.database, buyer.me.account!.id, items[2]!.id, t.clock.now());
      const pages = ['/', '/ContactUs', '/grievance', '/TermsAndConditions', `/u/${creator.handle}`, '/nope'];
      const viewers = [undefined, buyer.cookie, creator.cookie];
      for (const cookie of viewers) {
        for (const url of [...pages, `/content/${items[2]!.id}`]) {
          const html = (await getAs(t.app, url, cookie)).body;
          expect(html, url).not.toMatch(/\sstyle=/);
          const scripts = html.match(/<script\b[^>]*>/g) ?? [];
          for (const script of scripts) expect(script, url).toMatch(/type="(module|application\/json)"/);
        }
      }
    });

    it('a path that looks like another host or climbs out is the 404 it is, not a page without data', async () => {
      const response = await getAs(t.app, `//evil.example/u/${creator.handle}`);
      expect(response.statusCode).toBe(404);
      expect(partsOf(response).body).toContain('Page not found');
      // A path that climbs is planned and rendered as the one it names.
      const climbing = await getAs(t.app, `/x/../u/${creator.handle}`);
      expect(climbing.statusCode).toBe(200);
      expect(partsOf(climbing).body).toContain('Meera Iyer');
    });

    it('a form posted to a page without the app goes back to the page, with nothing in its address', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/ContactUs',
        payload: 'name=Asha&email=asha%40example.com&message=private',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      expect(response.statusCode).toBe(303);
      expect(response.headers.location).toBe('/ContactUs');
      // Never to another site.
      const elsewhere = await t.app.inject({ method: 'POST', url: '//evil.example/ContactUs', payload: '' });
      expect(elsewhere.headers.location).toBe('/evil.example/ContactUs');
    });

    it('a share link’s query string does not make a page of its own in the visitors’ cache', async () => {
      const plain = (await getAs(t.app, '/PrivacyPolicy')).body;
      const tagged = (await getAs(t.app, '/PrivacyPolicy?fbclid=abc123&utm_source=whatsapp')).body;
      expect(tagged).toBe(plain);
    });

    it('pages go out compressed for browsers that take it', async () => {
      const response = await getAs(t.app, `/u/${creator.handle}`, undefined, {
        'accept-encoding': 'gzip, deflate, br',
      });
      expect(response.headers['content-encoding']).toBe('br');
      expect(response.headers.vary).toMatch(/accept-encoding/i);
      const gzip = await getAs(t.app, '/', undefined, { 'accept-encoding': 'gzip' });
      expect(gzip.headers['content-encoding']).toBe('gzip');
      expect(zlib.gunzipSync(gzip.rawPayload).toString()).toContain('Frequently asked questions');
    });

    it('a redirect that carries a renewed session cookie is kept by no cache', async () => {
      const renamed = await renamedCreator('Sunita Rao', 'sunita-lens');
      const { oldHandle } = renamed;
      vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 2 * 24 * 60 * 60 * 1000 });
      try {
        const response = await getAs(t.app, `/u/${oldHandle}`, renamed.cookie);
        expect(response.statusCode).toBe(302);
        expect(String(response.headers['set-cookie'])).toMatch(/session_token=/);
        expect(response.headers['cache-control']).toBe('private, no-store');
      } finally {
        vi.useRealTimers();
      }
    });
  });
});
