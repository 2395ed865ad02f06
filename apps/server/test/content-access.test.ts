import { randomUUID } from 'node:crypto';
import type { ContentAccess, ContentDetail, CreatorPage, StudioContent } from '@kholo/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorOf, signUp } from './accounts-helpers.js';
import {
  adminCookie,
  contentRow,
  type FileAnswer,
  getAs,
  getFile,
  grantUnlock,
  HAS_FFMPEG,
  jpegWithGps,
  mp4Header,
  mp4Video,
  uploadItem,
} from './content-helpers.js';
import { TEST_STORAGE_IS_S3 } from './s3-test-bucket.js';
import { buildTestApp, type TestApp } from './test-app.js';

const DAY_MS = 24 * 60 * 60 * 1000;

let t: TestApp;
let owner: { id: string; cookie: string; handle: string };
let otherCreator: string;
let fanLocked: string;
let fanUnlocked: { id: string; cookie: string };
let fanExpired: string;
let admin: string;
let image: StudioContent;
let video: StudioContent;
let videoBytes: Buffer;

type Viewer =
  | 'owner'
  | 'other creator'
  | 'fan without unlock'
  | 'fan with unlock'
  | 'fan with expired unlock'
  | 'visitor'
  | 'admin';

function cookieOf(viewer: Viewer): string | undefined {
  switch (viewer) {
    case 'owner':
      return owner.cookie;
    case 'other creator':
      return otherCreator;
    case 'fan without unlock':
      return fanLocked;
    case 'fan with unlock':
      return fanUnlocked.cookie;
    case 'fan with expired unlock':
      return fanExpired;
    case 'visitor':
      return undefined;
    case 'admin':
      return admin;
  }
}

beforeAll(async () => {
  // No ffmpeg in this file, so the video fixture works the same on every machine.
  t = await buildTestApp({}, { deps: { videoTools: null } });
  const creator = await signUp(t.app, { name: 'Priya Sharma' });
  owner = { id: creator.me.account!.id, cookie: creator.cookie, handle: creator.me.creator!.handle };
  otherCreator = (await signUp(t.app, { name: 'Kabir Rao' })).cookie;
  fanLocked = (await signUp(t.app, { role: 'fan', name: 'Ravi Kumar' })).cookie;
  const unlocked = await signUp(t.app, { role: 'fan', name: 'Anjali Das' });
  fanUnlocked = { id: unlocked.me.account!.id, cookie: unlocked.cookie };
  const expired = await signUp(t.app, { role: 'fan', name: 'Vikram Singh' });
  fanExpired = expired.cookie;
  admin = await adminCookie(t.app);

  image = await uploadItem(t.app, owner.cookie, { file: await jpegWithGps(800, 600), title: 'Holi in Jaipur' });
  videoBytes = HAS_FFMPEG ? mp4Video() : mp4Header(64 * 1024);
  video = await uploadItem(t.app, owner.cookie, {
    file: videoBytes,
    fileName: 'ghats.mp4',
    contentType: 'video/mp4',
    title: 'Evening aarti',
  });
  const now = t.clock.now();
  for (const item of [image, video]) {
    await grantUnlock(t.database, fanUnlocked.id, item.id, now - 2 * DAY_MS);
    // Bought 15 days ago: the 14-day window closed yesterday.
    await grantUnlock(t.database, expired.me.account!.id, item.id, now - 15 * DAY_MS);
  }
});
afterAll(async () => {
  await t.close();
});

/** What a missing item's media answers; anything the viewer may not open must answer exactly this. */
async function missingAnswer(path: 'media' | 'download' | 'preview', cookie?: string) {
  return getAs(t.app, `/api/contents/${randomUUID()}/${path}`, cookie);
}

interface Answer {
  statusCode: number;
  body: string;
  headers: Record<string, unknown>;
}

function expectSameAs(actual: Answer, missing: Answer): void {
  expect(actual.statusCode).toBe(404);
  expect(actual.statusCode).toBe(missing.statusCode);
  expect(actual.body).toBe(missing.body);
  expect(actual.headers['content-type']).toBe(missing.headers['content-type']);
  expect(actual.headers['content-length']).toBe(missing.headers['content-length']);
  expect(actual.headers['content-disposition']).toBeUndefined();
  expect(actual.headers.etag).toBeUndefined();
  // Refused means refused: never a redirect to storage, not even an expired one.
  expect(actual.headers.location).toBeUndefined();
}

/**
 * Originals are private. Streamed from local disk they are cached briefly by the browser and
 * never sniffed; on S3 the app's redirect is never cached and its URL dies within 5 minutes.
 */
function expectPrivateOriginal(answer: FileAnswer): void {
  if (answer.redirect === null) {
    expect(t.config.s3).toBeNull();
    expect(answer.headers['cache-control']).toBe('private, max-age=300');
    expect(answer.headers['x-content-type-options']).toBe('nosniff');
    return;
  }
  expect(answer.redirect.statusCode).toBe(302);
  expect(answer.redirect.headers['cache-control']).toBe('private, no-store');
  const location = new URL(String(answer.redirect.headers.location));
  expect(location.origin).toBe(new URL(t.config.s3!.endpoint!).origin);
  expect(location.pathname).toMatch(new RegExp(`^/${t.config.s3!.bucket}/(media|displays)/`));
  expect(Number(location.searchParams.get('X-Amz-Expires'))).toBeGreaterThan(0);
  expect(Number(location.searchParams.get('X-Amz-Expires'))).toBeLessThanOrEqual(300);
}

describe('who may see what', () => {
  const grid: [Viewer, ContentAccess['kind']][] = [
    ['owner', 'owner'],
    ['other creator', 'locked'],
    ['fan without unlock', 'locked'],
    ['fan with unlock', 'unlocked'],
    ['fan with expired unlock', 'locked'],
    ['visitor', 'locked'],
    ['admin', 'admin'],
  ];

  it.each(grid)('%s: the content page says %s', async (viewer, kind) => {
    for (const item of [image, video]) {
      const response = await getAs(t.app, `/api/contents/${item.id}`, cookieOf(viewer));
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('private, no-store');
      const detail = response.json<ContentDetail>();
      expect(detail.item.access.kind).toBe(kind);
      expect(detail.item.previewUrl).toBe(`/api/contents/${item.id}/preview`);
      expect(detail.creator).toEqual({
        id: owner.id,
        handle: owner.handle,
        name: 'Priya Sharma',
        bio: null,
        avatarUrl: null,
      });
      if (kind === 'locked') {
        expect(detail.item.media).toBeNull();
      } else {
        expect(detail.item.media).toEqual(item.media);
      }
    }
  });

  it('an active unlock says when it was bought, when it ends and how many days are left', async () => {
    const detail = (await getAs(t.app, `/api/contents/${image.id}`, fanUnlocked.cookie)).json<ContentDetail>();
    const now = t.clock.now();
    expect(detail.item.access).toEqual({
      kind: 'unlocked',
      purchasedAt: now - 2 * DAY_MS,
      expiresAt: now + 12 * DAY_MS,
      daysLeft: 12,
    });
  });

  it.each(grid)(
    '%s: /media and /download open only with access, else the 404 of a missing item',
    async (viewer, kind) => {
      const cookie = cookieOf(viewer);
      const missingMedia = await missingAnswer('media', cookie);
      const missingDownload = await missingAnswer('download', cookie);
      expect(missingMedia.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'Content not found.' } });
      for (const item of [image, video]) {
        const media = await getFile(t.app, `/api/contents/${item.id}/media`, cookie);
        const download = await getFile(t.app, `/api/contents/${item.id}/download`, cookie);
        if (kind === 'locked') {
          expectSameAs(media, missingMedia);
          expectSameAs(download, missingDownload);
        } else {
          expect(media.statusCode).toBe(200);
          expect(download.statusCode).toBe(200);
          expect(download.rawPayload.length).toBe(item.media.sizeBytes);
          expectPrivateOriginal(media);
          expectPrivateOriginal(download);
        }
      }
    },
  );

  it.each(grid)('%s: the blurred preview is public', async (viewer) => {
    for (const item of [image, video]) {
      const preview = await getAs(t.app, item.previewUrl, cookieOf(viewer));
      expect(preview.statusCode).toBe(200);
      expect(preview.headers['content-type']).toBe('image/webp');
      expect(preview.headers['cache-control']).toBe('public, max-age=86400');
    }
  });

  it('a missing item is 404 for every route, and a missing preview is the same 404', async () => {
    const id = randomUUID();
    const detail = await getAs(t.app, `/api/contents/${id}`);
    expect(detail.statusCode).toBe(404);
    expect(detail.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'Content not found.' } });
    expect((await missingAnswer('preview')).json()).toEqual(detail.json());
  });
});

describe('studio routes on an item that is not yours', () => {
  const notFound = { error: { code: 'NOT_FOUND', message: 'Content not found.' } };

  it('another creator gets 404 for PATCH and DELETE, the same as for a missing id, and nothing changes', async () => {
    const patch = await t.app.inject({
      method: 'PATCH',
      url: `/api/studio/contents/${image.id}`,
      payload: { title: 'Mine now' },
      headers: { cookie: otherCreator },
    });
    expect(patch.statusCode).toBe(404);
    expect(patch.json()).toEqual(notFound);
    const missing = await t.app.inject({
      method: 'PATCH',
      url: `/api/studio/contents/${randomUUID()}`,
      payload: { title: 'Mine now' },
      headers: { cookie: otherCreator },
    });
    expect(missing.body).toBe(patch.body);

    const remove = await t.app.inject({
      method: 'DELETE',
      url: `/api/studio/contents/${image.id}`,
      headers: { cookie: otherCreator },
    });
    expect(remove.statusCode).toBe(404);
    expect(remove.json()).toEqual(notFound);

    const row = await contentRow(t.database, image.id);
    expect(row).toMatchObject({ title: 'Holi in Jaipur', deletedAt: null });
  });

  it.each<[string, () => string | undefined, number, string]>([
    ['a fan', () => fanUnlocked.cookie, 403, 'FORBIDDEN'],
    ['the admin (no creator profile)', () => admin, 403, 'FORBIDDEN'],
    ['a visitor', () => undefined, 401, 'UNAUTHENTICATED'],
  ])('%s is refused PATCH, DELETE and the studio list', async (_who, cookie, status, code) => {
    const headers = cookie() === undefined ? {} : { cookie: cookie()! };
    const patch = await t.app.inject({
      method: 'PATCH',
      url: `/api/studio/contents/${image.id}`,
      payload: { title: 'Changed' },
      headers,
    });
    expect(patch.statusCode).toBe(status);
    expect(errorOf(patch).code).toBe(code);
    const remove = await t.app.inject({ method: 'DELETE', url: `/api/studio/contents/${image.id}`, headers });
    expect(remove.statusCode).toBe(status);
    expect(errorOf(remove).code).toBe(code);
    const list = await t.app.inject({ method: 'GET', url: '/api/studio/contents', headers });
    expect(list.statusCode).toBe(status);
    expect((await contentRow(t.database, image.id)).deletedAt).toBeNull();
  });
});

describe('serving the files', () => {
  it('the download is the original as an attachment, privately cached and never sniffed', async () => {
    const response = await getFile(t.app, image.media.downloadUrl, owner.cookie);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/jpeg');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="Holi in Jaipur.jpg"; filename*=UTF-8''Holi%20in%20Jaipur.jpg`,
    );
    expectPrivateOriginal(response);
    expect(response.headers['accept-ranges']).toBe('bytes');
    expect(Number(response.headers['content-length'])).toBe(image.media.sizeBytes);
  });

  it('/media shows the picture inline at display size and the video as uploaded', async () => {
    const picture = await getFile(t.app, image.media.url, fanUnlocked.cookie);
    expect(picture.headers['content-type']).toBe('image/webp');
    expect(picture.headers['content-disposition']).toBe('inline');
    expectPrivateOriginal(picture);

    const clip = await getFile(t.app, video.media.url, fanUnlocked.cookie);
    expect(clip.headers['content-type']).toBe('video/mp4');
    expect(clip.headers['content-disposition']).toBe('inline');
    expect(clip.rawPayload.equals(videoBytes)).toBe(true);
  });

  it('a title in Hindi keeps its name in the UTF-8 form, loses what file systems forbid, and gets a plain fallback', async () => {
    const item = await uploadItem(t.app, owner.cookie, { title: 'होली: "रंग"/2026' });
    const response = await getFile(t.app, item.media.downloadUrl, owner.cookie);
    expect(response.headers['content-type']).toBe('image/png');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="____ ___ 2026.png"; filename*=UTF-8''${encodeURIComponent('होली रंग 2026.png')}`,
    );
  });

  // The app's own streaming of originals. On S3 they are redirected to the bucket, which serves
  // ranges and validators itself, so these run on local disk (the plain and PostgreSQL runs).
  describe.skipIf(TEST_STORAGE_IS_S3)('Range requests', () => {
    let full: Buffer;
    let size: number;
    beforeAll(async () => {
      const response = await getAs(t.app, video.media.url, owner.cookie);
      full = response.rawPayload;
      size = full.length;
      expect(size).toBe(video.media.sizeBytes);
    });

    it.each<[string, (size: number) => [number, number]]>([
      ['bytes=0-9', () => [0, 9]],
      ['bytes=10-', (n) => [10, n - 1]],
      ['bytes=-5', (n) => [n - 5, n - 1]],
      ['bytes=100-199', () => [100, 199]],
    ])('%s answers 206 with exactly that slice', async (range, expected) => {
      const [start, end] = expected(size);
      for (const url of [video.media.url, video.media.downloadUrl]) {
        const response = await getAs(t.app, url, fanUnlocked.cookie, { range });
        expect(response.statusCode).toBe(206);
        expect(response.headers['content-range']).toBe(`bytes ${start}-${end}/${size}`);
        expect(Number(response.headers['content-length'])).toBe(end - start + 1);
        expect(response.rawPayload.equals(full.subarray(start, end + 1))).toBe(true);
        expect(response.headers['cache-control']).toBe('private, max-age=300');
        expect(response.headers['x-content-type-options']).toBe('nosniff');
      }
    });

    it('an end past the file is cut to the file', async () => {
      const response = await getAs(t.app, video.media.url, owner.cookie, { range: `bytes=${size - 3}-${size + 1000}` });
      expect(response.statusCode).toBe(206);
      expect(response.headers['content-range']).toBe(`bytes ${size - 3}-${size - 1}/${size}`);
      expect(response.rawPayload.equals(full.subarray(size - 3))).toBe(true);
    });

    it.each(['bytes=SIZE-', 'bytes=SIZE-SIZE', 'bytes=-0'])(
      '%s is beyond the end: 416 with the size',
      async (template) => {
        const range = template.replaceAll('SIZE', String(size));
        const response = await getAs(t.app, video.media.url, owner.cookie, { range });
        expect(response.statusCode).toBe(416);
        expect(response.headers['content-range']).toBe(`bytes */${size}`);
        expect(response.rawPayload.length).toBe(0);
      },
    );

    it.each(['bytes=0-1,5-6', 'bytes=9-2', 'items=0-9', 'bytes=abc'])(
      '%s gets the whole file with 200',
      async (range) => {
        const response = await getAs(t.app, video.media.url, owner.cookie, { range });
        expect(response.statusCode).toBe(200);
        expect(response.headers['content-range']).toBeUndefined();
        expect(response.rawPayload.equals(full)).toBe(true);
      },
    );

    it('a locked viewer asking for a range still gets the 404 of a missing item', async () => {
      const response = await getAs(t.app, video.media.url, fanLocked, { range: 'bytes=0-9' });
      expectSameAs(
        response,
        await getAs(t.app, `/api/contents/${randomUUID()}/media`, fanLocked, { range: 'bytes=0-9' }),
      );
    });

    it('If-Range with the current ETag honours the range; a stale one gets the whole file', async () => {
      const etag = (await getAs(t.app, video.media.url, owner.cookie)).headers.etag as string;
      const current = await getAs(t.app, video.media.url, owner.cookie, { range: 'bytes=0-9', 'if-range': etag });
      expect(current.statusCode).toBe(206);
      const stale = await getAs(t.app, video.media.url, owner.cookie, { range: 'bytes=0-9', 'if-range': '"stale-1"' });
      expect(stale.statusCode).toBe(200);
      expect(stale.rawPayload.equals(full)).toBe(true);
    });
  });

  it('an ETag comes back as 304 with If-None-Match, for media (streamed from local disk) and previews', async () => {
    const streamed = TEST_STORAGE_IS_S3
      ? []
      : ([
          [image.media.url, owner.cookie],
          [image.media.downloadUrl, fanUnlocked.cookie],
          [video.media.url, admin],
        ] as const);
    for (const [url, cookie] of [...streamed, [image.previewUrl, undefined] as const]) {
      const first = await getAs(t.app, url, cookie);
      const etag = first.headers.etag as string;
      expect(etag).toMatch(/^"[A-Za-z0-9_-]+-\d+"$/);
      const again = await getAs(t.app, url, cookie, { 'if-none-match': etag });
      expect(again.statusCode).toBe(304);
      expect(again.rawPayload.length).toBe(0);
      expect(again.headers.etag).toBe(etag);
      const other = await getAs(t.app, url, cookie, { 'if-none-match': '"something-else"' });
      expect(other.statusCode).toBe(200);
    }
  });

  it('HEAD answers like GET without the body, and is the same 404 for a locked viewer', async () => {
    const head = await getFile(t.app, video.media.url, owner.cookie, {}, 'HEAD');
    expect(head.statusCode).toBe(200);
    expect(Number(head.headers['content-length'])).toBe(video.media.sizeBytes);
    expect(head.rawPayload.length).toBe(0);
    const locked = await t.app.inject({ method: 'HEAD', url: video.media.url, headers: { cookie: fanLocked } });
    const missing = await t.app.inject({
      method: 'HEAD',
      url: `/api/contents/${randomUUID()}/media`,
      headers: { cookie: fanLocked },
    });
    expect(locked.statusCode).toBe(404);
    expect(locked.headers['content-length']).toBe(missing.headers['content-length']);
    expect(locked.headers.location).toBeUndefined();
  });

  it('an ETag does not open the media for someone without access', async () => {
    const etag = (await getFile(t.app, image.media.url, owner.cookie)).headers.etag!;
    const response = await getAs(t.app, image.media.url, undefined, { 'if-none-match': etag });
    expect(response.statusCode).toBe(404);
    expect(response.headers.location).toBeUndefined();
  });
});

describe('nothing of the original reaches a browser that has not unlocked it', () => {
  const FORBIDDEN_TEXT = ['media/', '/media', '/download', 'displays/', 'previews/', 'downloadUrl'];

  async function keysOf(item: StudioContent): Promise<string[]> {
    const row = await contentRow(t.database, item.id);
    return [row.mediaKey, row.previewKey, ...(row.displayKey === null ? [] : [row.displayKey])];
  }

  it.each<[string, () => string | undefined]>([
    ['a visitor', () => undefined],
    ['a fan without an unlock', () => fanLocked],
    ['another creator', () => otherCreator],
    ['a fan whose unlock has ended', () => fanExpired],
  ])('%s: the creator page and the content pages carry no key or media address', async (_who, cookie) => {
    const keys = [...(await keysOf(image)), ...(await keysOf(video))];
    const bodies = [
      (await getAs(t.app, `/api/creators/${owner.handle}`, cookie())).body,
      (await getAs(t.app, `/api/contents/${image.id}`, cookie())).body,
      (await getAs(t.app, `/api/contents/${video.id}`, cookie())).body,
    ];
    const page = JSON.parse(bodies[0]!) as CreatorPage;
    expect(page.items.length).toBeGreaterThan(0);
    for (const body of bodies) {
      for (const text of [...FORBIDDEN_TEXT, ...keys]) expect(body).not.toContain(text);
    }
  });

  it('even those who may open it get addresses, never storage keys', async () => {
    const keys = [...(await keysOf(image)), ...(await keysOf(video))];
    const bodies = [
      (await getAs(t.app, `/api/creators/${owner.handle}`, fanUnlocked.cookie)).body,
      (await getAs(t.app, `/api/contents/${image.id}`, fanUnlocked.cookie)).body,
      (await getAs(t.app, `/api/contents/${video.id}`, admin)).body,
      (await getAs(t.app, '/api/studio/contents', owner.cookie)).body,
      (await getAs(t.app, '/api/fan/unlocks', fanUnlocked.cookie)).body,
    ];
    expect(bodies[0]).toContain(`/api/contents/${image.id}/download`);
    for (const body of bodies) {
      for (const key of keys) expect(body).not.toContain(key);
      expect(body).not.toContain('displays/');
    }
  });
});

describe('a deleted item', () => {
  let gone: StudioContent;
  beforeAll(async () => {
    gone = await uploadItem(t.app, owner.cookie, { title: 'Retired shoot' });
    await grantUnlock(t.database, fanUnlocked.id, gone.id, t.clock.now() - DAY_MS);
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/studio/contents/${gone.id}`,
      headers: { cookie: owner.cookie },
    });
    expect(removed.statusCode).toBe(204);
  });

  it('is 404 for the public, a fan without an unlock and another creator, on every route', async () => {
    for (const cookie of [undefined, fanLocked, otherCreator, fanExpired]) {
      const detail = await getAs(t.app, `/api/contents/${gone.id}`, cookie);
      expect(detail.statusCode).toBe(404);
      expect(detail.body).toBe((await getAs(t.app, `/api/contents/${randomUUID()}`, cookie)).body);
      for (const path of ['media', 'download', 'preview'] as const) {
        expectSameAs(await getAs(t.app, `/api/contents/${gone.id}/${path}`, cookie), await missingAnswer(path, cookie));
      }
    }
  });

  it('stays open, media and all, to a fan whose unlock is still running', async () => {
    const detail = await getAs(t.app, `/api/contents/${gone.id}`, fanUnlocked.cookie);
    expect(detail.statusCode).toBe(200);
    const item = detail.json<ContentDetail>().item;
    expect(item.access.kind).toBe('unlocked');
    expect(item.media).not.toBeNull();
    expect((await getFile(t.app, `/api/contents/${gone.id}/media`, fanUnlocked.cookie)).statusCode).toBe(200);
    expect((await getFile(t.app, `/api/contents/${gone.id}/download`, fanUnlocked.cookie)).statusCode).toBe(200);
    const preview = await getAs(t.app, `/api/contents/${gone.id}/preview`, fanUnlocked.cookie);
    expect(preview.statusCode).toBe(200);
    // No longer public, so no longer cached publicly.
    expect(preview.headers['cache-control']).toBe('private, max-age=3600');
    const unlocks = await getAs(t.app, '/api/fan/unlocks', fanUnlocked.cookie);
    expect(unlocks.json<{ items: { contentId: string }[] }>().items.map((entry) => entry.contentId)).toContain(gone.id);
  });

  it('can no longer be edited or deleted again', async () => {
    const patch = await t.app.inject({
      method: 'PATCH',
      url: `/api/studio/contents/${gone.id}`,
      payload: { title: 'Back again' },
      headers: { cookie: owner.cookie },
    });
    expect(patch.statusCode).toBe(404);
    const again = await t.app.inject({
      method: 'DELETE',
      url: `/api/studio/contents/${gone.id}`,
      headers: { cookie: owner.cookie },
    });
    expect(again.statusCode).toBe(404);
  });
});

// Last in the file: it moves the clock on.
describe('when an unlock runs out', () => {
  it('the item locks again the moment 14 days have passed', async () => {
    const fan = await signUp(t.app, { role: 'fan', name: 'Meera Iyer' });
    const fanId = fan.me.account!.id;
    const grantedAt = t.clock.now();
    await grantUnlock(t.database, fanId, image.id, grantedAt);

    const first = (await getAs(t.app, `/api/contents/${image.id}`, fan.cookie)).json<ContentDetail>();
    expect(first.item.access).toMatchObject({ kind: 'unlocked', daysLeft: 14 });
    expect((await getFile(t.app, image.media.url, fan.cookie)).statusCode).toBe(200);

    t.clock.advance(13.5 * DAY_MS);
    const late = (await getAs(t.app, `/api/contents/${image.id}`, fan.cookie)).json<ContentDetail>();
    expect(late.item.access).toMatchObject({ kind: 'unlocked', daysLeft: 1 });
    expect((await getFile(t.app, image.media.downloadUrl, fan.cookie)).statusCode).toBe(200);

    t.clock.advance(0.5 * DAY_MS);
    const over = (await getAs(t.app, `/api/contents/${image.id}`, fan.cookie)).json<ContentDetail>();
    expect(over.item.access).toEqual({ kind: 'locked', accessEndedAt: grantedAt + 14 * DAY_MS });
    expect(over.item.media).toBeNull();
    expectSameAs(await getAs(t.app, image.media.url, fan.cookie), await missingAnswer('media', fan.cookie));
    expectSameAs(await getAs(t.app, image.media.downloadUrl, fan.cookie), await missingAnswer('download', fan.cookie));
    const unlocks = await getAs(t.app, '/api/fan/unlocks', fan.cookie);
    expect(unlocks.json()).toEqual({ items: [] });
  });
});
