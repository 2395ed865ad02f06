import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { CreatorPage, StudioContent, StudioContents } from '@kholo/contracts';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from './accounts-helpers.js';
import {
  contentRow,
  dataFolders,
  filesUnder,
  getAs,
  getFile,
  mp4Video,
  multipartBody,
  postUpload,
  storedKeys,
  uploadForm,
} from './content-helpers.js';
import { newFan, postOrder } from './payments-helpers.js';
import { heicPhoto, phoneVideo, probeBytes, requireTool } from './phone-media-fixtures.js';
import { buildTestApp, passTime, type TestApp } from './test-app.js';
import { detectVideoTools, type VideoTools } from '../src/features/media/index.js';

/**
 * Anything a phone shoots can be sold (issue 26): HEIC photos become JPEGs at upload; MOV videos
 * (H.264 or HEVC) and HEVC MP4s are stored at once as "processing", off sale, and become MP4
 * H.264 in the `convert-video` job, which the tests run with jobs.runDue().
 */

/** What the next conversion does first, given the app's own options (progress, output path). */
let beforeConversion: ((input: string, output: string, report: (fraction: number) => void) => Promise<void>) | null =
  null;

/** This machine's ffmpeg, with a hook into each conversion. */
async function hookedVideoTools(): Promise<VideoTools> {
  requireTool('ffmpeg', 'ffmpeg');
  const real = await detectVideoTools({ ffmpeg: 'ffmpeg', ffprobe: 'ffprobe' });
  if (real === null) throw new Error('ffmpeg and ffprobe are needed for these tests: apt-get install -y ffmpeg');
  return {
    probe: (file, mime) => real.probe(file, mime),
    posterFrame: (...args) => real.posterFrame(...args),
    async convertToMp4(input, mime, output, options) {
      const hook = beforeConversion;
      beforeConversion = null;
      if (hook !== null) {
        await hook(input, output, (fraction) => {
          options.onProgress(fraction);
        });
      }
      return real.convertToMp4(input, mime, output, options);
    },
  };
}

let t: TestApp;
let noFfmpeg: TestApp;
let fixtures: { heic: Buffer; movH264: Buffer; movHevc: Buffer; mp4Hevc: Buffer };

beforeAll(async () => {
  const [heic, tools] = await Promise.all([heicPhoto(), hookedVideoTools()]);
  fixtures = {
    heic,
    movH264: phoneVideo('mov-h264'),
    movHevc: phoneVideo('mov-hevc'),
    mp4Hevc: phoneVideo('mp4-hevc'),
  };
  [t, noFfmpeg] = await Promise.all([
    buildTestApp({}, { deps: { videoTools: tools } }),
    buildTestApp({}, { deps: { videoTools: null } }),
  ]);
}, 60_000);
afterAll(async () => {
  await Promise.all([t.close(), noFfmpeg.close()]);
});

let creatorCount = 0;
/** A creator of her own per test: uploads are limited per creator per hour. */
async function newCreator(app: TestApp = t) {
  creatorCount += 1;
  const signedUp = await signUp(app.app, { name: `Phone Creator ${creatorCount}` });
  return { id: signedUp.me.account!.id, cookie: signedUp.cookie, handle: signedUp.me.creator!.handle };
}

async function upload(cookie: string, file: Buffer, fileName: string, contentType: string, app: TestApp = t) {
  return postUpload(app.app, cookie, uploadForm({ file, fileName, contentType, title: fileName }));
}

async function studioItem(cookie: string, id: string): Promise<StudioContent | undefined> {
  const response = await getAs(t.app, '/api/studio/contents', cookie);
  expect(response.statusCode).toBe(200);
  return response.json<StudioContents>().items.find((item) => item.id === id);
}

async function publicPage(handle: string, cookie?: string): Promise<CreatorPage> {
  const response = await getAs(t.app, `/api/creators/${handle}`, cookie);
  expect(response.statusCode).toBe(200);
  return response.json<CreatorPage>();
}

/** The jobs due now, and those a retry put off (moving the clock past their backoff). */
async function runJobs(): Promise<void> {
  await t.app.jobs.runDue();
}

async function pendingKeys(app: TestApp = t): Promise<string[]> {
  const rows = await app.database.db.selectFrom('storagePending').select('key').execute();
  return rows.map((row) => row.key);
}

function expectStagingEmpty(app: TestApp = t): void {
  expect(filesUnder(dataFolders(app.config).staging)).toEqual([]);
}

/** A fan's view of an item off sale: the 404 of an item that does not exist, and no order. */
async function expectNotForSale(item: { id: string }, handle: string): Promise<void> {
  const fan = await newFan(t.app, `Fan of ${item.id.slice(0, 6)}`);
  expect((await getAs(t.app, `/api/contents/${item.id}`, fan.cookie)).statusCode).toBe(404);
  expect((await getAs(t.app, `/api/contents/${item.id}`)).statusCode).toBe(404);
  expect((await getAs(t.app, `/api/contents/${item.id}/preview`)).statusCode).toBe(404);
  expect((await getFile(t.app, `/api/contents/${item.id}/media`, fan.cookie)).statusCode).toBe(404);
  const order = await postOrder(t.app, fan.cookie, { contentId: item.id, notes: { contentId: item.id } });
  expect(order.statusCode).toBe(404);
  const visitor = await publicPage(handle);
  expect(visitor.items.map((card) => card.id)).not.toContain(item.id);
  const asFan = await publicPage(handle, fan.cookie);
  expect(asFan.items.map((card) => card.id)).not.toContain(item.id);
  expect(asFan.totalCount).toBe(asFan.items.length);
}

describe('HEIC photos', () => {
  it('are stored as a JPEG original (.jpg, image/jpeg) with a display copy and blurred previews', async () => {
    const creator = await newCreator();
    const response = await upload(creator.cookie, fixtures.heic, 'IMG_4021.HEIC', 'image/heic');
    expect(response.statusCode, response.body).toBe(201);
    const item = response.json<StudioContent>();
    expect(item).toMatchObject({
      mediaKind: 'image',
      processing: null,
      media: { mime: 'image/jpeg', width: 1200, height: 900, durationMs: null },
      preview: { width: 480, height: 360 },
    });

    const row = await contentRow(t.database, item.id);
    expect(row.mediaKey).toMatch(new RegExp(`^media/${creator.id}/\\d+_img-4021-[0-9a-f]{8}\\.jpg$`));
    expect(row.mediaMime).toBe('image/jpeg');

    const download = await getFile(t.app, item.media.downloadUrl, creator.cookie);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('image/jpeg');
    expect(download.headers['content-disposition']).toMatch(/filename="IMG_4021\.HEIC\.jpg"|\.jpg/);
    const meta = await sharp(download.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 1200, height: 900 });
    expect(meta.exif).toBeUndefined();
    // The gradient survived the trip: red on the left, blue on the right.
    const { data } = await sharp(download.rawPayload)
      .resize(2, 1, { fit: 'fill' })
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect(data[0]!).toBeGreaterThan(data[2]!);
    expect(data[5]!).toBeGreaterThan(data[3]!);

    const display = await getFile(t.app, item.media.url, creator.cookie);
    expect(display.headers['content-type']).toBe('image/webp');
    const preview = await getAs(t.app, item.previewUrl);
    expect(preview.statusCode).toBe(200);
    expect(await sharp(preview.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 480, height: 360 });
    // On sale at once, like any photo.
    expect((await publicPage(creator.handle)).items.map((card) => card.id)).toContain(item.id);
    expectStagingEmpty();
  });

  it('become an avatar', async () => {
    const creator = await newCreator();
    const { payload, headers } = multipartBody([
      { name: 'file', value: fixtures.heic, fileName: 'me.heic', contentType: 'image/heic' },
    ]);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/studio/avatar',
      payload,
      headers: { ...headers, cookie: creator.cookie },
    });
    expect(response.statusCode, response.body).toBe(200);
    const avatarUrl = response.json<{ avatarUrl: string }>().avatarUrl;
    const avatar = await getAs(t.app, avatarUrl);
    expect(avatar.statusCode).toBe(200);
    expect(await sharp(avatar.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 256, height: 256 });
  });

  it('a HEIC that claims more pixels than any camera is refused before it is decoded', async () => {
    const creator = await newCreator();
    // The photo's own header, its declared size raised to 20000 × 20000 (400 MP).
    const huge = Buffer.from(fixtures.heic);
    const ispe = huge.indexOf('ispe');
    expect(ispe).toBeGreaterThan(0);
    huge.writeUInt32BE(20_000, ispe + 8);
    huge.writeUInt32BE(20_000, ispe + 12);
    const before = await storedKeys(t);
    const response = await upload(creator.cookie, huge, 'huge.heic', 'image/heic');
    expect(response.statusCode).toBe(415);
    expect(response.json()).toEqual({
      error: {
        code: 'UNSUPPORTED_MEDIA_TYPE',
        message: 'This file could not be read as an image or a video. It may be damaged.',
      },
    });
    expect(await storedKeys(t)).toEqual(before);
    expectStagingEmpty();
  });
});

describe('MOV and HEVC videos', () => {
  it('a MOV (H.264) is stored at once as processing, off sale, and goes on sale as an MP4 once the job ran', async () => {
    const creator = await newCreator();
    const response = await upload(creator.cookie, fixtures.movH264, 'IMG_0042.MOV', 'video/quicktime');
    expect(response.statusCode, response.body).toBe(201);
    const item = response.json<StudioContent>();
    expect(item).toMatchObject({ mediaKind: 'video', processing: { state: 'processing', progress: 0 } });
    expect(await studioItem(creator.cookie, item.id)).toMatchObject({
      processing: { state: 'processing', progress: 0 },
    });
    await expectNotForSale(item, creator.handle);
    // Its creator sees the placeholder, which nobody may keep: the real frame replaces it.
    const placeholder = await getAs(t.app, item.previewUrl, creator.cookie);
    expect(placeholder.statusCode).toBe(200);
    expect(placeholder.headers['cache-control']).toBe('private, no-cache');
    const uploadedKey = (await contentRow(t.database, item.id)).mediaKey;
    expect(uploadedKey).toMatch(/\.mov$/);

    await runJobs();

    const ready = await studioItem(creator.cookie, item.id);
    expect(ready).toMatchObject({
      processing: null,
      media: { mime: 'video/mp4', width: 320, height: 240, durationMs: expect.any(Number) },
    });
    expect(ready!.media.durationMs).toBeGreaterThanOrEqual(2900);
    const row = await contentRow(t.database, item.id);
    expect(row.mediaKey).toMatch(new RegExp(`^media/${creator.id}/\\d+_img-0042-[0-9a-f]{8}\\.mp4$`));
    const keys = await storedKeys(t);
    expect(keys).not.toContain(uploadedKey);
    expect(keys).toContain(row.mediaKey);
    expect(keys).toContain(row.previewKey);
    expect(await pendingKeys()).toEqual([]);
    expectStagingEmpty();

    const served = await getFile(t.app, ready!.media.url, creator.cookie);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('video/mp4');
    const probed = probeBytes(served.rawPayload);
    expect(probed).toMatchObject({ videoCodec: 'h264', audioCodec: 'aac', width: 320, height: 240, indexFirst: true });
    // Where it was shot stays on her phone.
    expect(JSON.stringify(probed.tags)).not.toContain('26.9124');

    // On sale now: on her page for visitors, openable by nobody who has not paid, buyable.
    const visitor = await publicPage(creator.handle);
    expect(visitor.items.map((card) => card.id)).toContain(item.id);
    const preview = await getAs(t.app, item.previewUrl);
    expect(preview.statusCode).toBe(200);
    expect(preview.headers['cache-control']).toBe('public, max-age=86400');
    const fan = await newFan(t.app, 'Buyer Of Phone Video');
    const order = await postOrder(t.app, fan.cookie, { contentId: item.id, notes: { contentId: item.id } });
    expect(order.statusCode, order.body).toBe(200);
    const download = await getFile(t.app, ready!.media.downloadUrl, creator.cookie);
    expect(download.headers['content-disposition']).toMatch(/\.mp4/);
  });

  it.each([
    ['an iPhone MOV in HEVC', 'mov-hevc', 'IMG_0043.MOV', 'video/quicktime'],
    ['an Android MP4 in HEVC', 'mp4-hevc', 'VID_20261121.mp4', 'video/mp4'],
  ] as const)('%s is re-encoded to H.264 (yuv420p) that every browser plays', async (_name, kind, fileName, type) => {
    const creator = await newCreator();
    const file = kind === 'mov-hevc' ? fixtures.movHevc : fixtures.mp4Hevc;
    const response = await upload(creator.cookie, file, fileName, type);
    expect(response.statusCode, response.body).toBe(201);
    const item = response.json<StudioContent>();
    expect(item.processing).toEqual({ state: 'processing', progress: 0 });
    await expectNotForSale(item, creator.handle);

    await runJobs();

    const ready = await studioItem(creator.cookie, item.id);
    expect(ready?.processing).toBeNull();
    const served = await getFile(t.app, ready!.media.url, creator.cookie);
    expect(served.headers['content-type']).toBe('video/mp4');
    expect(probeBytes(served.rawPayload)).toMatchObject({
      videoCodec: 'h264',
      pixelFormat: 'yuv420p',
      audioCodec: 'aac',
      width: 320,
      height: 240,
      indexFirst: true,
    });
    expect((await publicPage(creator.handle)).items.map((card) => card.id)).toContain(item.id);
    expect(await pendingKeys()).toEqual([]);
    expectStagingEmpty();
  });

  it('an H.264 MOV wider than 1920 px is re-encoded down to it, not copied (4K does not play on every phone)', async () => {
    const creator = await newCreator();
    const response = await upload(
      creator.cookie,
      phoneVideo('mov-h264', 1, '2400x120'),
      'IMG_0044.MOV',
      'video/quicktime',
    );
    expect(response.statusCode, response.body).toBe(201);
    const item = response.json<StudioContent>();
    await runJobs();
    const ready = await studioItem(creator.cookie, item.id);
    expect(ready?.processing).toBeNull();
    const served = await getFile(t.app, ready!.media.url, creator.cookie);
    expect(probeBytes(served.rawPayload)).toMatchObject({ videoCodec: 'h264', width: 1920, height: 96 });
  });

  it('an ordinary MP4 (H.264) is on sale at once, as before', async () => {
    const creator = await newCreator();
    const response = await upload(creator.cookie, mp4Video(), 'clip.mp4', 'video/mp4');
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json<StudioContent>().processing).toBeNull();
  });

  it('records progress while converting: at most every 5 points or 2 seconds, shown in the Content tab', async () => {
    const creator = await newCreator();
    const item = (
      await upload(creator.cookie, fixtures.movHevc, 'progress.mov', 'video/quicktime')
    ).json<StudioContent>();
    const seen: unknown[] = [];
    const settle = async (percent: number) => {
      // The write is queued behind the report; it lands within a few turns of the event loop.
      for (let turn = 0; turn < 200; turn += 1) {
        if ((await contentRow(t.database, item.id)).processingProgress === percent) return;
        await new Promise((resolve) => setImmediate(resolve));
      }
    };
    beforeConversion = async (_input, _output, report) => {
      report(0.42);
      await settle(42);
      seen.push((await studioItem(creator.cookie, item.id))?.processing);
      // Two points more, at the same moment: not written.
      report(0.44);
      await settle(44);
      seen.push((await contentRow(t.database, item.id)).processingProgress);
      // Two seconds later it is.
      t.clock.advance(2000);
      report(0.44);
      await settle(44);
      seen.push((await contentRow(t.database, item.id)).processingProgress);
    };
    await runJobs();
    expect(seen).toEqual([{ state: 'processing', progress: 42 }, 42, 44]);
    expect((await studioItem(creator.cookie, item.id))?.processing).toBeNull();
  });

  it('a MOV whose bytes are damaged after upload fails in the job: "Processing failed", never sold, nothing left over', async () => {
    const creator = await newCreator();
    const item = (
      await upload(creator.cookie, fixtures.movH264, 'broken.mov', 'video/quicktime')
    ).json<StudioContent>();
    const row = await contentRow(t.database, item.id);
    // The stored original is replaced by one that still sniffs as a MOV but holds no movie.
    const damaged = Buffer.from(fixtures.movH264);
    damaged.fill(0x41, 32);
    const file = path.join(os.tmpdir(), `kholo-damaged-${item.id}.mov`);
    fs.writeFileSync(file, damaged);
    await t.storage.putFile(row.mediaKey, file, 'video/quicktime');

    await runJobs();

    expect(await studioItem(creator.cookie, item.id)).toMatchObject({
      processing: { state: 'failed', reason: 'This video could not be read. It may be damaged.' },
    });
    await expectNotForSale(item, creator.handle);
    expect(await pendingKeys()).toEqual([]);
    expectStagingEmpty();
    // Deleting it takes its files with it.
    const keysBefore = await storedKeys(t);
    expect(keysBefore).toContain(row.mediaKey);
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/studio/contents/${item.id}`,
      headers: { cookie: creator.cookie },
    });
    expect(deleted.statusCode).toBe(204);
    expect(await storedKeys(t)).not.toContain(row.mediaKey);
  });

  it('a MOV that does not demux is refused at upload, leaving nothing behind', async () => {
    const creator = await newCreator();
    const damaged = Buffer.from(fixtures.movH264);
    // The atoms still chain, but the index inside `moov` is noise.
    const moov = damaged.indexOf('moov');
    damaged.fill(0x41, moov + 4, moov + 600);
    const before = await storedKeys(t);
    const response = await upload(creator.cookie, damaged, 'noise.mov', 'video/quicktime');
    expect(response.statusCode).toBe(415);
    expect(response.json()).toEqual({
      error: {
        code: 'UNSUPPORTED_MEDIA_TYPE',
        message: 'This video could not be read. Please upload an MP4, MOV, WebM or Ogg video.',
      },
    });
    expect(await storedKeys(t)).toEqual(before);
    expectStagingEmpty();
  });

  it('deleting an item while it waits for the job removes its files, and the job then does nothing', async () => {
    const creator = await newCreator();
    const item = (await upload(creator.cookie, fixtures.movH264, 'gone.mov', 'video/quicktime')).json<StudioContent>();
    const row = await contentRow(t.database, item.id);
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/studio/contents/${item.id}`,
      headers: { cookie: creator.cookie },
    });
    expect(deleted.statusCode).toBe(204);
    await runJobs();
    const keys = await storedKeys(t);
    expect(
      keys.filter((key) => key.startsWith(`media/${creator.id}/`) || key.startsWith(`previews/${creator.id}/`)),
    ).toEqual([]);
    expect(keys).not.toContain(row.mediaKey);
    expect(await pendingKeys()).toEqual([]);
    expectStagingEmpty();
  });

  it('deleting an item while it converts: the job notices at the swap and stores nothing', async () => {
    const creator = await newCreator();
    const item = (
      await upload(creator.cookie, fixtures.movH264, 'midway.mov', 'video/quicktime')
    ).json<StudioContent>();
    beforeConversion = async () => {
      const deleted = await t.app.inject({
        method: 'DELETE',
        url: `/api/studio/contents/${item.id}`,
        headers: { cookie: creator.cookie },
      });
      expect(deleted.statusCode).toBe(204);
    };
    await runJobs();
    expect(beforeConversion).toBeNull();
    const keys = await storedKeys(t);
    expect(
      keys.filter((key) => key.startsWith(`media/${creator.id}/`) || key.startsWith(`previews/${creator.id}/`)),
    ).toEqual([]);
    expect(await pendingKeys()).toEqual([]);
    expectStagingEmpty();
    const jobs = await t.app.jobs.admin.list({ state: 'failed', limit: 50 });
    expect(jobs.filter((job) => job.name === 'convert-video')).toEqual([]);
  });

  it('a try that dies half-way is tried again and leaves no orphan and no half-written row', async () => {
    const creator = await newCreator();
    const item = (await upload(creator.cookie, fixtures.movH264, 'retry.mov', 'video/quicktime')).json<StudioContent>();
    beforeConversion = async (_input, output) => {
      // What a killed process leaves: half an output file, and the run ends with an error.
      fs.writeFileSync(output, Buffer.alloc(1024, 1));
      throw new Error('the process died');
    };
    await runJobs();
    expect(await studioItem(creator.cookie, item.id)).toMatchObject({ processing: { state: 'processing' } });
    expect((await contentRow(t.database, item.id)).mediaKey).toMatch(/\.mov$/);
    expectStagingEmpty();

    await passTime(t, 61_000);
    await runJobs();
    expect((await studioItem(creator.cookie, item.id))?.processing).toBeNull();
    const row = await contentRow(t.database, item.id);
    const mine = (await storedKeys(t)).filter((key) => key.includes(creator.id));
    expect(mine.sort()).toEqual([row.mediaKey, row.previewKey, ...(await previewCopies(row.previewKey))].sort());
    expect(await pendingKeys()).toEqual([]);
  });
});

describe('a server without ffmpeg', () => {
  it('refuses a MOV at once, saying exactly why, and keeps nothing', async () => {
    const creator = await newCreator(noFfmpeg);
    const before = await storedKeys(noFfmpeg);
    const response = await upload(creator.cookie, fixtures.movH264, 'IMG_0042.MOV', 'video/quicktime', noFfmpeg);
    expect(response.statusCode).toBe(415);
    expect(response.json()).toEqual({
      error: {
        code: 'UNSUPPORTED_MEDIA_TYPE',
        message:
          'This server cannot convert .MOV videos because ffmpeg is not installed on it. Please upload the video as an MP4 instead (a video editor app can export it as MP4).',
      },
    });
    expect(await storedKeys(noFfmpeg)).toEqual(before);
    expectStagingEmpty(noFfmpeg);
  });

  it('still turns a HEIC into a JPEG (no ffmpeg needed)', async () => {
    const creator = await newCreator(noFfmpeg);
    const response = await upload(creator.cookie, fixtures.heic, 'IMG_1.heic', 'image/heic', noFfmpeg);
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json<StudioContent>().media.mime).toBe('image/jpeg');
  });
});

/** The blurred preview's other widths stored beside it (`….w320.webp`). */
async function previewCopies(previewKey: string): Promise<string[]> {
  const base = previewKey.replace(/\.webp$/, '');
  return (await storedKeys(t)).filter((key) => key.startsWith(`${base}.w`) && /\.w\d+\.(?:webp|avif)$/.test(key));
}
