import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CONTENT_MESSAGES, MAX_UPLOAD_BYTES, type StudioContent } from '@kholo/contracts';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorOf, signUp } from './accounts-helpers.js';
import {
  contentRow,
  dataFolders,
  filesUnder,
  getAs,
  getFile,
  HAS_FFMPEG,
  jpegWithGps,
  mp4Header,
  mp4Video,
  pngImage,
  postUpload,
  storedKeys,
  uploadForm,
} from './content-helpers.js';
import { buildTestApp, type TestApp } from './test-app.js';

/** The default app: ffmpeg when this machine has it. */
let t: TestApp;
/** The same server on a machine without ffmpeg. */
let noVideo: TestApp;
let creator: { id: string; cookie: string };
let plainCreator: { id: string; cookie: string };

beforeAll(async () => {
  [t, noVideo] = await Promise.all([buildTestApp(), buildTestApp({}, { deps: { videoTools: null } })]);
  const first = await signUp(t.app, { name: 'Priya Sharma' });
  creator = { id: first.me.account!.id, cookie: first.cookie };
  const second = await signUp(noVideo.app, { name: 'Kabir Rao' });
  plainCreator = { id: second.me.account!.id, cookie: second.cookie };
});
afterAll(async () => {
  await Promise.all([t.close(), noVideo.close()]);
});

const ONLY_IMAGE_OR_VIDEO = { error: { code: 'UNSUPPORTED_MEDIA_TYPE', message: CONTENT_MESSAGES.onlyImageOrVideo } };
const UNREADABLE_VIDEO = 'This video could not be read. Please upload an MP4, MOV, WebM or Ogg video.';
const TOO_LARGE = { error: { code: 'PAYLOAD_TOO_LARGE', message: CONTENT_MESSAGES.fileTooLarge } };

/** Storage and staging hold only what was there before: a refused upload leaves nothing behind. */
async function expectNothingLeftBehind(app: TestApp, before: string[]): Promise<void> {
  expect(await storedKeys(app)).toEqual(before);
  expect(filesUnder(dataFolders(app.config).staging)).toEqual([]);
}

describe('uploading an image', () => {
  it('answers 201 with the facts of the picture, an EXIF-free original, a display copy and a small blurred preview', async () => {
    const jpeg = await jpegWithGps(640, 480);
    // The fixture really does carry the camera and the place it was taken.
    expect((await sharp(jpeg).metadata()).exif).toBeDefined();
    expect(jpeg.includes(Buffer.from('KholoTestCam'))).toBe(true);

    const response = await postUpload(
      t.app,
      creator.cookie,
      uploadForm({ file: jpeg, fileName: 'IMG_2041.jpg', isAdultContent: 'true' }),
    );
    expect(response.statusCode).toBe(201);
    expect(response.headers['cache-control']).toBe('no-store');
    const item = response.json<StudioContent>();
    expect(item).toEqual({
      id: expect.any(String),
      creatorId: creator.id,
      title: 'Holi in Jaipur',
      description: 'Colours at the City Palace, 2026',
      pricePaise: 49900,
      isAdultContent: true,
      mediaKind: 'image',
      previewUrl: `/api/contents/${item.id}/preview`,
      // 480 wide (the base) and 2/3 of it; the 800 copy stops at the photo's own 640 px.
      preview: {
        url: `/api/contents/${item.id}/preview`,
        width: 480,
        height: 360,
        srcset: [
          { url: `/api/contents/${item.id}/preview/320.webp`, width: 320, type: 'image/webp' },
          { url: `/api/contents/${item.id}/preview`, width: 480, type: 'image/webp' },
          { url: `/api/contents/${item.id}/preview/640.webp`, width: 640, type: 'image/webp' },
        ],
      },
      createdAt: t.clock.now(),
      updatedAt: t.clock.now(),
      access: { kind: 'owner' },
      media: {
        url: `/api/contents/${item.id}/media`,
        downloadUrl: `/api/contents/${item.id}/download`,
        mime: 'image/jpeg',
        sizeBytes: expect.any(Number),
        width: 640,
        height: 480,
        durationMs: null,
      },
      unlocks: 0,
      earningsPaise: 0,
      hiddenReason: null,
      takedown: null,
      processing: null,
    });

    const original = await getFile(t.app, item.media.downloadUrl, creator.cookie);
    expect(original.statusCode).toBe(200);
    expect(original.headers['content-type']).toBe('image/jpeg');
    expect(original.rawPayload.length).toBe(item.media.sizeBytes);
    const originalMeta = await sharp(original.rawPayload).metadata();
    expect(originalMeta).toMatchObject({ format: 'jpeg', width: 640, height: 480 });
    expect(originalMeta.exif).toBeUndefined();
    expect(original.rawPayload.includes(Buffer.from('KholoTestCam'))).toBe(false);
    expect(original.rawPayload.includes(Buffer.from('GPS'))).toBe(false);

    const display = await getFile(t.app, item.media.url, creator.cookie);
    expect(display.statusCode).toBe(200);
    expect(display.headers['content-type']).toBe('image/webp');
    expect(await sharp(display.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 640, height: 480 });

    const preview = await getAs(t.app, item.previewUrl);
    expect(preview.statusCode).toBe(200);
    expect(preview.headers['content-type']).toBe('image/webp');
    const previewMeta = await sharp(preview.rawPayload).metadata();
    expect(previewMeta).toMatchObject({ format: 'webp', width: 480, height: 360 });
    expect(previewMeta.exif).toBeUndefined();
    expect(preview.rawPayload.length).toBeLessThan(original.rawPayload.length);

    // The stored files sit under server-made keys; staging is empty again.
    const row = await contentRow(t.database, item.id);
    expect(row.mediaKey).toMatch(new RegExp(`^media/${creator.id}/${t.clock.now()}_img-2041-[0-9a-f]{8}\\.jpg$`));
    expect(row.previewKey).toBe(`previews/${creator.id}/${item.id}.webp`);
    expect(row.displayKey).toBe(`displays/${creator.id}/${item.id}.webp`);
    expect(await storedKeys(t)).toEqual(expect.arrayContaining([row.mediaKey, row.previewKey, row.displayKey]));
    expect(filesUnder(dataFolders(t.config).staging)).toEqual([]);
  });

  it('takes the type from the bytes: a PNG sent as video/mp4 named clip.mp4 is stored as image/png', async () => {
    const png = await pngImage(320, 240);
    const response = await postUpload(
      t.app,
      creator.cookie,
      uploadForm({ file: png, fileName: 'clip.mp4', contentType: 'video/mp4' }),
    );
    expect(response.statusCode).toBe(201);
    const item = response.json<StudioContent>();
    expect(item.mediaKind).toBe('image');
    expect(item.media).toMatchObject({ mime: 'image/png', width: 320, height: 240, durationMs: null });
    const row = await contentRow(t.database, item.id);
    expect(row.mediaKey).toMatch(/\/\d+_clip-[0-9a-f]{8}\.png$/);
    const original = await getFile(t.app, item.media.downloadUrl, creator.cookie);
    expect(original.headers['content-type']).toBe('image/png');
    expect((await sharp(original.rawPayload).metadata()).format).toBe('png');
  });

  it('accepts the lowest and the highest price, and isAdultContent left out means false', async () => {
    const lowest = await postUpload(t.app, creator.cookie, uploadForm({ file: await pngImage(), pricePaise: '100' }));
    expect(lowest.statusCode).toBe(201);
    expect(lowest.json<StudioContent>().pricePaise).toBe(100);

    const highest = uploadForm({ file: await pngImage(), pricePaise: '10000000' }).filter(
      (part) => part.name !== 'isAdultContent',
    );
    const response = await postUpload(t.app, creator.cookie, highest);
    expect(response.statusCode).toBe(201);
    expect(response.json<StudioContent>()).toMatchObject({ pricePaise: 1_00_000_00, isAdultContent: false });
  });
});

describe('uploading a video', () => {
  it.skipIf(!HAS_FFMPEG)(
    'with ffmpeg: duration and size from ffprobe, and a blurred frame as the preview',
    async () => {
      const video = mp4Video();
      const response = await postUpload(
        t.app,
        creator.cookie,
        uploadForm({ file: video, fileName: 'holi.mp4', contentType: 'video/mp4' }),
      );
      expect(response.statusCode).toBe(201);
      const item = response.json<StudioContent>();
      expect(item.mediaKind).toBe('video');
      expect(item.media).toMatchObject({ mime: 'video/mp4', width: 320, height: 240, sizeBytes: video.length });
      expect(item.media.durationMs).toBeGreaterThanOrEqual(1900);
      expect(item.media.durationMs).toBeLessThanOrEqual(2100);

      // The video is stored as uploaded and shown as it is: no display copy.
      const row = await contentRow(t.database, item.id);
      expect(row.displayKey).toBeNull();
      const inline = await getFile(t.app, item.media.url, creator.cookie);
      expect(inline.headers['content-type']).toBe('video/mp4');
      expect(inline.rawPayload.equals(video)).toBe(true);

      // A frame of the video (320 wide), not the 480 px placeholder.
      const preview = await getAs(t.app, item.previewUrl);
      expect(await sharp(preview.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 320, height: 240 });
    },
  );

  it('without ffmpeg: stored as uploaded, no duration or size, and the generated placeholder as the preview', async () => {
    const video = HAS_FFMPEG ? mp4Video() : mp4Header(64 * 1024);
    const response = await postUpload(
      noVideo.app,
      plainCreator.cookie,
      uploadForm({ file: video, fileName: 'holi.mp4', contentType: 'video/mp4' }),
    );
    expect(response.statusCode).toBe(201);
    const item = response.json<StudioContent>();
    expect(item.mediaKind).toBe('video');
    expect(item.media).toMatchObject({
      mime: 'video/mp4',
      width: null,
      height: null,
      durationMs: null,
      sizeBytes: video.length,
    });
    const preview = await getAs(noVideo.app, item.previewUrl);
    expect(preview.statusCode).toBe(200);
    expect(await sharp(preview.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 480, height: 270 });
    const original = await getFile(noVideo.app, item.media.downloadUrl, plainCreator.cookie);
    expect(original.rawPayload.equals(video)).toBe(true);
  });
});

describe('the 50 MB limit', () => {
  it('refuses 50 MB and one byte with 413 and leaves no file in storage or staging', async () => {
    const before = await storedKeys(noVideo);
    const response = await postUpload(
      noVideo.app,
      plainCreator.cookie,
      uploadForm({ file: mp4Header(MAX_UPLOAD_BYTES + 1), fileName: 'big.mp4', contentType: 'video/mp4' }),
    );
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual(TOO_LARGE);
    await expectNothingLeftBehind(noVideo, before);
  });

  it('refuses a request that announces far more than the limit before reading it', async () => {
    const before = await storedKeys(noVideo);
    const response = await postUpload(
      noVideo.app,
      plainCreator.cookie,
      uploadForm({ file: mp4Header(MAX_UPLOAD_BYTES + 1024 * 1024), fileName: 'big.mp4', contentType: 'video/mp4' }),
    );
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual(TOO_LARGE);
    await expectNothingLeftBehind(noVideo, before);
  });

  it('accepts exactly 50 MB (a video without ffmpeg to read it)', async () => {
    const response = await postUpload(
      noVideo.app,
      plainCreator.cookie,
      uploadForm({ file: mp4Header(MAX_UPLOAD_BYTES), fileName: 'exact.mp4', contentType: 'video/mp4' }),
    );
    expect(response.statusCode).toBe(201);
    const item = response.json<StudioContent>();
    expect(item.media.sizeBytes).toBe(MAX_UPLOAD_BYTES);
    const row = await contentRow(noVideo.database, item.id);
    expect(await storedKeys(noVideo)).toContain(row.mediaKey);
    expect(filesUnder(dataFolders(noVideo.config).staging)).toEqual([]);
  });

  it.skipIf(!HAS_FFMPEG)(
    'with ffmpeg, the same 50 MB of padding is refused as unreadable, leaving nothing behind',
    async () => {
      const before = await storedKeys(t);
      const response = await postUpload(
        t.app,
        creator.cookie,
        uploadForm({ file: mp4Header(MAX_UPLOAD_BYTES), fileName: 'exact.mp4', contentType: 'video/mp4' }),
      );
      expect(response.statusCode).toBe(415);
      expect(errorOf(response)).toEqual({
        code: 'UNSUPPORTED_MEDIA_TYPE',
        message: 'This video could not be read. Please upload an MP4, MOV, WebM or Ogg video.',
      });
      await expectNothingLeftBehind(t, before);
    },
  );
});

describe('files that are not images or videos', () => {
  const html = Buffer.from('<!doctype html><html><body><script>alert(document.cookie)</script></body></html>');
  const svg = Buffer.from(
    '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
  );
  const pdf = Buffer.concat([
    Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n'),
    Buffer.alloc(5000, 32),
  ]);
  const cases: [string, Buffer, string, string][] = [
    ['an HTML page named .jpg sent as image/jpeg', html, 'photo.jpg', 'image/jpeg'],
    ['an SVG named .jpg', svg, 'photo.jpg', 'image/jpeg'],
    ['a text file', Buffer.from('just some notes\n'.repeat(400)), 'notes.txt', 'text/plain'],
    ['a PDF named .png', pdf, 'scan.png', 'image/png'],
    [
      'random bytes named .mp4',
      Buffer.from(Array.from({ length: 8000 }, (_, i) => (i * 7919 + 13) % 251)),
      'x.mp4',
      'video/mp4',
    ],
  ];

  it.each(cases)('refuses %s with 415 and stores nothing', async (_name, bytes, fileName, contentType) => {
    const before = await storedKeys(t);
    const response = await postUpload(t.app, creator.cookie, uploadForm({ file: bytes, fileName, contentType }));
    expect(response.statusCode).toBe(415);
    expect(response.json()).toEqual(ONLY_IMAGE_OR_VIDEO);
    await expectNothingLeftBehind(t, before);
  });

  it('refuses a PNG whose header is followed by garbage as damaged, leaving nothing behind', async () => {
    const before = await storedKeys(t);
    const png = await pngImage();
    // The signature and the IHDR chunk (33 bytes) pass the magic-byte check; nothing after them decodes.
    const damaged = Buffer.concat([png.subarray(0, 33), Buffer.alloc(8000, 0x5a)]);
    const response = await postUpload(t.app, creator.cookie, uploadForm({ file: damaged, fileName: 'broken.png' }));
    expect(response.statusCode).toBe(415);
    expect(errorOf(response)).toEqual({
      code: 'UNSUPPORTED_MEDIA_TYPE',
      message: 'This file could not be read as an image or a video. It may be damaged.',
    });
    await expectNothingLeftBehind(t, before);
  });
});

describe('files that would make ffmpeg read other files on the server (security finding U-1)', () => {
  let dir: string;
  /** A video elsewhere on the server's disk, at a size and length no upload here has. */
  let secret: string;
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kholo-u1-'));
    secret = path.join(dir, 'secret.mp4');
    if (HAS_FFMPEG) {
      execFileSync('ffmpeg', [
        ...['-v', 'error', '-f', 'lavfi', '-i', 'testsrc=size=322x178:rate=10', '-t', '3.7'],
        ...['-pix_fmt', 'yuv420p', secret],
      ]);
    }
  });
  afterAll(() => {
    fs.rmSync(dir, { recursive: true, force: true });
  });

  /** Passes the MP4 sniff ("ftyp" at byte 4); ffmpeg left to guess opens it as DASH and reads `secret`. */
  const dashInMp4 = () =>
    Buffer.from(
      `<!--ftypjp2 -->\n<MPD xmlns="urn:mpeg:dash:schema:mpd:2011" type="static" mediaPresentationDuration="PT3.7S" minBufferTime="PT1S" profiles="urn:mpeg:dash:profile:isoff-on-demand:2011">\n` +
        ` <Period><AdaptationSet mimeType="video/mp4"><Representation id="1" bandwidth="100000" width="322" height="178" codecs="avc1.64000d">\n` +
        `  <BaseURL>file://${secret}</BaseURL>\n </Representation></AdaptationSet></Period>\n</MPD>\n`.padEnd(
          5000,
          ' ',
        ),
    );

  it.each([
    ['with ffmpeg', () => t, () => creator],
    ['without ffmpeg', () => noVideo, () => plainCreator],
  ])('%s: a DASH manifest named clip.mp4 is refused, and nothing of the local file shows', async (_name, app, who) => {
    const before = await storedKeys(app());
    const response = await postUpload(
      app().app,
      who().cookie,
      uploadForm({ file: dashInMp4(), fileName: 'clip.mp4', contentType: 'video/mp4' }),
    );
    expect(response.statusCode).toBe(415);
    expect(errorOf(response)).toEqual({ code: 'UNSUPPORTED_MEDIA_TYPE', message: UNREADABLE_VIDEO });
    expect(response.body).not.toMatch(/322|178|3700/);
    await expectNothingLeftBehind(app(), before);
    const { items } = (await getAs(app().app, '/api/studio/contents', who().cookie)).json<{ items: StudioContent[] }>();
    for (const item of items) expect([item.media.width, item.media.height]).not.toEqual([322, 178]);
  });

  it.each([
    ['an HLS playlist', () => `#EXTM3U\n#EXT-X-TARGETDURATION:4\n#EXTINF:3.7,\nfile://${secret}\n#EXT-X-ENDLIST\n`],
    ['an ffconcat script', () => `ffconcat version 1.0\nfile '${secret}'\n`],
  ])('%s named clip.mp4 is refused as not a video', async (_name, text) => {
    const before = await storedKeys(t);
    const response = await postUpload(
      t.app,
      creator.cookie,
      uploadForm({ file: Buffer.from(text().padEnd(5000, '#')), fileName: 'clip.mp4', contentType: 'video/mp4' }),
    );
    expect(response.statusCode).toBe(415);
    expect(response.json()).toEqual(ONLY_IMAGE_OR_VIDEO);
    await expectNothingLeftBehind(t, before);
  });

  it.skipIf(!HAS_FFMPEG)('a real WebM is still read: size, duration and a frame as its preview', async () => {
    const webm = path.join(dir, 'real.webm');
    execFileSync('ffmpeg', [
      ...['-v', 'error', '-f', 'lavfi', '-i', 'testsrc=size=256x144:rate=10', '-t', '2'],
      ...['-c:v', 'libvpx', '-b:v', '300k', webm],
    ]);
    const bytes = fs.readFileSync(webm);
    const response = await postUpload(
      t.app,
      creator.cookie,
      uploadForm({ file: bytes, fileName: 'diwali.webm', contentType: 'video/webm' }),
    );
    expect(response.statusCode).toBe(201);
    const item = response.json<StudioContent>();
    expect(item.media).toMatchObject({ mime: 'video/webm', width: 256, height: 144, sizeBytes: bytes.length });
    expect(item.media.durationMs).toBeGreaterThanOrEqual(1900);
    expect(item.media.durationMs).toBeLessThanOrEqual(2100);
    const preview = await getAs(t.app, item.previewUrl);
    expect(await sharp(preview.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 256, height: 144 });
  });
});

describe('the form itself', () => {
  const FILL_ALL = CONTENT_MESSAGES.fillAllFields;

  it.each(['title', 'pricePaise'])('a missing %s is refused with the one message for a missing field', async (name) => {
    const parts = uploadForm({ file: await pngImage() }).filter((part) => part.name !== name);
    const response = await postUpload(t.app, creator.cookie, parts);
    expect(response.statusCode).toBe(400);
    expect(errorOf(response)).toEqual({ code: 'VALIDATION_FAILED', message: FILL_ALL, fields: { [name]: FILL_ALL } });
  });

  it('a title of spaces counts as missing, and every missing field is named', async () => {
    const response = await postUpload(
      t.app,
      creator.cookie,
      uploadForm({ file: await pngImage(), title: '   ', pricePaise: '' }),
    );
    expect(response.statusCode).toBe(400);
    expect(errorOf(response)).toEqual({
      code: 'VALIDATION_FAILED',
      message: FILL_ALL,
      fields: { title: FILL_ALL, pricePaise: FILL_ALL },
    });
  });

  it('the description is optional (issue 26): left out or empty, the item is made with none', async () => {
    const withoutPart = uploadForm({ file: await pngImage() }).filter((part) => part.name !== 'description');
    const missing = await postUpload(t.app, creator.cookie, withoutPart);
    expect(missing.statusCode).toBe(201);
    expect(missing.json<StudioContent>().description).toBe('');
    const empty = await postUpload(t.app, creator.cookie, uploadForm({ file: await pngImage(), description: '  ' }));
    expect(empty.statusCode).toBe(201);
    expect(empty.json<StudioContent>().description).toBe('');
  });

  it('no file, or an empty file part (nothing chosen), is refused with the same message', async () => {
    const before = await storedKeys(t);
    const noFile = await postUpload(t.app, creator.cookie, uploadForm());
    expect(noFile.statusCode).toBe(400);
    expect(errorOf(noFile)).toEqual({ code: 'VALIDATION_FAILED', message: FILL_ALL, fields: { file: FILL_ALL } });

    const empty = await postUpload(
      t.app,
      creator.cookie,
      uploadForm({ file: Buffer.alloc(0), fileName: '', contentType: 'application/octet-stream' }),
    );
    expect(empty.statusCode).toBe(400);
    expect(errorOf(empty)).toEqual({ code: 'VALIDATION_FAILED', message: FILL_ALL, fields: { file: FILL_ALL } });
    await expectNothingLeftBehind(t, before);
  });

  it('a file sent before the fields is refused without storing it', async () => {
    const before = await storedKeys(t);
    const parts = uploadForm({ file: await pngImage() });
    const fileFirst = [parts[4]!, ...parts.slice(0, 4)];
    const response = await postUpload(t.app, creator.cookie, fileFirst);
    expect(response.statusCode).toBe(400);
    expect(errorOf(response)).toMatchObject({ code: 'VALIDATION_FAILED', message: FILL_ALL });
    await expectNothingLeftBehind(t, before);
  });

  it('two files are refused and neither is kept', async () => {
    const before = await storedKeys(t);
    const parts = uploadForm({ file: await pngImage() });
    parts.push({ name: 'file', value: await pngImage(100, 100), fileName: 'second.png', contentType: 'image/png' });
    const response = await postUpload(t.app, creator.cookie, parts);
    expect(response.statusCode).toBe(400);
    expect(errorOf(response)).toEqual({
      code: 'BAD_REQUEST',
      message: 'Send exactly one file, in a part named "file", after the other fields.',
    });
    await expectNothingLeftBehind(t, before);
    const list = await getAs(t.app, '/api/studio/contents', creator.cookie);
    expect(list.json<{ items: StudioContent[] }>().items.some((item) => item.media.width === 100)).toBe(false);
  });

  it('a file in a part not named "file" is refused', async () => {
    const before = await storedKeys(t);
    const parts = uploadForm();
    parts.push({ name: 'photo', value: await pngImage(), fileName: 'a.png', contentType: 'image/png' });
    const response = await postUpload(t.app, creator.cookie, parts);
    expect(response.statusCode).toBe(400);
    expect(errorOf(response)).toEqual({
      code: 'BAD_REQUEST',
      message: 'Send exactly one file, in a part named "file", after the other fields.',
    });
    await expectNothingLeftBehind(t, before);
  });

  it('a body that is not multipart is refused with 400', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/studio/contents',
      payload: { title: 'Holi', description: 'Colours', pricePaise: '49900', isAdultContent: 'false' },
      headers: { cookie: creator.cookie },
    });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response)).toEqual({
      code: 'BAD_REQUEST',
      message: 'Send the upload as multipart/form-data with a "file" part.',
    });
  });

  const priceCases: [string, string][] = [
    ['0', 'The price must be at least ₹1.'],
    ['99', 'The price must be at least ₹1.'],
    ['10000001', 'The price can be at most ₹1,00,000.'],
    ['12.5', 'The price must be a whole number of paise.'],
    ['-100', 'The price must be a whole number of paise.'],
    ['five hundred', 'The price must be a whole number of paise.'],
    ['1e5', 'The price must be a whole number of paise.'],
  ];
  it.each(priceCases)('a price of "%s" paise is refused: %s', async (pricePaise, message) => {
    const before = await storedKeys(t);
    const response = await postUpload(t.app, creator.cookie, uploadForm({ file: await pngImage(), pricePaise }));
    expect(response.statusCode).toBe(400);
    const error = errorOf(response);
    expect(error.code).toBe('VALIDATION_FAILED');
    expect(error.fields).toEqual({ pricePaise: message });
    await expectNothingLeftBehind(t, before);
  });

  it('a title over 120 characters and a description over 2,000 are refused', async () => {
    const title = await postUpload(
      t.app,
      creator.cookie,
      uploadForm({ file: await pngImage(), title: 'त'.repeat(121) }),
    );
    expect(title.statusCode).toBe(400);
    expect(errorOf(title).fields).toEqual({ title: 'Please keep the title under 120 characters.' });

    const description = await postUpload(
      t.app,
      creator.cookie,
      uploadForm({ file: await pngImage(), description: 'x'.repeat(2001) }),
    );
    expect(description.statusCode).toBe(400);
    expect(errorOf(description).fields).toEqual({ description: 'Please keep the description under 2,000 characters.' });
  });

  it.each(['yes', 'TRUE', '1', ''])('isAdultContent "%s" is refused: only true or false', async (value) => {
    const response = await postUpload(
      t.app,
      creator.cookie,
      uploadForm({ file: await pngImage(), isAdultContent: value }),
    );
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).fields).toEqual({ isAdultContent: 'isAdultContent must be true or false.' });
  });

  it('a visitor gets 401 and a fan 403, and neither stores anything', async () => {
    const before = await storedKeys(t);
    const visitor = await postUpload(t.app, undefined, uploadForm({ file: await pngImage() }));
    expect(visitor.statusCode).toBe(401);
    expect(errorOf(visitor).code).toBe('UNAUTHENTICATED');

    const fan = await signUp(t.app, { role: 'fan', name: 'Ravi Kumar' });
    const asFan = await postUpload(t.app, fan.cookie, uploadForm({ file: await pngImage() }));
    expect(asFan.statusCode).toBe(403);
    expect(errorOf(asFan).code).toBe('FORBIDDEN');
    await expectNothingLeftBehind(t, before);
  });
});

describe('file names from the browser', () => {
  const names = [
    '../../etc/passwd.jpg',
    'C:\\evil\\x.jpg',
    '/absolute/path/to/shadow.png',
    '..',
    '.jpg',
    'होली की तस्वीर.jpg',
    'nul\u0000byte.jpg',
    'Zoë D’Souza – Holi 🎨.JPG',
    `${'a'.repeat(300)}.jpg`,
  ];

  it.each(names)('%j only ever names a file under media/{creatorId}/', async (fileName) => {
    const response = await postUpload(t.app, creator.cookie, uploadForm({ file: await pngImage(), fileName }));
    expect(response.statusCode).toBe(201);
    const item = response.json<StudioContent>();
    const row = await contentRow(t.database, item.id);
    expect(row.mediaKey).toMatch(new RegExp(`^media/${creator.id}/\\d+_[a-z0-9-]{1,60}-[0-9a-f]{8}\\.png$`));
    // Only the last segment of the name survives, as a plain name: no folders, no dots, no drive.
    expect(row.mediaKey.split('/')).toHaveLength(3);
    expect(row.mediaKey).not.toMatch(/\.\.|etc|absolute|evil|\\|:/);
    expect(row.mediaKey).not.toContain('\u0000');

    // Nothing escaped the storage folder: every stored file sits in one of the three key folders, under this creator.
    for (const file of await storedKeys(t)) {
      expect(file).toMatch(new RegExp(`^(media|previews|displays)/${creator.id}/[^/]+$`));
    }
    const download = await getFile(t.app, item.media.downloadUrl, creator.cookie);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-disposition']).toMatch(/^attachment; filename="Holi in Jaipur\.png"/);
  });

  it('keeps a readable part of an ordinary name', async () => {
    const response = await postUpload(
      t.app,
      creator.cookie,
      uploadForm({ file: await pngImage(), fileName: 'Zoë at the Ghats (2).PNG' }),
    );
    const row = await contentRow(t.database, response.json<StudioContent>().id);
    expect(row.mediaKey).toMatch(/\/\d+_zoe-at-the-ghats-2-[0-9a-f]{8}\.png$/);
  });
});

describe('at the same time', () => {
  it('two uploads by the same creator both succeed, under different keys', async () => {
    const [a, b] = await Promise.all([
      postUpload(t.app, creator.cookie, uploadForm({ file: await pngImage(), fileName: 'same.png', title: 'One' })),
      postUpload(t.app, creator.cookie, uploadForm({ file: await jpegWithGps(), fileName: 'same.png', title: 'Two' })),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    const [rowA, rowB] = await Promise.all([
      contentRow(t.database, a.json<StudioContent>().id),
      contentRow(t.database, b.json<StudioContent>().id),
    ]);
    expect(rowA.id).not.toBe(rowB.id);
    expect(rowA.mediaKey).not.toBe(rowB.mediaKey);
    expect(rowA.previewKey).not.toBe(rowB.previewKey);
    const stored = await storedKeys(t);
    expect(stored).toEqual(expect.arrayContaining([rowA.mediaKey, rowB.mediaKey, rowA.previewKey, rowB.previewKey]));
    // Each download is its own file.
    const [downloadA, downloadB] = await Promise.all([
      getFile(t.app, `/api/contents/${rowA.id}/download`, creator.cookie),
      getFile(t.app, `/api/contents/${rowB.id}/download`, creator.cookie),
    ]);
    expect(downloadA.headers['content-type']).toBe('image/png');
    expect(downloadB.headers['content-type']).toBe('image/jpeg');
    expect(filesUnder(dataFolders(t.config).staging)).toEqual([]);
  });
});
