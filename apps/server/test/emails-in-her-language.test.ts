import type { Locale } from '@kholo/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MailMessage } from '../src/providers/mail/mailer.js';
import { freshIp, signUp, uniqueEmail } from './accounts-helpers.js';
import { buildTestApp, type TestApp } from './test-app.js';

/**
 * Issue 26 §5: every email in its reader's language — her account's (migration 0026), else the
 * request's for an address without one, else English. The English wording is checked word for
 * word by each feature's own tests; here, that a Hindi account reads Hindi (subject, body and
 * the layout's own words) and an English one the same English as before.
 */

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

function post(url: string, payload: object, headers: Record<string, string> = {}) {
  return t.app.inject({ method: 'POST', url, payload, headers, remoteAddress: freshIp() });
}

async function accountIn(locale: Locale, role: 'creator' | 'fan' = 'fan', name = 'Kavita Joshi') {
  const account = await signUp(t.app, { role, name });
  if (locale !== 'en') {
    const response = await t.app.inject({
      method: 'PUT',
      url: '/api/me/language',
      payload: { locale },
      headers: { cookie: account.cookie },
    });
    expect(response.statusCode).toBe(204);
  }
  return account;
}

/** The one new message to `to` since the last look. */
const seen = new Set<MailMessage>();
async function newMailTo(to: string): Promise<MailMessage> {
  const fresh = (await t.sentMail()).filter((message) => message.to === to && !seen.has(message));
  fresh.forEach((message) => seen.add(message));
  expect(fresh).toHaveLength(1);
  return fresh[0]!;
}

/** A Hindi email: its subject and text in Devanagari, the layout in Hindi, `<html lang="hi-IN">`. */
function expectHindi(mail: MailMessage): void {
  expect(mail.subject).toMatch(/[\u0900-\u097F]/);
  expect(mail.html).toContain('<html lang="hi-IN">');
  expect(mail.text).toContain('कोई सवाल हो तो लिखें:');
  expect(mail.text).not.toContain('Questions? Write to');
  expect(mail.text).not.toMatch(/\bHello\b/);
}

function expectEnglish(mail: MailMessage): void {
  expect(mail.subject).not.toMatch(/[\u0900-\u097F]/);
  expect(mail.text).not.toMatch(/[\u0900-\u097F]/);
  expect(mail.html).toContain('<html lang="en-IN">');
  expect(mail.text).toContain('Questions? Write to');
}

describe('sign-in code', () => {
  it('is in Hindi for a Hindi account, whatever the browser asking', async () => {
    const { body } = await accountIn('hi');
    await post('/api/auth/email-code', { email: body.email }, { 'accept-language': 'en-IN' });
    const mail = await newMailTo(body.email);
    expectHindi(mail);
    expect(mail.subject).toMatch(/^\d{6} आपका Kholo कोड है$/);
    expect(mail.text).toContain('लॉग इन करने के लिए इसे Kholo पर डालें।');
    expect(mail.html).toContain('अगर आपने यह नहीं माँगा');
  });

  it('is in the request’s language for an address without an account', async () => {
    const hindi = uniqueEmail('new-hi');
    await post('/api/auth/email-code', { email: hindi }, { 'accept-language': 'hi-IN,hi;q=0.9' });
    expectHindi(await newMailTo(hindi));
    const english = uniqueEmail('new-en');
    await post('/api/auth/email-code', { email: english }, { 'accept-language': 'hi-IN', cookie: 'kholo_lang=en' });
    const mail = await newMailTo(english);
    expectEnglish(mail);
    expect(mail.subject).toMatch(/^\d{6} is your Kholo code$/);
  });

  it('is the same English as before for an English account', async () => {
    const { body } = await accountIn('en');
    await post('/api/auth/email-code', { email: body.email }, { 'accept-language': 'hi-IN' });
    const mail = await newMailTo(body.email);
    expectEnglish(mail);
    expect(mail.text).toContain('Enter it on Kholo to log in.');
  });
});

describe('password reset', () => {
  it('is in Hindi for a Hindi account, with her name and the link', async () => {
    const { body } = await accountIn('hi');
    await post('/api/auth/request-password-reset', { email: body.email });
    const mail = await newMailTo(body.email);
    expectHindi(mail);
    expect(mail.subject).toBe('अपना Kholo पासवर्ड बदलें');
    expect(mail.text).toContain('नमस्ते Kavita,');
    expect(mail.text).toContain('नया पासवर्ड चुनें: http://');
    expect(mail.html).toContain('अगर बटन काम न करे, तो यह लिंक कॉपी करके अपने ब्राउज़र में खोलें:');
    expect(mail.links?.[0]).toContain('/reset-password?token=');
  });

  it('is the same English as before for an English account', async () => {
    const { body } = await accountIn('en');
    await post('/api/auth/request-password-reset', { email: body.email }, { 'accept-language': 'hi-IN' });
    const mail = await newMailTo(body.email);
    expectEnglish(mail);
    expect(mail.subject).toBe('Reset your Kholo password');
    expect(mail.text).toContain('Hello Kavita,');
    expect(mail.html).toContain('If the button does not work, copy this link into your browser:');
  });
});
