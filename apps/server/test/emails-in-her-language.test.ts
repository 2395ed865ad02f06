import type { Locale } from '@kholo/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MailMessage } from '../src/providers/mail/mailer.js';
import { POLICY_REMINDER_SUBJECT } from '../src/features/admin/index.js';
import { freshIp, signUp, uniqueEmail } from './accounts-helpers.js';
import { adminCookie, grantUnlock } from './content-helpers.js';
import { createOrder, payInSimulator, sellerAndFan } from './payments-helpers.js';
import { buildTestApp, type TestApp } from './test-app.js';
import { emailOf } from './withdrawals-helpers.js';

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

async function setLanguage(cookie: string, locale: Locale): Promise<void> {
  const response = await t.app.inject({
    method: 'PUT',
    url: '/api/me/language',
    payload: { locale },
    headers: { cookie },
  });
  expect(response.statusCode).toBe(204);
}

/** A sale of ₹149 paid through the simulator, the fan and the creator each in `locale`. */
async function saleIn(locale: Locale) {
  const cast = await sellerAndFan(t.app);
  await setLanguage(cast.fan.cookie, locale);
  await setLanguage(cast.creator.cookie, locale);
  const order = await createOrder(t.app, cast.fan.cookie, cast.item.id);
  expect((await payInSimulator(t.app, order.payment_session_id)).statusCode).toBe(303);
  return { ...cast, order, creatorEmail: await emailOf(t.database, cast.creator.id) };
}

async function mailsMatching(to: string, subject: RegExp): Promise<MailMessage[]> {
  return (await t.sentMail()).filter((message) => message.to === to && subject.test(message.subject));
}

describe('receipt and sale emails', () => {
  it('are in Hindi for a Hindi fan and a Hindi creator, amounts and dates in Hindi formats', async () => {
    const { fan, creatorEmail, order } = await saleIn('hi');
    const [receipt, ...moreReceipts] = await mailsMatching(fan.email, /^रसीद: /);
    expect(moreReceipts).toHaveLength(0);
    expectHindi(receipt!);
    expect(receipt!.subject).toBe('रसीद: Monsoon in Kochi (₹149)');
    expect(receipt!.text).toContain('नमस्ते Arjun,');
    expect(receipt!.text).toContain(`ऑर्डर ID: ${order.order_id}`);
    expect(receipt!.text).toContain('क्रिएटर: Meera Rathore');
    // Hindi month names (formatDateTime's hi-IN): the clock starts on 21 Nov 2026.
    expect(receipt!.text).toMatch(/पेमेंट की तारीख: 21 नव/);
    expect(receipt!.text).toContain('अपना आइटम खोलें: http');

    const [sale, ...moreSales] = await mailsMatching(creatorEmail, /^आपकी बिक्री हुई/);
    expect(moreSales).toHaveLength(0);
    expectHindi(sale!);
    expect(sale!.subject).toBe('आपकी बिक्री हुई: “Monsoon in Kochi”');
    expect(sale!.text).toContain('नमस्ते Meera,');
    expect(sale!.text).toMatch(/₹141\.55 आपके Kholo वॉलेट में आ गए हैं।/);
  });

  it('are the same English as before for English accounts', async () => {
    const { fan, creatorEmail } = await saleIn('en');
    const [receipt] = await mailsMatching(fan.email, /^Receipt: /);
    expectEnglish(receipt!);
    expect(receipt!.subject).toBe('Receipt: Monsoon in Kochi (₹149)');
    expect(receipt!.text).toContain('Thank you for your payment. Here are the details:');
    const [sale] = await mailsMatching(creatorEmail, /^You made a sale/);
    expectEnglish(sale!);
    expect(sale!.subject).toBe('You made a sale: “Monsoon in Kochi”');
  });
});

describe('expiry reminder', () => {
  const DAY = 24 * 60 * 60_000;

  it('is in Hindi for a Hindi fan, with the Hindi unsubscribe link and the same headers', async () => {
    const { fan, item } = await sellerAndFan(t.app);
    await setLanguage(fan.cookie, 'hi');
    await grantUnlock(t.database, fan.id, item.id, t.clock.now() + 40 * 60 * 60_000 - 14 * DAY);
    await t.app.reminders.runOnce();
    const [mail, ...more] = await mailsMatching(fan.email, /डाउनलोड करें$/);
    expect(more).toHaveLength(0);
    expectHindi(mail!);
    expect(mail!.subject).toBe('सिर्फ़ 2 दिन बाकी — अभी डाउनलोड करें');
    expect(mail!.text).toContain('Meera Rathore का “Monsoon in Kochi” देखने का समय');
    expect(mail!.text).toContain('भारतीय समय');
    expect(mail!.html).toContain('रिमाइंडर ईमेल बंद करें</a>');
    expect(mail!.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
  });

  it('is the same English as before for an English fan', async () => {
    const { fan, item } = await sellerAndFan(t.app);
    await grantUnlock(t.database, fan.id, item.id, t.clock.now() + 40 * 60 * 60_000 - 14 * DAY);
    await t.app.reminders.runOnce();
    const [mail] = await mailsMatching(fan.email, /download now$/);
    expectEnglish(mail!);
    expect(mail!.subject).toBe('2 days left — download now');
    expect(mail!.html).toContain('Stop reminder emails</a>');
  });
});

describe('the rules’ reminder', () => {
  it('goes to each account in its own language', async () => {
    const hindi = await accountIn('hi', 'creator', 'Sunita Devi');
    const english = await accountIn('en', 'fan', 'Rahul Verma');
    const started = await t.app.inject({
      method: 'POST',
      url: '/api/admin/policy-reminders',
      payload: {},
      headers: { cookie: await adminCookie(t.app) },
    });
    expect(started.statusCode).toBe(202);
    for (let round = 0; round < 5; round += 1) await t.app.jobs.runDue();
    const [inHindi] = await mailsMatching(hindi.body.email, /नियमों की याद$/);
    expectHindi(inHindi!);
    expect(inHindi!.subject).toBe('Kholo के नियमों की याद');
    expect(inHindi!.text).toContain('नमस्ते Sunita,');
    expect(inHindi!.html).toContain('नियम और शर्तें</a>');
    const [inEnglish] = await mailsMatching(english.body.email, /rules$/);
    expectEnglish(inEnglish!);
    expect(inEnglish!.subject).toBe(POLICY_REMINDER_SUBJECT);
  });
});
