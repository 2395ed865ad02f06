import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SHARE_SOURCES } from '@kholo/contracts';
import type { WebRenderer } from '../src/features/pages/index.js';
import { signUp } from './accounts-helpers.js';
import { getAs, uploadItem } from './content-helpers.js';
import { buildTestApp, type TestApp } from './test-app.js';

// The web's own server entry, from its sources, as in server-pages.test.ts.
const webEntry = path.resolve(import.meta.dirname, '../../web/src/entry-server.tsx');
const renderer = (await import(webEntry)) as WebRenderer;

const SHELL =
  '<!doctype html><html lang="en-IN"><head>\n<meta name="kholo-config" content="{}" /></head><body><div id="root"></div>' +
  '<script type="module" src="/assets/index-1a2b.js"></script></body></html>';

let t: TestApp;
let dist: string;
let creator: { cookie: string; handle: string };
let itemId: string;

beforeAll(async () => {
  dist = await fs.mkdtemp(path.join(os.tmpdir(), 'kholo-dist-'));
  await fs.writeFile(path.join(dist, 'index.html'), SHELL);
  t = await buildTestApp({ webDistDir: dist, publicUrl: 'https://kholo.example' }, { deps: { webRenderer: renderer } });
  const signedUp = await signUp(t.app, { name: 'Meera Iyer' });
  creator = { cookie: signedUp.cookie, handle: signedUp.me.creator!.handle };
  itemId = (await uploadItem(t.app, creator.cookie, { title: 'Holi & colours' })).id;
});
afterAll(async () => {
  await t.close();
  await fs.rm(dist, { recursive: true, force: true });
});

function rootOf(response: LightMyRequestResponse): string {
  return /<div id="root"[^>]*>([\s\S]*)<\/div>\s*<script type="application\/json"/.exec(response.body)?.[1] ?? '';
}

function headOf(response: LightMyRequestResponse): string {
  return response.body.slice(0, response.body.indexOf('</head>'));
}

/** The decoded `text` of the page's WhatsApp link. */
function whatsappText(body: string): string | null {
  const href = /<a href="(https:\/\/wa\.me\/\?text=[^"]+)"/.exec(body)?.[1];
  return href === undefined ? null : new URL(href.replace(/&amp;/g, '&')).searchParams.get('text');
}

describe('sharing on the server-rendered public pages (issue 26)', () => {
  it('a visit through any share tag gets the same page and status as the plain link, canonical without the tag', async () => {
    for (const pagePath of [`/u/${creator.handle}`, `/content/${itemId}`]) {
      const plain = await getAs(t.app, pagePath);
      expect(plain.statusCode).toBe(200);
      const canonical = `https://kholo.example${pagePath}`;
      expect(headOf(plain)).toContain(`<link rel="canonical" href="${canonical}" />`);
      for (const source of SHARE_SOURCES) {
        const tagged = await getAs(t.app, `${pagePath}?src=${source}`);
        expect(tagged.statusCode, `${pagePath}?src=${source}`).toBe(200);
        expect(rootOf(tagged)).toBe(rootOf(plain));
        expect(headOf(tagged)).toContain(`<link rel="canonical" href="${canonical}" />`);
        expect(headOf(tagged)).toContain(`<meta property="og:url" content="${canonical}" />`);
        expect(tagged.body).not.toMatch(/\sstyle=/);
      }
    }
  });

  it('the creator page’s WhatsApp button is a real link in the HTML, with her message and the tagged link', async () => {
    const body = rootOf(await getAs(t.app, `/u/${creator.handle}`));
    expect(whatsappText(body)).toBe(
      `Meera Iyer is on Kholo — unlock photos and videos here: https://kholo.example/u/${creator.handle}?src=wa`,
    );
    expect(body).toContain('target="_blank"');
    expect(body).toContain('Copy link');
    // The share sheet is known only in the browser, after hydration: never in the server's HTML.
    expect(body).not.toMatch(/>Share<\/button>/);
  });

  it('an item’s page shares the item, its title encoded once', async () => {
    const body = rootOf(await getAs(t.app, `/content/${itemId}`));
    expect(whatsappText(body)).toBe(
      `New on Kholo: Holi & colours by Meera Iyer — unlock it here: https://kholo.example/content/${itemId}?src=wa`,
    );
  });

  it('“View my page as a fan” renders for her without owner controls or style attributes', async () => {
    const own = await getAs(t.app, `/u/${creator.handle}`, creator.cookie);
    expect(rootOf(own)).toContain('Your item');
    const asFan = await getAs(t.app, `/u/${creator.handle}?as=fan`, creator.cookie);
    expect(asFan.statusCode).toBe(200);
    expect(rootOf(asFan)).not.toContain('Your item');
    expect(asFan.body).not.toMatch(/\sstyle=/);
  });
});
