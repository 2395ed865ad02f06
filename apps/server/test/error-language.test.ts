import { addCatalogue, localizeMessage } from '@kholo/contracts';
import { HINDI_CATALOGUE } from '@kholo/contracts/hindi';
import { afterEach, describe, expect, it } from 'vitest';
import { RESET_REQUESTED_MESSAGE } from '../src/features/accounts/auth-service.js';
import { CONVERSION_FAILURES } from '../src/features/content/video-conversion.js';
import { MOV_NEEDS_FFMPEG } from '../src/features/media/media-processing.js';
import { UPLOAD_NOT_FOUND } from '../src/features/media/resumable-uploads.js';
import { REFUND_MESSAGES } from '../src/features/refunds/refunds-service.js';
import { SAFETY_ACTOR } from '../src/features/safety/index.js';
import { buildTestApp, type TestApp } from './test-app.js';

/** API errors in the reader's language (ADR 030): her cookie, else her browser's, else English. */
let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

async function postContact(
  headers: Record<string, string>,
  payload: object = { name: '', email: 'nope', message: 'hi' },
) {
  t ??= await buildTestApp();
  const response = await t.app.inject({ method: 'POST', url: '/api/contact', payload, headers });
  return {
    status: response.statusCode,
    body: response.json<{ error: { code: string; message: string; fields?: Record<string, string> } }>(),
  };
}

describe('error messages in the reader’s language', () => {
  it('answers a Hindi browser in Hindi, message and field messages, with the same code', async () => {
    const english = await postContact({});
    const hindi = await postContact({ 'accept-language': 'hi-IN,hi;q=0.9,en;q=0.8' });
    expect(hindi.status).toBe(english.status);
    expect(hindi.body.error.code).toBe(english.body.error.code);
    expect(english.body.error.fields).toMatchObject({
      name: 'Please enter your name.',
      email: 'Please enter a valid email address, like name@example.com.',
    });
    expect(hindi.body.error.fields).toMatchObject({
      name: 'कृपया अपना नाम लिखें।',
      email: 'कृपया सही ईमेल पता लिखें, जैसे name@example.com।',
    });
    expect(Object.keys(hindi.body.error.fields ?? {})).toEqual(Object.keys(english.body.error.fields ?? {}));
  });

  it('follows her choice over her browser: kholo_lang=en stays English, kholo_lang=hi is Hindi', async () => {
    const chosenEnglish = await postContact({ 'accept-language': 'hi-IN', cookie: 'kholo_lang=en' });
    expect(chosenEnglish.body.error.fields?.name).toBe('Please enter your name.');
    const chosenHindi = await postContact({ 'accept-language': 'en-US', cookie: 'other=1; kholo_lang=hi' });
    expect(chosenHindi.body.error.fields?.name).toBe('कृपया अपना नाम लिखें।');
  });

  it('keeps a message the catalogue does not know as it is, and says a known server text in Hindi', async () => {
    t = await buildTestApp();
    const unknownRoute = await t.app.inject({
      method: 'GET',
      url: '/api/no-such-thing',
      headers: { 'accept-language': 'hi' },
    });
    expect(unknownRoute.json()).toEqual({
      error: { code: 'NOT_FOUND', message: 'There is no API route GET /api/no-such-thing.' },
    });
    const signedOut = await t.app.inject({
      method: 'GET',
      url: '/api/studio/contents',
      headers: { 'accept-language': 'hi' },
    });
    expect(signedOut.statusCode).toBe(401);
    expect(signedOut.json<{ error: { message: string } }>().error.message).toBe('आगे बढ़ने के लिए कृपया लॉग इन करें।');
  });
});

describe('the server’s own texts a fan or creator can meet', () => {
  it.each([
    ...Object.values(REFUND_MESSAGES),
    ...Object.values(CONVERSION_FAILURES),
    MOV_NEEDS_FFMPEG,
    UPLOAD_NOT_FOUND,
    RESET_REQUESTED_MESSAGE,
    // What the admin's Content tab and Logs show of an item held after a report, and who held it.
    'Under review after a report: Intimate images shared without consent',
    SAFETY_ACTOR.email,
  ])('%s has its Hindi', (message) => {
    addCatalogue('hi', HINDI_CATALOGUE);
    expect(localizeMessage('hi', message)).toMatch(/[\u0900-\u097F]/);
  });
});
