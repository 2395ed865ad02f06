import {
  type CreatorPage,
  type CreatorProfile,
  HANDLE_MESSAGES,
  type HandleAvailability,
  type Me,
} from '@kholo/contracts';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorOf, getMe, signUp } from './accounts-helpers.js';
import {
  dataFolders,
  filesUnder,
  getAs,
  jpegWithGps,
  mp4Header,
  multipartBody,
  pngImage,
  storedKeys,
  type FormPart,
} from './content-helpers.js';
import { buildTestApp, type TestApp } from './test-app.js';

let t: TestApp;
let priya: { id: string; cookie: string; email: string };
let kabir: { id: string; cookie: string };
let fanCookie: string;

beforeAll(async () => {
  t = await buildTestApp();
  const first = await signUp(t.app, { name: 'Priya Sharma' });
  priya = { id: first.me.account!.id, cookie: first.cookie, email: first.body.email };
  const second = await signUp(t.app, { name: 'Kabir Rao' });
  kabir = { id: second.me.account!.id, cookie: second.cookie };
  fanCookie = (await signUp(t.app, { role: 'fan', name: 'Ravi Kumar' })).cookie;
});
afterAll(async () => {
  await t.close();
});

/** `null` is a visitor (undefined would mean the default, Priya). */
function patchProfile(payload: unknown, cookie: string | null = priya.cookie) {
  return t.app.inject({
    method: 'PATCH',
    url: '/api/studio/profile',
    payload: payload as object,
    headers: cookie === null ? {} : { cookie },
  });
}

function availability(handle: string | undefined, cookie: string | null = priya.cookie) {
  const query = handle === undefined ? '' : `?handle=${encodeURIComponent(handle)}`;
  return getAs(t.app, `/api/studio/handle-availability${query}`, cookie ?? undefined);
}

function postAvatar(parts: FormPart[], cookie: string | null = priya.cookie) {
  const { payload, headers } = multipartBody(parts);
  return t.app.inject({
    method: 'POST',
    url: '/api/studio/avatar',
    payload,
    headers: { ...headers, ...(cookie === null ? {} : { cookie }) },
  });
}

function avatarPart(value: Buffer, fileName = 'me.jpg', contentType = 'image/jpeg'): FormPart {
  return { name: 'file', value, fileName, contentType };
}

const TAKEN = 'That handle is already taken. Please try another.';
const RESERVED = 'That handle is reserved. Please try another.';

describe('PATCH /api/studio/profile', () => {
  it('changes name, bio and handle together, and the public page follows', async () => {
    const response = await patchProfile({
      name: ' Priya S. ',
      bio: ' Photographer from Jaipur ',
      handle: 'Pink-City-Lens',
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.json<CreatorProfile>()).toEqual({
      id: priya.id,
      handle: 'pink-city-lens',
      name: 'Priya S.',
      email: priya.email,
      bio: 'Photographer from Jaipur',
      avatarUrl: null,
      walletBalancePaise: 0,
      createdAt: expect.any(Number),
      suspendedReason: null,
      instagramBioDone: false,
    });

    const page = (await getAs(t.app, '/api/creators/pink-city-lens')).json<CreatorPage>();
    expect(page.creator).toMatchObject({ handle: 'pink-city-lens', name: 'Priya S.', bio: 'Photographer from Jaipur' });
    expect((await getAs(t.app, '/api/creators/priya-sharma')).statusCode).toBe(404);
    const me = (await getMe(t.app, priya.cookie)).json<Me>();
    expect(me.creator).toMatchObject({ handle: 'pink-city-lens', name: 'Priya S.' });
    // The account's name follows, so the header greets her by the new one after a reload.
    expect(me.account?.name).toBe('Priya S.');
  });

  it('an empty bio clears it (the page then shows the default line)', async () => {
    for (const bio of ['', '   ']) {
      await patchProfile({ bio: 'Something' });
      const response = await patchProfile({ bio });
      expect(response.statusCode).toBe(200);
      expect(response.json<CreatorProfile>().bio).toBeNull();
    }
    expect((await getAs(t.app, '/api/creators/pink-city-lens')).json<CreatorPage>().creator.bio).toBeNull();
  });

  it("keeping one's own handle is not a conflict", async () => {
    const response = await patchProfile({ handle: 'pink-city-lens' });
    expect(response.statusCode).toBe(200);
  });

  it("another creator's handle is 409 HANDLE_TAKEN, and nothing changes", async () => {
    const response = await patchProfile({ handle: 'kabir-rao', name: 'Changed name' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ error: { code: 'HANDLE_TAKEN', message: TAKEN, fields: { handle: TAKEN } } });
    const me = (await getMe(t.app, priya.cookie)).json<Me>();
    expect(me.creator).toMatchObject({ handle: 'pink-city-lens', name: 'Priya S.' });
    expect(me.account?.name).toBe('Priya S.');
  });

  it.each(['admin', 'kholo', 'Support'])('the reserved handle %j is refused', async (handle) => {
    const response = await patchProfile({ handle });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      error: { code: 'HANDLE_TAKEN', message: RESERVED, fields: { handle: RESERVED } },
    });
  });

  it.each<[string, unknown, Record<string, string>]>([
    ['a handle of 2 characters', { handle: 'ab' }, { handle: 'Your handle needs at least 3 characters.' }],
    [
      'a handle with spaces and marks',
      { handle: 'pink city!' },
      { handle: 'Use lowercase letters, numbers and single dashes (like priya-sharma).' },
    ],
    [
      'a handle with a double dash',
      { handle: 'pink--city' },
      { handle: 'Use lowercase letters, numbers and single dashes (like priya-sharma).' },
    ],
    [
      'a handle ending in a dash',
      { handle: 'pink-' },
      { handle: 'Use lowercase letters, numbers and single dashes (like priya-sharma).' },
    ],
    [
      'a handle of 41 characters',
      { handle: 'a'.repeat(41) },
      { handle: 'Please keep your handle under 40 characters.' },
    ],
    ['an empty name', { name: '  ' }, { name: 'Please enter your name.' }],
    ['a bio over 300 characters', { bio: 'x'.repeat(301) }, { bio: 'Please keep your bio under 300 characters.' }],
    ['a bio that is not text', { bio: 42 }, { bio: 'The bio must be text.' }],
  ])('refuses %s with a clear message', async (_name, payload, fields) => {
    const response = await patchProfile(payload);
    expect(response.statusCode).toBe(400);
    const error = errorOf(response);
    expect(error.code).toBe('VALIDATION_FAILED');
    expect(error.fields).toEqual(fields);
  });

  it('refuses an empty change and fields that are not the profile', async () => {
    const empty = await patchProfile({});
    expect(empty.statusCode).toBe(400);
    expect(errorOf(empty).message).toBe('Nothing to change: send a name, bio or handle.');
    for (const payload of [
      { walletBalancePaise: 1_00_000_00 },
      { email: 'x@example.com' },
      { avatarKey: 'avatars/x.webp' },
    ]) {
      const response = await patchProfile(payload);
      expect(response.statusCode).toBe(400);
    }
    const me = (await getMe(t.app, priya.cookie)).json<Me>();
    expect(me.creator).toMatchObject({ walletBalancePaise: 0, email: priya.email, avatarUrl: null });
  });

  it('a fan gets 403 and a visitor 401', async () => {
    const asFan = await patchProfile({ name: 'Fan' }, fanCookie);
    expect(asFan.statusCode).toBe(403);
    expect(errorOf(asFan).code).toBe('FORBIDDEN');
    const asVisitor = await patchProfile({ name: 'Visitor' }, null);
    expect(asVisitor.statusCode).toBe(401);
    expect(errorOf(asVisitor).code).toBe('UNAUTHENTICATED');
  });
});

describe('GET /api/studio/handle-availability', () => {
  it.each<[string | undefined, HandleAvailability]>([
    ['chai-and-frames', { handle: 'chai-and-frames', available: true, message: null }],
    ['  Chai-And-Frames ', { handle: 'chai-and-frames', available: true, message: null }],
    ['pink-city-lens', { handle: 'pink-city-lens', available: true, message: null }],
    ['kabir-rao', { handle: 'kabir-rao', available: false, message: TAKEN }],
    ['admin', { handle: 'admin', available: false, message: RESERVED }],
    ['ab', { handle: 'ab', available: false, message: 'Your handle needs at least 3 characters.' }],
    [
      'Pink City!',
      {
        handle: 'pink city!',
        available: false,
        message: 'Use lowercase letters, numbers and single dashes (like priya-sharma).',
      },
    ],
    [undefined, { handle: '', available: false, message: 'Your handle needs at least 3 characters.' }],
  ])('%j', async (handle, expected) => {
    const response = await availability(handle);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.json()).toEqual(expected);
  });

  it('a fan choosing her handle before she starts selling may ask; a visitor gets 401', async () => {
    const forFan = await availability('kabir-rao', fanCookie);
    expect(forFan.statusCode).toBe(200);
    expect(forFan.json()).toEqual({ handle: 'kabir-rao', available: false, message: HANDLE_MESSAGES.taken });
    expect((await availability('a-free-handle', fanCookie)).json()).toMatchObject({ available: true });
    expect((await availability('anything', null)).statusCode).toBe(401);
  });
});

describe('the avatar', () => {
  const avatarFiles = async () => (await storedKeys(t)).filter((key) => key.startsWith('avatars/'));

  it('a visitor asking for a creator without one gets 404', async () => {
    const response = await getAs(t.app, `/api/creators/${priya.id}/avatar`);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'This creator has no avatar.' } });
    expect((await getAs(t.app, '/api/creators/no-such-id/avatar')).statusCode).toBe(404);
  });

  let firstUrl: string;
  it('an upload becomes a 256×256 WebP without EXIF, at a versioned URL shown everywhere', async () => {
    const response = await postAvatar([avatarPart(await jpegWithGps(900, 600))]);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const profile = response.json<CreatorProfile>();
    expect(profile.avatarUrl).toMatch(new RegExp(`^/api/creators/${priya.id}/avatar\\?v=[A-Za-z0-9_-]{10}$`));
    firstUrl = profile.avatarUrl!;

    const avatar = await getAs(t.app, firstUrl);
    expect(avatar.statusCode).toBe(200);
    expect(avatar.headers['content-type']).toBe('image/webp');
    expect(avatar.headers['x-content-type-options']).toBe('nosniff');
    expect(avatar.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const meta = await sharp(avatar.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 256, height: 256 });
    expect(meta.exif).toBeUndefined();

    expect((await getMe(t.app, priya.cookie)).json<Me>().creator?.avatarUrl).toBe(firstUrl);
    expect((await getAs(t.app, '/api/creators/pink-city-lens')).json<CreatorPage>().creator.avatarUrl).toBe(firstUrl);
    expect(await avatarFiles()).toEqual([
      expect.stringMatching(new RegExp(`^avatars/${priya.id}_${t.clock.now()}_[0-9a-f]{8}\\.webp$`)),
    ]);
  });

  it('a new avatar gets a new URL and the old file is removed', async () => {
    t.clock.advance(1000);
    const response = await postAvatar([avatarPart(await pngImage(300, 500), 'new.png', 'image/png')]);
    expect(response.statusCode).toBe(200);
    const secondUrl = response.json<CreatorProfile>().avatarUrl!;
    expect(secondUrl).not.toBe(firstUrl);
    expect(await avatarFiles()).toEqual([
      expect.stringMatching(new RegExp(`^avatars/${priya.id}_${t.clock.now()}_[0-9a-f]{8}\\.webp$`)),
    ]);
    expect((await getMe(t.app, priya.cookie)).json<Me>().creator?.avatarUrl).toBe(secondUrl);

    const current = await getAs(t.app, secondUrl);
    expect(await sharp(current.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 256, height: 256 });
    // The old URL now serves the new picture, briefly cached: it is no longer the current version.
    const old = await getAs(t.app, firstUrl);
    expect(old.statusCode).toBe(200);
    expect(old.headers['cache-control']).toBe('public, max-age=300');
  });

  it.each<[string, () => Promise<FormPart>]>([
    ['a video', async () => avatarPart(mp4Header(), 'me.mp4', 'video/mp4')],
    ['a video named .jpg', async () => avatarPart(mp4Header(), 'me.jpg', 'image/jpeg')],
    ['an HTML page named .jpg', async () => avatarPart(Buffer.from('<html><body>hi</body></html>'), 'me.jpg')],
  ])('%s is refused with "Only image files allowed" and the current avatar stays', async (_name, part) => {
    const before = await avatarFiles();
    const response = await postAvatar([await part()]);
    expect(response.statusCode).toBe(415);
    expect(response.json()).toEqual({ error: { code: 'UNSUPPORTED_MEDIA_TYPE', message: 'Only image files allowed' } });
    expect(await avatarFiles()).toEqual(before);
    expect(filesUnder(dataFolders(t.config).staging)).toEqual([]);
  });

  it('no file, a picture over 10 MB and a body that is not multipart are refused', async () => {
    const before = await avatarFiles();
    const none = await postAvatar([{ name: 'note', value: 'hello' }]);
    expect(none.statusCode).toBe(400);
    expect(errorOf(none).message).toBe('Please choose a picture.');

    const bigPng = Buffer.concat([await pngImage(), Buffer.alloc(10 * 1024 * 1024)]);
    const big = await postAvatar([avatarPart(bigPng, 'big.png', 'image/png')]);
    expect(big.statusCode).toBe(413);
    expect(errorOf(big).message).toBe('Please choose a picture under 10 MB.');

    const json = await t.app.inject({
      method: 'POST',
      url: '/api/studio/avatar',
      payload: { file: 'x' },
      headers: { cookie: priya.cookie },
    });
    expect(json.statusCode).toBe(400);
    expect(await avatarFiles()).toEqual(before);
    expect(filesUnder(dataFolders(t.config).staging)).toEqual([]);
  });

  it('a fan gets 403 and a visitor 401', async () => {
    const part = avatarPart(await pngImage());
    expect((await postAvatar([part], fanCookie)).statusCode).toBe(403);
    expect((await postAvatar([part], null)).statusCode).toBe(401);
  });
});

describe('at the same time', () => {
  it('two creators claiming one handle: one gets it, the other a 409', async () => {
    const [a, b] = await Promise.all([
      patchProfile({ handle: 'golden-hour' }, priya.cookie),
      patchProfile({ handle: 'golden-hour' }, kabir.cookie),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const loser = a.statusCode === 409 ? a : b;
    expect(errorOf(loser)).toEqual({ code: 'HANDLE_TAKEN', message: TAKEN, fields: { handle: TAKEN } });
    const winner = (a.statusCode === 200 ? a : b).json<CreatorProfile>();
    const page = (await getAs(t.app, '/api/creators/golden-hour')).json<CreatorPage>();
    expect(page.creator.id).toBe(winner.id);
    const rows = await t.database.db
      .selectFrom('creators')
      .select('userId')
      .where('handle', '=', 'golden-hour')
      .execute();
    expect(rows).toHaveLength(1);
  });
});
