// Originals on S3: after the same authorisation as on local disk, /media and /download answer a
// presigned redirect to the bucket that dies within 5 minutes; previews and avatars still stream
// through the app. Runs in every test run: against the S3 of scripts/with-s3.mjs when
// TEST_STORAGE=s3, otherwise against a local S3 this file starts for itself.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { CreatorProfile, StudioContent } from '@kholo/contracts';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, type S3Settings } from '../src/config.js';
import { previewVariantKeys } from '../src/features/media/preview-sizes.js';
import { signUp } from './accounts-helpers.js';
import {
  adminCookie,
  contentRow,
  dataFolders,
  filesUnder,
  getAs,
  getFile,
  grantUnlock,
  jpegWithGps,
  multipartBody,
  storedKeys,
  uploadItem,
} from './content-helpers.js';
import { LOCAL_S3_CREDENTIALS, LOCAL_S3_REGION, type LocalS3, startLocalS3 } from './local-s3.js';
import { s3Environment, TEST_STORAGE_IS_S3 } from './s3-test-bucket.js';
import { buildTestApp, type TestApp } from './test-app.js';

let ownS3: LocalS3 | null = null;
let ownS3Dir: string | null = null;
let t: TestApp;
let s3: S3Settings;
let owner: { id: string; cookie: string };
let fanWithUnlock: string;
let fanWithout: string;
let admin: string;
let photo: StudioContent;
let photoBytes: Buffer;

beforeAll(async () => {
  let base: S3Settings;
  if (TEST_STORAGE_IS_S3) {
    const fromEnvironment = loadConfig(s3Environment()).s3;
    if (fromEnvironment === null) throw new Error('TEST_STORAGE=s3 without S3_* settings');
    base = fromEnvironment;
  } else {
    ownS3Dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kholo-s3-'));
    ownS3 = await startLocalS3({ directory: ownS3Dir });
    base = {
      endpoint: ownS3.endpoint,
      bucket: 'unused',
      region: LOCAL_S3_REGION,
      ...LOCAL_S3_CREDENTIALS,
      forcePathStyle: true,
    };
  }
  // buildTestApp gives the app a bucket of its own from these settings.
  t = await buildTestApp({ s3: base }, { deps: { videoTools: null } });
  s3 = t.config.s3!;
  const creator = await signUp(t.app, { name: 'Priya Sharma' });
  owner = { id: creator.me.account!.id, cookie: creator.cookie };
  const fan = await signUp(t.app, { role: 'fan', name: 'Anjali Das' });
  fanWithUnlock = fan.cookie;
  fanWithout = (await signUp(t.app, { role: 'fan', name: 'Ravi Kumar' })).cookie;
  admin = await adminCookie(t.app);
  photoBytes = await jpegWithGps(800, 600);
  photo = await uploadItem(t.app, owner.cookie, { file: photoBytes, title: 'Holi in Jaipur' });
  await grantUnlock(t.database, fan.me.account!.id, photo.id, t.clock.now());
});
afterAll(async () => {
  await t.close();
  await ownS3?.close();
  if (ownS3Dir !== null) fs.rmSync(ownS3Dir, { recursive: true, force: true });
});

function locationOf(response: { headers: Record<string, unknown> }): URL {
  return new URL(String(response.headers['location']));
}

describe('an upload on S3', () => {
  it('puts the original, the display copy and the previews in the bucket, and leaves nothing staged', async () => {
    const row = await contentRow(t.database, photo.id);
    expect(await storedKeys(t)).toEqual(
      [row.displayKey, row.mediaKey, row.previewKey, ...previewVariantKeys(row.previewKey, row.previewSizes)].sort(),
    );
    expect(filesUnder(dataFolders(t.config).staging)).toEqual([]);
    // Nothing went to local disk.
    expect(filesUnder(dataFolders(t.config).storage)).toEqual([]);
  });
});

describe('originals by presigned redirect', () => {
  it('/download: 302 to the bucket, never cached, signed for at most 300 s, for the original as an attachment', async () => {
    const response = await getAs(t.app, photo.media.downloadUrl, fanWithUnlock);
    expect(response.statusCode).toBe(302);
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect(response.body).toBe('');
    const url = locationOf(response);
    expect(url.origin).toBe(new URL(s3.endpoint!).origin);
    const row = await contentRow(t.database, photo.id);
    expect(url.pathname).toBe(`/${s3.bucket}/${row.mediaKey}`);
    expect(Number(url.searchParams.get('X-Amz-Expires'))).toBe(300);
    const signedAt = url.searchParams.get('X-Amz-Date')!;
    const signedAtMs = Date.parse(
      signedAt.replace(/^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/, '$1-$2-$3T$4:$5:$6Z'),
    );
    expect(Math.abs(signedAtMs - Date.now())).toBeLessThan(60_000);

    const followed = await fetch(url);
    expect(followed.status).toBe(200);
    expect(followed.headers.get('content-type')).toBe('image/jpeg');
    // The bucket's own answer is not cached past the unlock either.
    expect(followed.headers.get('cache-control')).toBe('private, no-store');
    expect(followed.headers.get('content-disposition')).toBe(
      `attachment; filename="Holi in Jaipur.jpg"; filename*=UTF-8''Holi%20in%20Jaipur.jpg`,
    );
    const bytes = Buffer.from(await followed.arrayBuffer());
    expect(bytes.length).toBe(photo.media.sizeBytes);
    // The EXIF-free original the server stored, not what was uploaded.
    expect(bytes.includes(Buffer.from('KholoTestCam'))).toBe(false);
    expect((await sharp(bytes).metadata()).width).toBe(800);
  });

  it('/media: the display copy, inline, for the owner, a fan with an unlock and the admin', async () => {
    const row = await contentRow(t.database, photo.id);
    for (const cookie of [owner.cookie, fanWithUnlock, admin]) {
      const response = await getAs(t.app, photo.media.url, cookie);
      expect(response.statusCode).toBe(302);
      expect(locationOf(response).pathname).toBe(`/${s3.bucket}/${row.displayKey}`);
      const followed = await getFile(t.app, photo.media.url, cookie);
      expect(followed.statusCode).toBe(200);
      expect(followed.headers['content-type']).toBe('image/webp');
      expect(followed.headers['content-disposition']).toBe('inline');
      expect((await sharp(followed.rawPayload).metadata()).format).toBe('webp');
    }
  });

  it('a fan without an unlock and a visitor get the 404 of a missing item, with no Location', async () => {
    const notFound = { error: { code: 'NOT_FOUND', message: 'Content not found.' } };
    for (const cookie of [fanWithout, undefined]) {
      for (const url of [photo.media.url, photo.media.downloadUrl]) {
        const response = await getAs(t.app, url, cookie);
        expect(response.statusCode).toBe(404);
        expect(response.json()).toEqual(notFound);
        expect(response.headers['location']).toBeUndefined();
        expect(response.body).not.toContain(s3.bucket);
      }
    }
  });

  it('HEAD is answered by the app (a URL presigned for GET is refused for HEAD), without a Location', async () => {
    const head = await t.app.inject({
      method: 'HEAD',
      url: photo.media.downloadUrl,
      headers: { cookie: owner.cookie },
    });
    expect(head.statusCode).toBe(200);
    expect(head.headers['location']).toBeUndefined();
    expect(head.headers['content-type']).toBe('image/jpeg');
    expect(Number(head.headers['content-length'])).toBe(photo.media.sizeBytes);
    expect(head.headers['cache-control']).toBe('private, no-store');
    expect(head.rawPayload.length).toBe(0);
    const refused = await t.app.inject({
      method: 'HEAD',
      url: photo.media.downloadUrl,
      headers: { cookie: fanWithout },
    });
    expect(refused.statusCode).toBe(404);
    expect(refused.headers['location']).toBeUndefined();
  });

  it('an original missing from the bucket is the same 404, not a redirect to an error', async () => {
    const item = await uploadItem(t.app, owner.cookie, { title: 'Lost in the bucket' });
    const row = await contentRow(t.database, item.id);
    await t.storage.remove(row.mediaKey);
    const response = await getAs(t.app, item.media.downloadUrl, owner.cookie);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'Content not found.' } });
    expect(response.headers['location']).toBeUndefined();
  });
});

describe('what still streams through the app', () => {
  it('the blurred preview, publicly cached, from the bucket', async () => {
    const preview = await getAs(t.app, photo.previewUrl);
    expect(preview.statusCode).toBe(200);
    expect(preview.headers['content-type']).toBe('image/webp');
    expect(preview.headers['cache-control']).toBe('public, max-age=86400');
    expect((await sharp(preview.rawPayload).metadata()).format).toBe('webp');
  });

  it('the avatar, stored in the bucket', async () => {
    const { payload, headers } = multipartBody([
      { name: 'file', value: await jpegWithGps(400, 400), fileName: 'me.jpg', contentType: 'image/jpeg' },
    ]);
    const upload = await t.app.inject({
      method: 'POST',
      url: '/api/studio/avatar',
      payload,
      headers: { ...headers, cookie: owner.cookie },
    });
    expect(upload.statusCode).toBe(200);
    const avatarUrl = upload.json<CreatorProfile>().avatarUrl!;
    expect((await storedKeys(t)).filter((key) => key.startsWith('avatars/'))).toHaveLength(1);
    const avatar = await getAs(t.app, avatarUrl);
    expect(avatar.statusCode).toBe(200);
    expect(avatar.headers['content-type']).toBe('image/webp');
    expect(avatar.headers['location']).toBeUndefined();
  });
});

describe('the CSP', () => {
  it('lets images, video and the Download fetch follow the redirect to the bucket, and nothing else new', async () => {
    const response = await getAs(t.app, '/api/health');
    const csp = String(response.headers['content-security-policy']);
    const origin = new URL(s3.endpoint!).origin;
    for (const directive of ['img-src', 'media-src', 'connect-src']) {
      const sources = csp
        .split(';')
        .map((part) => part.trim())
        .find((part) => part.startsWith(`${directive} `));
      expect(sources?.split(' ')).toContain(origin);
    }
    for (const directive of ['script-src', 'default-src', 'frame-src', 'form-action']) {
      const sources = csp
        .split(';')
        .map((part) => part.trim())
        .find((part) => part.startsWith(`${directive} `));
      expect(sources ?? '').not.toContain(origin);
    }
  });

  it('names no storage origin when files are on local disk', async () => {
    const local = await buildTestApp({ s3: null });
    try {
      const csp = String((await getAs(local.app, '/api/health')).headers['content-security-policy']);
      expect(csp).toContain("img-src 'self' data: blob:;");
      expect(csp).toContain("media-src 'self' blob:;");
      expect(csp).toMatch(/connect-src 'self'(;|$)/);
    } finally {
      await local.close();
    }
  });
});
