import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from './accounts-helpers.js';
import { jpegWithGps, postUpload, uploadForm } from './content-helpers.js';
import { buildTestApp, type TestApp } from './test-app.js';

/** The tags a link preview reads, from the page the server sends for a path. */
function metaOf(html: string): Record<string, string> {
  const tags: Record<string, string> = {};
  for (const match of html.matchAll(/<meta (?:property|name)="([^"]+)" content="([^"]*)" \/>/g)) {
    tags[match[1]!] = match[2]!;
  }
  const canonical = /<link rel="canonical" href="([^"]*)" \/>/.exec(html);
  if (canonical !== null) tags['canonical'] = canonical[1]!;
  return tags;
}

describe('share previews for creator and content pages', () => {
  let t: TestApp;
  let dist: string;
  let handle: string;
  let itemId: string;
  let adultId: string;
  /** Error lines the app logged: an old address or a reserved word is no failure. */
  const errorLogs: string[] = [];

  beforeAll(async () => {
    dist = await fs.mkdtemp(path.join(os.tmpdir(), 'kholo-dist-'));
    await fs.writeFile(
      path.join(dist, 'index.html'),
      '<!doctype html><html lang="en-IN"><head>\n<meta\n  name="description"\n  content="Kholo, the site"\n/>\n<meta name="kholo-config" content="{}" /></head><body><div id="root"></div></body></html>',
    );
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        const line = JSON.parse(chunk.toString()) as { level: number; msg?: string };
        if (line.level >= 50) errorLogs.push(line.msg ?? '');
        done();
      },
    });
    t = await buildTestApp(
      { webDistDir: dist, publicUrl: 'https://kholo.example' },
      { logger: pino({ level: 'error' }, stream) },
    );
    const creator = await signUp(t.app, { name: 'Meera "Jaipur" <Rao>' });
    handle = creator.me.creator!.handle;
    const upload = await postUpload(
      t.app,
      creator.cookie,
      uploadForm({
        title: 'Holi & colours',
        description: 'At the City Palace',
        pricePaise: '49900',
        file: await jpegWithGps(),
      }),
    );
    itemId = upload.json().id;
    const adult = await postUpload(
      t.app,
      creator.cookie,
      uploadForm({ title: 'Horror short', isAdultContent: 'true', file: await jpegWithGps() }),
    );
    adultId = adult.json().id;
  });

  afterAll(async () => {
    await t.close();
    await fs.rm(dist, { recursive: true, force: true });
  });

  it('gives a content page its title, price, blurred preview and canonical URL', async () => {
    const response = await t.app.inject({ url: `/content/${itemId}` });
    expect(response.statusCode).toBe(200);
    const meta = metaOf(response.body);
    expect(meta['og:title']).toBe('Holi &amp; colours · ₹499 · Meera &quot;Jaipur&quot; &lt;Rao&gt; on Kholo');
    expect(meta['og:description']).toBe(
      'View this photo by Meera &quot;Jaipur&quot; &lt;Rao&gt; on Kholo for ₹499, yours for 14 days. At the City Palace',
    );
    // Its 1200 × 630 share card (share-cards.test.ts looks at the picture).
    expect(meta['og:image']).toMatch(
      new RegExp(`^https://kholo\\.example/api/share-cards/contents/${itemId}/[A-Za-z0-9_-]{16}\\.jpg$`),
    );
    expect(meta['og:image:type']).toBe('image/jpeg');
    expect(meta['og:image:width']).toBe('1200');
    expect(meta['og:image:height']).toBe('630');
    expect(meta['twitter:card']).toBe('summary_large_image');
    expect(meta['product:price:amount']).toBe('499.00');
    expect(meta['product:price:currency']).toBe('INR');
    expect(meta['canonical']).toBe(`https://kholo.example/content/${itemId}`);
    // The page's description replaces the site's, so there is one.
    expect(response.body).not.toContain('Kholo, the site');
    expect(response.body).not.toContain('/media');
    expect(response.body).not.toContain('/download');
  });

  it('shows no picture of an 18+ item: its creator’s profile card instead', async () => {
    const meta = metaOf((await t.app.inject({ url: `/content/${adultId}` })).body);
    expect(meta['og:title']).toContain('Horror short');
    expect(meta['og:image']).toMatch(/^https:\/\/kholo\.example\/api\/share-cards\/creators\//);
    expect(meta['og:image']).toBe(metaOf((await t.app.inject({ url: `/u/${handle}` })).body)['og:image']);
    expect(meta['og:image']).not.toContain(adultId);
    expect(meta['twitter:card']).toBe('summary_large_image');
  });

  it('gives a creator page the name, bio default, item count and her profile card', async () => {
    const meta = metaOf((await t.app.inject({ url: `/u/${handle}` })).body);
    expect(meta['og:title']).toBe('Meera &quot;Jaipur&quot; &lt;Rao&gt; on Kholo');
    expect(meta['og:description']).toBe('Creator on Kholo. 2 photos and videos to unlock.');
    expect(meta['og:image']).toMatch(
      /^https:\/\/kholo\.example\/api\/share-cards\/creators\/[^/]+\/[A-Za-z0-9_-]{16}\.jpg$/,
    );
    expect(meta['og:type']).toBe('profile');
  });

  it('gives reserved words no card, whoever is named like them', async () => {
    for (const name of ['Support', 'Admin', 'Kholo']) await signUp(t.app, { name });
    for (const url of ['/u/support', '/u/Admin', '/u/kholo', '/u/%20Support%20']) {
      const response = await t.app.inject({ url });
      expect(response.statusCode).toBe(200);
      expect(metaOf(response.body)['og:title'], url).toBeUndefined();
      expect(response.body).toContain('Kholo, the site');
    }
  });

  it('gives a handle given up no card, not even for a creator named like it', async () => {
    const mover = await signUp(t.app, { name: 'Zoya Khan' });
    const moved = await t.app.inject({
      method: 'PATCH',
      url: '/api/studio/profile',
      payload: { handle: 'zoya-frames' },
      headers: { cookie: mover.cookie },
    });
    expect(moved.statusCode).toBe(200);
    await signUp(t.app, { name: 'zoya-khan' });
    const response = await t.app.inject({ url: '/u/zoya-khan' });
    expect(response.statusCode).toBe(200);
    expect(metaOf(response.body)['og:title']).toBeUndefined();
    expect(response.body).toContain('Kholo, the site');
    // Her new address has her card.
    expect(metaOf((await t.app.inject({ url: '/u/zoya-frames' })).body)['og:title']).toBe('Zoya Khan on Kholo');
    expect(errorLogs).toEqual([]);
  });

  it('leaves unknown creators and items, and other pages, with the site description only', async () => {
    for (const url of ['/u/nobody-here', '/content/not-an-id', '/ContactUs']) {
      const response = await t.app.inject({ url });
      expect(response.statusCode).toBe(200);
      expect(metaOf(response.body)['og:title']).toBeUndefined();
      expect(response.body).toContain('Kholo, the site');
    }
  });
});
