import { CONTENT_MESSAGES, type ContentDetail, type CreatorPage, firstCardPreload } from '@kholo/contracts';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStoragePendingRepository } from '../src/features/media/storage-pending-repository.js';
import { signUp } from './accounts-helpers.js';
import {
  contentRow,
  getAs,
  grantUnlock,
  HAS_FFMPEG,
  jpegWithGps,
  mp4Video,
  storedKeys,
  uploadItem,
} from './content-helpers.js';
import { buildTestApp, type TestApp } from './test-app.js';

let t: TestApp;
let creator: { id: string; cookie: string; handle: string };

beforeAll(async () => {
  t = await buildTestApp();
  const signed = await signUp(t.app, { name: 'Priya Sharma' });
  creator = { id: signed.me.account!.id, cookie: signed.cookie, handle: signed.me.creator!.handle };
});
afterAll(async () => {
  await t.close();
});

const NOT_FOUND = { error: { code: 'NOT_FOUND', message: CONTENT_MESSAGES.contentNotFound } };

async function detailOf(id: string, cookie?: string): Promise<ContentDetail> {
  const response = await getAs(t.app, `/api/contents/${id}`, cookie);
  expect(response.statusCode).toBe(200);
  return response.json<ContentDetail>();
}

describe('previews in several widths', () => {
  it('makes 320, 480 and 800 px copies in WebP of a large photo, each the size and type it says', async () => {
    const item = await uploadItem(t.app, creator.cookie, { file: await jpegWithGps(1600, 1200) });
    const { preview } = (await detailOf(item.id)).item;
    expect(preview).toEqual({
      url: `/api/contents/${item.id}/preview`,
      width: 480,
      height: 360,
      srcset: [320, 480, 800].map((width) => ({
        url: width === 480 ? `/api/contents/${item.id}/preview` : `/api/contents/${item.id}/preview/${width}.webp`,
        width,
        type: 'image/webp',
      })),
    });
    for (const source of preview!.srcset) {
      // A visitor may fetch every copy of an item on sale, and caches may keep it.
      const response = await getAs(t.app, source.url);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe(source.type);
      expect(response.headers['cache-control']).toBe('public, max-age=86400');
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      const meta = await sharp(response.rawPayload).metadata();
      expect(meta.format).toBe(source.type === 'image/avif' ? 'heif' : 'webp');
      expect(meta.width).toBe(source.width);
      expect(meta.height).toBe(Math.round((source.width * 3) / 4));
    }
  });

  it('makes no copy wider than the photo, and a tall photo keeps its shape', async () => {
    const small = await uploadItem(t.app, creator.cookie, { file: await jpegWithGps(400, 300) });
    const smallPreview = (await detailOf(small.id)).item.preview!;
    expect(smallPreview).toMatchObject({ width: 400, height: 300 });
    expect(smallPreview.srcset.map((source) => `${source.width} ${source.type}`)).toEqual([
      '267 image/webp',
      '400 image/webp',
    ]);

    const tall = await uploadItem(t.app, creator.cookie, { file: await jpegWithGps(600, 1800) });
    const tallPreview = (await detailOf(tall.id)).item.preview!;
    // Fitted inside 480 × 960: 320 × 960; its copies keep 1:3.
    expect(tallPreview).toMatchObject({ width: 320, height: 960 });
    for (const source of tallPreview.srcset) {
      const meta = await sharp((await getAs(t.app, source.url)).rawPayload).metadata();
      expect(meta.height).toBe(source.width * 3);
    }
  });

  it.skipIf(!HAS_FFMPEG)('makes the copies of a video from its frame', async () => {
    const video = await uploadItem(t.app, creator.cookie, {
      file: mp4Video(),
      fileName: 'clip.mp4',
      contentType: 'video/mp4',
    });
    const preview = (await detailOf(video.id)).item.preview!;
    expect(preview.width).not.toBeNull();
    expect(preview.srcset.length).toBeGreaterThan(1);
    for (const source of preview.srcset) expect((await getAs(t.app, source.url)).statusCode).toBe(200);
  });

  it('answers the item’s 404 for a width or type it does not have, and for anything else', async () => {
    const item = await uploadItem(t.app, creator.cookie, { file: await jpegWithGps(1600, 1200) });
    for (const variant of [
      '999.webp',
      '320.png',
      '320.jpg',
      'abc',
      '0320.webp',
      '320.webp.webp',
      '-1.webp',
      '1e3.webp',
    ]) {
      const response = await getAs(t.app, `/api/contents/${item.id}/preview/${variant}`);
      expect(response.statusCode, variant).toBe(404);
      expect(response.json()).toEqual(NOT_FOUND);
    }
    const unknown = await getAs(t.app, '/api/contents/no-such-item/preview/320.webp');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual(NOT_FOUND);
  });

  it('hides the copies of an item taken off sale from visitors, as the base preview is hidden', async () => {
    const item = await uploadItem(t.app, creator.cookie, { file: await jpegWithGps(1600, 1200) });
    await t.database.db.updateTable('contents').set({ hiddenAt: t.clock.now() }).where('id', '=', item.id).execute();
    for (const url of [`/api/contents/${item.id}/preview`, `/api/contents/${item.id}/preview/320.webp`]) {
      const visitor = await getAs(t.app, url);
      expect(visitor.statusCode).toBe(404);
      expect(visitor.json()).toEqual(NOT_FOUND);
      const owner = await getAs(t.app, url, creator.cookie);
      expect(owner.statusCode).toBe(200);
      expect(owner.headers['cache-control']).toBe('private, max-age=3600');
    }
  });

  it('still answers an item from before: its one preview, sized from the media, and no copies', async () => {
    const item = await uploadItem(t.app, creator.cookie, { file: await jpegWithGps(1000, 1250) });
    await t.database.db.updateTable('contents').set({ previewSizes: null }).where('id', '=', item.id).execute();
    const preview = (await detailOf(item.id)).item.preview;
    // Previews were fitted inside 480 × 480.
    expect(preview).toEqual({ url: `/api/contents/${item.id}/preview`, width: 384, height: 480, srcset: [] });
    expect((await getAs(t.app, `/api/contents/${item.id}/preview`)).statusCode).toBe(200);
    expect((await getAs(t.app, `/api/contents/${item.id}/preview/320.webp`)).statusCode).toBe(404);
    // A preload names the base preview only.
    expect(firstCardPreload([(await detailOf(item.id)).item])).toEqual({
      href: `/api/contents/${item.id}/preview`,
      imagesrcset: null,
      imagesizes: null,
      type: 'image/webp',
    });
  });

  it('removes every copy with the item’s other files when it is deleted, and keeps them while a fan’s unlock runs', async () => {
    const before = await storedKeys(t);
    const item = await uploadItem(t.app, creator.cookie, { file: await jpegWithGps(1600, 1200) });
    const row = await contentRow(t.database, item.id);
    const added = (await storedKeys(t)).filter((key) => !before.includes(key));
    // The original, the display copy, the base preview and its two copies.
    expect(added).toHaveLength(5);
    expect(added.filter((key) => key.startsWith(row.previewKey.replace(/\.webp$/, '')))).toHaveLength(3);

    // The journal never takes a live item's copies: each belongs to the row its base preview is on.
    const copies = added.filter((key) => /\.w\d+\.(webp|avif)$/.test(key));
    expect(await createStoragePendingRepository(t.database.db).takeForRemoval(copies)).toEqual([]);
    expect(await storedKeys(t)).toEqual([...before, ...added].sort());

    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/studio/contents/${item.id}`,
      headers: { cookie: creator.cookie, origin: t.config.publicUrl },
    });
    expect(deleted.statusCode).toBe(204);
    expect(await storedKeys(t)).toEqual(before);
  });

  it('keeps a deleted item’s copies for the fan whose unlock still runs', async () => {
    const fan = await signUp(t.app, { name: 'Asha Fan', role: 'fan' });
    const item = await uploadItem(t.app, creator.cookie, { file: await jpegWithGps(1600, 1200) });
    await grantUnlock(t.database, fan.me.account!.id, item.id, t.clock.now());
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/studio/contents/${item.id}`,
      headers: { cookie: creator.cookie, origin: t.config.publicUrl },
    });
    expect(deleted.statusCode).toBe(204);
    expect((await getAs(t.app, `/api/contents/${item.id}/preview/320.webp`, fan.cookie)).statusCode).toBe(200);
    expect((await getAs(t.app, `/api/contents/${item.id}/preview/320.webp`)).statusCode).toBe(404);
  });

  it('gives the creator page’s first card a preload with the srcset the card renders, and none for an 18+ first card', async () => {
    const page = async () => (await getAs(t.app, `/api/creators/${creator.handle}`)).json<CreatorPage>();
    // Newest first: this upload is the first card (earlier tests' items share one moment).
    t.clock.advance(1000);
    const newest = await uploadItem(t.app, creator.cookie, { file: await jpegWithGps(1600, 1200) });
    const first = (await page()).items[0]!;
    expect(first.id).toBe(newest.id);
    expect(firstCardPreload((await page()).items)).toEqual({
      href: first.previewUrl,
      imagesrcset: first
        .preview!.srcset.filter((source) => source.type === 'image/webp')
        .map((source) => `${source.url} ${source.width}w`)
        .join(', '),
      imagesizes: expect.stringContaining('calc(100vw - 32px)'),
      type: 'image/webp',
    });
    // Newest first: a later upload is the first card.
    t.clock.advance(1000);
    await uploadItem(t.app, creator.cookie, { file: await jpegWithGps(800, 600), isAdultContent: 'true' });
    expect((await page()).items[0]!.isAdultContent).toBe(true);
    expect(firstCardPreload((await page()).items)).toBeNull();
  });
});
