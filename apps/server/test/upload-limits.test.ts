import type { StudioContent } from '@kholo/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { errorOf, signUp } from './accounts-helpers.js';
import { type FormPart, multipartBody, pngImage, postUpload, uploadForm } from './content-helpers.js';
import { buildTestApp, type TestApp } from './test-app.js';

const HOUR = 60 * 60_000;

/** The default app (30 uploads an hour) and one allowing 3, to test the rules without 30 files each time. */
let t: TestApp;
let three: TestApp;
let png: Buffer;

beforeAll(async () => {
  [t, three, png] = await Promise.all([
    buildTestApp(),
    buildTestApp({ limits: { ...loadConfig({}).limits, uploadsPerCreatorPerHour: 3 } }),
    pngImage(48, 32),
  ]);
});
afterAll(async () => {
  await Promise.all([t.close(), three.close()]);
});

async function newCreator(app: TestApp): Promise<string> {
  return (await signUp(app.app, { name: 'Neha Joshi' })).cookie;
}

function upload(app: TestApp, cookie: string, file = png, fileName = 'photo.png') {
  return postUpload(app.app, cookie, uploadForm({ file, fileName, contentType: 'image/png' }));
}

function postAvatar(app: TestApp, cookie: string, file = png) {
  const parts: FormPart[] = [{ name: 'file', value: file, fileName: 'me.png', contentType: 'image/png' }];
  const { payload, headers } = multipartBody(parts);
  return app.app.inject({ method: 'POST', url: '/api/studio/avatar', payload, headers: { ...headers, cookie } });
}

function expectLimited(response: { statusCode: number; json: () => unknown }, perHour: number, wait: string) {
  expect(response.statusCode).toBe(429);
  expect(errorOf(response as never)).toEqual({
    code: 'RATE_LIMITED',
    message: `You can upload up to ${perHour} files an hour. Please try again ${wait}.`,
  });
}

describe('uploads per creator per hour (UPLOADS_PER_CREATOR_PER_HOUR, default 30)', () => {
  it('takes 30 in an hour; the 31st gets 429 and stores nothing, an hour later uploads work again', async () => {
    const cookie = await newCreator(t);
    for (let i = 0; i < 30; i += 1) expect((await upload(t, cookie)).statusCode).toBe(201);
    t.clock.advance(20 * 60_000);
    const refused = await upload(t, cookie);
    expectLimited(refused, 30, 'in 40 minutes');
    const listed = await t.app.inject({ method: 'GET', url: '/api/studio/contents', headers: { cookie } });
    expect(listed.json<{ items: StudioContent[] }>().items).toHaveLength(30);

    // Another creator has an hour of her own.
    expect((await upload(t, await newCreator(t))).statusCode).toBe(201);

    t.clock.advance(40 * 60_000);
    expect((await upload(t, cookie)).statusCode).toBe(201);
  });

  it('counts avatars with items', async () => {
    const cookie = await newCreator(three);
    expect((await postAvatar(three, cookie)).statusCode).toBe(200);
    expect((await upload(three, cookie)).statusCode).toBe(201);
    expect((await postAvatar(three, cookie)).statusCode).toBe(200);
    expectLimited(await upload(three, cookie), 3, 'in 60 minutes');
    expectLimited(await postAvatar(three, cookie), 3, 'in 60 minutes');
    three.clock.advance(HOUR);
  });

  it('gives back an upload refused before any decoding, and counts one that was decoded and failed', async () => {
    const cookie = await newCreator(three);
    const text = Buffer.from('just some notes\n'.repeat(400));
    for (let i = 0; i < 5; i += 1) expect((await upload(three, cookie, text, 'notes.png')).statusCode).toBe(415);
    const missingTitle = uploadForm({ file: png, fileName: 'photo.png', contentType: 'image/png' }).filter(
      (part) => part.name !== 'title',
    );
    expect((await postUpload(three.app, cookie, missingTitle)).statusCode).toBe(400);
    // A PNG header followed by garbage passes the type check and fails in the decoder: that counts.
    const damaged = Buffer.concat([png.subarray(0, 33), Buffer.alloc(8000, 0x5a)]);
    expect((await upload(three, cookie, damaged, 'broken.png')).statusCode).toBe(415);
    expect((await upload(three, cookie)).statusCode).toBe(201);
    expect((await upload(three, cookie)).statusCode).toBe(201);
    expectLimited(await upload(three, cookie), 3, 'in 60 minutes');
    three.clock.advance(HOUR);
  });

  it('holds against uploads sent all at once: exactly the allowance gets through', async () => {
    const cookie = await newCreator(three);
    const responses = await Promise.all(Array.from({ length: 6 }, () => upload(three, cookie)));
    const statuses = responses.map((response) => response.statusCode).sort();
    expect(statuses).toEqual([201, 201, 201, 429, 429, 429]);
    three.clock.advance(HOUR);
  });
});
