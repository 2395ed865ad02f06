import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { CONTENT_MESSAGES } from '@kholo/contracts';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStoragePendingRepository } from '../src/features/media/storage-pending-repository.js';
import { createStorageJournal, createStorageSweep } from '../src/features/media/storage-sweep.js';
import { SHARE_CARD_MAX_AGE_MS, SHARE_CARD_PREFIX } from '../src/features/share-previews/index.js';
import { signUp } from './accounts-helpers.js';
import {
  filesUnder,
  dataFolders,
  getAs,
  HAS_FFMPEG,
  jpegWithGps,
  mp4Video,
  multipartBody,
  storedKeys,
  uploadItem,
} from './content-helpers.js';
import { buildTestApp, type TestApp } from './test-app.js';

/** The tags a link preview reads, from the page the server sends for a path. */
function metaOf(html: string): Record<string, string> {
  const tags: Record<string, string> = {};
  for (const match of html.matchAll(/<meta (?:property|name)="([^"]+)" content="([^"]*)" \/>/g)) {
    tags[match[1]!] = match[2]!;
  }
  return tags;
}

const ORIGIN = 'https://kholo.example';
let t: TestApp;
let dist: string;
let creator: { id: string; cookie: string; handle: string };

beforeAll(async () => {
  dist = await fs.mkdtemp(path.join(os.tmpdir(), 'kholo-dist-'));
  await fs.writeFile(
    path.join(dist, 'index.html'),
    '<!doctype html><html lang="en-IN"><head><meta name="description" content="Kholo" /><meta name="kholo-config" content="{}" /></head><body><div id="root"></div></body></html>',
  );
  t = await buildTestApp({ webDistDir: dist, publicUrl: ORIGIN });
  const signed = await signUp(t.app, { name: 'Priya Sharma' });
  creator = { id: signed.me.account!.id, cookie: signed.cookie, handle: signed.me.creator!.handle };
});
afterAll(async () => {
  await t.close();
  await fs.rm(dist, { recursive: true, force: true });
});

async function metaFor(pagePath: string): Promise<Record<string, string>> {
  return metaOf((await t.app.inject({ url: pagePath })).body);
}

/** The og:image of a page, as a path on this server. */
async function imagePathOf(pagePath: string): Promise<string> {
  const image = (await metaFor(pagePath))['og:image'];
  expect(image, pagePath).toBeDefined();
  expect(image!.startsWith(`${ORIGIN}/`)).toBe(true);
  return image!.slice(ORIGIN.length);
}

/** Fetches a share card and checks it is a 1200 × 630 JPEG that may be cached for good. */
async function expectCard(url: string): Promise<Buffer> {
  const response = await getAs(t.app, url);
  expect(response.statusCode, url).toBe(200);
  expect(response.headers['content-type']).toBe('image/jpeg');
  expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  expect(response.headers['x-content-type-options']).toBe('nosniff');
  const meta = await sharp(response.rawPayload).metadata();
  expect(meta).toMatchObject({ format: 'jpeg', width: 1200, height: 630 });
  return response.rawPayload;
}

async function expectNoCard(url: string): Promise<void> {
  const response = await getAs(t.app, url);
  expect(response.statusCode, url).toBe(404);
  expect(response.headers['content-type']).toContain('application/json');
}

function hide(id: string) {
  return t.database.db.updateTable('contents').set({ hiddenAt: t.clock.now() }).where('id', '=', id).execute();
}

describe('share cards', () => {
  it('gives a photo a 1200 × 630 JPEG of its blurred preview, and says "View this photo"', async () => {
    const item = await uploadItem(t.app, creator.cookie, { title: 'Holi in Jaipur', pricePaise: '4900' });
    const meta = await metaFor(`/content/${item.id}`);
    expect(meta['og:description']).toMatch(/^View this photo by Priya Sharma on Kholo for ₹49, yours for 14 days\./);
    expect(meta['twitter:card']).toBe('summary_large_image');
    expect(meta['og:image:width']).toBe('1200');
    expect(meta['og:image:height']).toBe('630');
    expect(meta['og:image:type']).toBe('image/jpeg');
    const url = await imagePathOf(`/content/${item.id}`);
    expect(url).toMatch(new RegExp(`^/api/share-cards/contents/${item.id}/[A-Za-z0-9_-]{16}\\.jpg$`));
    const first = await expectCard(url);
    await fs.writeFile(path.join(os.tmpdir(), 'kholo-share-item.jpg'), first);
    // Made once, kept in storage, and the same bytes the second time.
    const kept = (await storedKeys(t)).filter((key) => key.startsWith(`${SHARE_CARD_PREFIX}${creator.id}/${item.id}-`));
    expect(kept).toHaveLength(1);
    expect((await getAs(t.app, url)).rawPayload.equals(first)).toBe(true);
    expect(filesUnder(dataFolders(t.config).staging)).toEqual([]);
  });

  it.skipIf(!HAS_FFMPEG)('says "Watch this video" for a video', async () => {
    const video = await uploadItem(t.app, creator.cookie, {
      title: 'Garba night',
      file: mp4Video(),
      fileName: 'garba.mp4',
      contentType: 'video/mp4',
    });
    expect((await metaFor(`/content/${video.id}`))['og:description']).toMatch(/^Watch this video by Priya Sharma/);
    await expectCard(await imagePathOf(`/content/${video.id}`));
  });

  it('never draws an 18+ item: its page shows the creator’s profile card, and its own card does not exist', async () => {
    const adult = await uploadItem(t.app, creator.cookie, { title: 'After dark', isAdultContent: 'true' });
    const url = await imagePathOf(`/content/${adult.id}`);
    expect(url).toBe(await imagePathOf(`/u/${creator.handle}`));
    expect(url).not.toContain(adult.id);
    await expectCard(url);
    // Asked for by its address anyway, with the version its details would have: nothing.
    const safe = await uploadItem(t.app, creator.cookie, { title: 'After dark' });
    const version = (await imagePathOf(`/content/${safe.id}`)).split('/').pop()!;
    await expectNoCard(`/api/share-cards/contents/${adult.id}/${version}`);
    expect((await storedKeys(t)).some((key) => key.startsWith(SHARE_CARD_PREFIX) && key.includes(adult.id))).toBe(
      false,
    );
  });

  it('gives a creator a card with her name, without an avatar and then with it', async () => {
    const url = await imagePathOf(`/u/${creator.handle}`);
    expect(url).toMatch(new RegExp(`^/api/share-cards/creators/${creator.id}/[A-Za-z0-9_-]{16}\\.jpg$`));
    await fs.writeFile(path.join(os.tmpdir(), 'kholo-share-profile-plain.jpg'), await expectCard(url));

    const { payload, headers } = multipartBody([
      { name: 'file', value: await jpegWithGps(600, 600), fileName: 'me.jpg', contentType: 'image/jpeg' },
    ]);
    const avatar = await t.app.inject({
      method: 'POST',
      url: '/api/studio/avatar',
      payload,
      headers: { ...headers, cookie: creator.cookie },
    });
    expect(avatar.statusCode).toBe(200);
    const withAvatar = await imagePathOf(`/u/${creator.handle}`);
    expect(withAvatar).not.toBe(url);
    await fs.writeFile(path.join(os.tmpdir(), 'kholo-share-profile-avatar.jpg'), await expectCard(withAvatar));
    // The old address leads to the card she has now.
    const old = await getAs(t.app, url);
    expect(old.statusCode).toBe(302);
    expect(old.headers.location).toBe(withAvatar);
  });

  it('makes a new card when the item changes, and sends the old address to it', async () => {
    const item = await uploadItem(t.app, creator.cookie, { title: 'Diwali lamps' });
    const before = await imagePathOf(`/content/${item.id}`);
    await expectCard(before);
    const edited = await t.app.inject({
      method: 'PATCH',
      url: `/api/studio/contents/${item.id}`,
      payload: { pricePaise: 9900 },
      headers: { cookie: creator.cookie, origin: ORIGIN },
    });
    expect(edited.statusCode).toBe(200);
    const after = await imagePathOf(`/content/${item.id}`);
    expect(after).not.toBe(before);
    await expectCard(after);
    const old = await getAs(t.app, before);
    expect(old.statusCode).toBe(302);
    expect(old.headers.location).toBe(after);
  });

  it('gives nothing for a hidden or deleted item, a suspended creator, or a malformed address', async () => {
    const hidden = await uploadItem(t.app, creator.cookie, { title: 'Hidden' });
    const hiddenUrl = await imagePathOf(`/content/${hidden.id}`);
    await hide(hidden.id);
    await expectNoCard(hiddenUrl);
    expect((await metaFor(`/content/${hidden.id}`))['og:image']).toBeUndefined();

    const deleted = await uploadItem(t.app, creator.cookie, { title: 'Deleted' });
    const deletedUrl = await imagePathOf(`/content/${deleted.id}`);
    await expectCard(deletedUrl);
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/studio/contents/${deleted.id}`,
      headers: { cookie: creator.cookie, origin: ORIGIN },
    });
    expect(removed.statusCode).toBe(204);
    // The kept file stays until the cache sweep, but is never sent again.
    await expectNoCard(deletedUrl);

    const other = await signUp(t.app, { name: 'Kabir Rao' });
    const otherId = other.me.account!.id;
    const otherItem = await uploadItem(t.app, other.cookie, { title: 'Kabir’s photo' });
    const profileUrl = await imagePathOf(`/u/${other.me.creator!.handle}`);
    const itemUrl = await imagePathOf(`/content/${otherItem.id}`);
    await t.database.db
      .updateTable('creators')
      .set({ suspendedAt: t.clock.now() })
      .where('userId', '=', otherId)
      .execute();
    await expectNoCard(profileUrl);
    await expectNoCard(itemUrl);

    const live = await uploadItem(t.app, creator.cookie, { title: 'Live' });
    const liveUrl = await imagePathOf(`/content/${live.id}`);
    for (const bad of [
      liveUrl.replace(/\.jpg$/, '.png'),
      liveUrl.replace(/[A-Za-z0-9_-]{16}\.jpg$/, 'short.jpg'),
      liveUrl.replace(/\.jpg$/, '.jpg.jpg'),
      `/api/share-cards/contents/no-such-item/AAAAAAAAAAAAAAAA.jpg`,
      `/api/share-cards/creators/${creator.handle}/AAAAAAAAAAAAAAAA.jpg`,
      `/api/share-cards/creators/nobody/AAAAAAAAAAAAAAAA.jpg`,
    ]) {
      const response = await getAs(t.app, bad);
      expect(response.statusCode, bad).toBe(404);
    }
    const unknown = await getAs(t.app, '/api/share-cards/contents/no-such-item/AAAAAAAAAAAAAAAA.jpg');
    expect(unknown.json()).toEqual({ error: { code: 'NOT_FOUND', message: CONTENT_MESSAGES.contentNotFound } });
  });

  it('makes a card once when many crawlers ask at once', async () => {
    const item = await uploadItem(t.app, creator.cookie, { title: 'Crowded' });
    const url = await imagePathOf(`/content/${item.id}`);
    const answers = await Promise.all(Array.from({ length: 6 }, () => getAs(t.app, url)));
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(new Set(answers.map((answer) => answer.rawPayload.toString('base64'))).size).toBe(1);
    expect(
      (await storedKeys(t)).filter((key) => key.includes(item.id) && key.startsWith(SHARE_CARD_PREFIX)),
    ).toHaveLength(1);
  });

  it('has the storage sweep remove kept cards once old, and a card removed is made again', async () => {
    const item = await uploadItem(t.app, creator.cookie, { title: 'Old news' });
    const url = await imagePathOf(`/content/${item.id}`);
    await expectCard(url);
    const cards = async () => (await storedKeys(t)).filter((key) => key.startsWith(SHARE_CARD_PREFIX));
    expect((await cards()).length).toBeGreaterThan(0);
    const pending = createStoragePendingRepository(t.database.db);
    const sweep = createStorageSweep({
      journal: createStorageJournal({ pending, storage: t.storage, clock: t.clock }),
      pending,
      contents: { findDeletedWithUnneededFiles: async () => [], releaseFilesIfUnneeded: async () => [] },
      clock: t.clock,
      logger: { info: () => undefined, warn: () => undefined },
      caches: { storage: t.storage, folders: [{ prefix: SHARE_CARD_PREFIX, maxAgeMs: SHARE_CARD_MAX_AGE_MS }] },
    });
    // Young cards stay.
    expect((await sweep.sweepCaches()).removed).toBe(0);
    const itemFiles = (await storedKeys(t)).filter((key) => !key.startsWith(SHARE_CARD_PREFIX));
    // The files' times are the machine's; the test clock may stand before them.
    t.clock.advance(Math.max(0, Date.now() - t.clock.now()) + SHARE_CARD_MAX_AGE_MS + 60_000);
    const { removed } = await sweep.sweepCaches();
    expect(removed).toBeGreaterThan(0);
    expect(await cards()).toEqual([]);
    // Only cards: every item's and avatar's files are still there.
    expect(await storedKeys(t)).toEqual(itemFiles);
    await expectCard(url);
  });
});
