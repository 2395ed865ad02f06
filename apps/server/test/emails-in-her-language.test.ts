import type { Locale } from '@kholo/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { disputeEmail, disputeOpenedAdminEmail } from '../src/features/refunds/refund-emails.js';
import { failureReason } from '../src/features/withdrawals/transfer-status.js';
import { withdrawalFailedEmail, withdrawalReversedEmail } from '../src/features/withdrawals/withdrawal-emails.js';
import type { MailMessage } from '../src/providers/mail/mailer.js';
import { POLICY_REMINDER_SUBJECT } from '../src/features/admin/index.js';
import { freshIp, signUp, uniqueEmail } from './accounts-helpers.js';
import { adminCookie, grantUnlock, uploadItem } from './content-helpers.js';
import { createOrder, payInSimulator, sellerAndFan, simulatorOf } from './payments-helpers.js';
import { adminRefund, letRefundsRun, postCloseReport, postReport } from './refunds-helpers.js';
import { approve, HER_UPI, letPayoutsRun, savePayoutAccount } from './payouts-helpers.js';
import { buildTestApp, MANUAL_PAYOUTS, type TestApp } from './test-app.js';
import { earningCreator, emailOf, reject, withdraw } from './withdrawals-helpers.js';

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
    expect(receipt!.text).toMatch(/पेमेंट की तारीख़: 21 नव/);
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
    expect(mail!.subject).toBe('सिर्फ़ 2 दिन बाक़ी — अभी डाउनलोड करें');
    expect(mail!.text).toContain('Meera Rathore के “Monsoon in Kochi” का आपका ऐक्सेस');
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

describe('withdrawal emails', () => {
  it('are in Hindi for a Hindi creator: requested, paid, and her payout account changed', async () => {
    const admin = await adminCookie(t.app);
    const cast = await earningCreator(t);
    const to = cast.creator.email;
    await setLanguage(cast.creator.cookie, 'hi');
    await savePayoutAccount(t.app, cast.creator.cookie);
    const asked = await withdraw(t.app, cast.creator.cookie, cast.balancePaise, HER_UPI);
    const [requested] = await mailsMatching(to, /^निकासी का अनुरोध: /);
    expectHindi(requested!);
    expect(requested!.subject).toBe(`निकासी का अनुरोध: ₹1,424.05, ${HER_UPI} पर`);
    expect(requested!.text).toContain(`निकासी ID: ${asked.withdrawal.id}`);
    expect(requested!.text).toContain('अपना वॉलेट खोलें: http');

    await approve(t.app, admin, asked.withdrawal.id);
    await letPayoutsRun(t);
    const [paid] = await mailsMatching(to, /^निकासी का पेमेंट हो गया: /);
    expectHindi(paid!);
    expect(paid!.text).toContain('पेमेंट रेफ़रेंस: ');

    await savePayoutAccount(t.app, cast.creator.cookie, { upiId: 'meera.rathore@okicici' });
    const [changed] = await mailsMatching(to, /^आपका Kholo पेआउट अकाउंट बदल गया$/);
    expectHindi(changed!);
    expect(changed!.text).toContain('MEERA RATHORE (meera.rathore@okicici)');
  });

  it('are the same English as before for an English creator', async () => {
    const cast = await earningCreator(t);
    await savePayoutAccount(t.app, cast.creator.cookie);
    await withdraw(t.app, cast.creator.cookie, cast.balancePaise, HER_UPI);
    const [requested] = await mailsMatching(cast.creator.email, /^Withdrawal requested: /);
    expectEnglish(requested!);
    expect(requested!.subject).toBe(`Withdrawal requested: ₹1,424.05 to ${HER_UPI}`);
  });

  it('are in Hindi when the admin rejects one (manual payouts), the admin’s reason as she wrote it', async () => {
    const manual = await buildTestApp(MANUAL_PAYOUTS);
    try {
      const cast = await earningCreator(manual);
      const hindi = await manual.app.inject({
        method: 'PUT',
        url: '/api/me/language',
        payload: { locale: 'hi' },
        headers: { cookie: cast.creator.cookie },
      });
      expect(hindi.statusCode).toBe(204);
      const asked = await withdraw(manual.app, cast.creator.cookie, cast.balancePaise);
      await reject(manual.app, await adminCookie(manual.app), asked.withdrawal.id, 'The UPI ID does not exist');
      const mails = (await manual.sentMail()).filter((mail) => mail.to === cast.creator.email);
      const rejected = mails.find((mail) => mail.subject.startsWith('निकासी का पेमेंट नहीं हुआ'));
      expectHindi(rejected!);
      expect(rejected!.subject).toBe('निकासी का पेमेंट नहीं हुआ: ₹1,424.05 आपके वॉलेट में वापस');
      expect(rejected!.text).toContain('कारण: The UPI ID does not exist');
      expect(mails.some((mail) => mail.subject.startsWith('निकासी का अनुरोध: '))).toBe(true);
    } finally {
      await manual.close();
    }
  });

  it('say a failed or returned payout in Hindi too', () => {
    const details = {
      to: 'meera@example.com',
      creatorName: 'Meera Rathore',
      withdrawalId: 'w-1',
      amountPaise: 1_424_05,
      upiId: HER_UPI,
      payeeName: 'MEERA RATHORE',
      at: t.clock.now(),
      walletUrl: 'https://kholo.example/?tab=wallet',
      supportEmail: 'support@kholo.example',
    };
    const failed = withdrawalFailedEmail({ ...details, reason: 'Beneficiary bank offline' }).render('hi');
    expectHindi(failed);
    expect(failed.subject).toBe('पेआउट नहीं हो पाया: ₹1,424.05 आपके वॉलेट में वापस');
    expect(failed.text).toContain(`₹1,424.05 का आपका पेआउट MEERA RATHORE (${HER_UPI}) को नहीं पहुँच पाया`);
    const reversed = withdrawalReversedEmail({ ...details, reference: 'UTR123' }).render('hi');
    expectHindi(reversed);
    expect(reversed.subject).toBe('पेआउट लौट आया: ₹1,424.05 आपके वॉलेट में वापस');
    expect(reversed.text).toContain('पेमेंट रेफ़रेंस (UTR): UTR123');
    // Each reason transfer-status.ts gives is said in Hindi; in English it stays word for word.
    for (const [code, detail, hindi] of [
      ['INVALID_VPA', null, 'आपके बैंक ने यह UPI ID नहीं मानी।'],
      ['BENEFICIARY_BANK_OFFLINE', null, 'आपके बैंक ने अभी पेमेंट नहीं लिया'],
      ['ACCOUNT_BLOCKED', null, 'आपके बैंक खाते में अभी पैसे नहीं आ सकते'],
      ['SOMETHING_NEW', 'Limit reached at bank', 'आपके बैंक को पेमेंट नहीं पहुँच पाया (Limit reached at bank)।'],
      ['SOMETHING_NEW', null, 'आपके बैंक को पेमेंट नहीं पहुँच पाया। पैसे'],
    ] as const) {
      const reason = failureReason(code, detail);
      const inHindi = withdrawalFailedEmail({ ...details, reason }).render('hi');
      expect(inHindi.text, code).toContain(hindi);
      expect(inHindi.text, code).not.toContain(reason);
      expect(withdrawalFailedEmail({ ...details, reason }).render('en').text, code).toContain(reason);
    }
    // The English the tests of payouts read, unchanged.
    expect(withdrawalFailedEmail({ ...details, reason: 'x' }).render('en').subject).toBe(
      'Payout failed: ₹1,424.05 is back in your wallet',
    );
  });
});

describe('money-back emails', () => {
  it('are in Hindi for a Hindi fan and creator: refund, her share taken back', async () => {
    const admin = await adminCookie(t.app);
    const { fan, creatorEmail, order } = await saleIn('hi');
    await adminRefund(t.app, admin, order.order_id, 'The file would not open');
    await letRefundsRun(t);
    const [issued] = await mailsMatching(fan.email, /का रिफ़ंड$/);
    expectHindi(issued!);
    expect(issued!.subject).toBe('“Monsoon in Kochi” के लिए ₹149 का रिफ़ंड');
    expect(issued!.text).toContain('वजह: Kholo ने रिफ़ंड किया — The file would not open');
    expect(issued!.text).toContain('1–3 कामकाजी दिनों में आपके UPI अकाउंट में पहुँच जाएगा');
    const [creator] = await mailsMatching(creatorEmail, /बिक्री का रिफ़ंड हुआ$/);
    expectHindi(creator!);
    expect(creator!.text).toContain('आपके हिस्से के ₹141.55 आपके वॉलेट से कटे।');
  });

  it('are the same English as before for English accounts', async () => {
    const admin = await adminCookie(t.app);
    const { fan, creatorEmail, order } = await saleIn('en');
    await adminRefund(t.app, admin, order.order_id, 'The file would not open');
    await letRefundsRun(t);
    const [issued] = await mailsMatching(fan.email, /^Refund of /);
    expectEnglish(issued!);
    expect(issued!.subject).toBe('Refund of ₹149 for “Monsoon in Kochi”');
    expect(issued!.text).toContain('Refunded by Kholo: The file would not open');
    const [creator] = await mailsMatching(creatorEmail, /was refunded$/);
    expectEnglish(creator!);
  });

  it('tell a Hindi fan about her problem report and its answer in Hindi', async () => {
    const admin = await adminCookie(t.app);
    const { fan, order } = await saleIn('hi');
    const reported = await postReport(t.app, fan.cookie, {
      orderId: order.order_id,
      reason: 'not_working',
      message: 'The video stops after two seconds on my phone.',
    });
    expect(reported.statusCode).toBe(201);
    const { ticket } = reported.json<{ report: { ticket: string } }>().report;
    const [received] = await mailsMatching(fan.email, /हमें आपकी शिकायत मिल गई है$/);
    expectHindi(received!);
    expect(received!.subject).toBe(`टिकट ${ticket}: हमें आपकी शिकायत मिल गई है`);
    expect(received!.text).toContain('फ़ोटो या वीडियो खुल नहीं रहा।');
    const closed = await postCloseReport(t.app, admin, { ticket, resolution: 'Please update your browser.' });
    expect(closed.statusCode).toBe(200);
    const [answered] = await mailsMatching(fan.email, /हमारा जवाब$/);
    expectHindi(answered!);
    expect(answered!.text).toContain('Please update your browser.');
  });

  it('tell a Hindi creator about a dispute in Hindi, and the admin in hers (English)', async () => {
    const { creatorEmail, order } = await saleIn('hi');
    const dispute = await simulatorOf(t.app).openDispute({ orderId: order.order_id, respondInHours: 72 });
    const [held] = await mailsMatching(creatorEmail, /पेमेंट पर विवाद उठाया है$/);
    expectHindi(held!);
    expect(held!.text).toContain('बैंक के फ़ैसले तक आपका ₹141.55 का हिस्सा रोका गया है');
    const [toAdmin] = await mailsMatching(
      t.config.auth.adminEmail,
      new RegExp(`^Dispute ${dispute.disputeId}: answer by `),
    );
    expectEnglish(toAdmin!);
  });

  it('say every dispute step and the admin’s dispute email in Hindi', () => {
    const links = { purchasesUrl: 'https://k.example/purchases', walletUrl: 'https://k.example/?tab=wallet' };
    const base = { to: 'a@example.com', creatorName: 'Meera', itemTitle: 'Holi', sharePaise: 1_00, orderId: 'o1' };
    const supportEmail = 'support@k.example';
    expect(disputeEmail({ ...base, ...links, supportEmail, step: 'released' }).render('hi').subject).toBe(
      '“Holi” का विवाद आपके पक्ष में सुलझा',
    );
    expect(disputeEmail({ ...base, ...links, supportEmail, step: 'lost' }).render('hi').subject).toBe(
      '“Holi” का विवाद फ़ैन के पक्ष में सुलझा',
    );
    const admin = disputeOpenedAdminEmail({
      to: 'admin@k.example',
      disputeId: 'd1',
      orderId: 'o1',
      amountPaise: 149_00,
      reason: null,
      respondBy: null,
      adminUrl: 'https://k.example/admin',
      supportEmail,
    });
    expect(admin.render('hi').subject).toBe('विवाद d1: जितनी जल्दी हो सके जवाब दें');
    expect(admin.subject).toBe('Dispute d1: answer as soon as possible');
  });
});

describe('trust and safety emails', () => {
  async function decide(ticket: string, payload: object) {
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/admin/reports/${ticket}/decide`,
      payload,
      headers: { cookie: await adminCookie(t.app) },
    });
    expect(response.statusCode, response.body).toBe(200);
  }

  async function hindiCreatorWithItem(title: string) {
    const creator = await accountIn('hi', 'creator', 'Meera Rathore');
    const item = await uploadItem(t.app, creator.cookie, { title });
    return { creator, item };
  }

  it('speak to a Hindi reporter and a Hindi creator in Hindi, and to the admin in English', async () => {
    const { creator, item } = await hindiCreatorWithItem('Holi in Mathura');
    const reporter = await accountIn('hi', 'fan', 'Sunita Devi');
    const reported = await t.app.inject({
      method: 'POST',
      url: '/api/reports',
      payload: { contentId: item.id, reason: 'nudity', email: reporter.body.email },
      headers: { cookie: reporter.cookie },
      remoteAddress: freshIp(),
    });
    expect(reported.statusCode, reported.body).toBe(201);
    const { ticket } = reported.json<{ ticket: string }>();

    const [received] = await mailsMatching(reporter.body.email, /^हमें आपकी रिपोर्ट मिल गई है/);
    expectHindi(received!);
    expect(received!.text).toContain('Meera Rathore का “Holi in Mathura”');
    expect(received!.text).toContain('“सेक्शुअल कंटेंट या न्यूडिटी”');
    expect(received!.text).toContain('2 घंटे के अंदर');
    const [underReview] = await mailsMatching(creator.body.email, /की जाँच चल रही है$/);
    expectHindi(underReview!);
    expect(underReview!.text).toContain('नमस्ते Meera Rathore,');
    const [urgent] = await mailsMatching(t.config.auth.adminEmail, new RegExp(`^Urgent report ${ticket}`));
    expectEnglish(urgent!);
    expect(urgent!.text).toContain('“Holi in Mathura” by Meera Rathore was reported for “Sexual content or nudity”');

    await decide(ticket, { action: 'remove', note: 'Nudity is not allowed.' });
    const [removed] = await mailsMatching(creator.body.email, /हटा दिया गया$/);
    expectHindi(removed!);
    expect(removed!.text).toContain('वजह: Nudity is not allowed.');
    const [decided] = await mailsMatching(reporter.body.email, /^आपकी रिपोर्ट /);
    expectHindi(decided!);
    expect(decided!.subject).toBe(`आपकी रिपोर्ट ${ticket}: हमने कार्रवाई की`);

    const asked = await t.app.inject({
      method: 'POST',
      url: `/api/studio/contents/${item.id}/review-request`,
      payload: { explanation: 'This is a festival photo, everyone is fully dressed.' },
      headers: { cookie: creator.cookie },
    });
    expect(asked.statusCode, asked.body).toBe(201);
    const review = asked.json<{ ticket: string }>().ticket;
    const [requested] = await mailsMatching(creator.body.email, /^हमें दोबारा विचार का आपका अनुरोध मिल गया है/);
    expectHindi(requested!);
    await decide(review, { action: 'restore', note: 'You are right.' });
    const [restored] = await mailsMatching(creator.body.email, /फिर से Kholo पर है$/);
    expectHindi(restored!);
    expect(restored!.text).toContain('हमारी टिप्पणी: You are right.');
  });

  it('tell a Hindi creator her review stays removed, and her page is suspended, in Hindi', async () => {
    const { creator, item } = await hindiCreatorWithItem('Monsoon');
    const first = await t.app.inject({
      method: 'POST',
      url: '/api/reports',
      payload: { contentId: item.id, reason: 'nudity' },
      remoteAddress: freshIp(),
    });
    await decide(first.json<{ ticket: string }>().ticket, { action: 'remove', note: 'Nudity is not allowed.' });
    const asked = await t.app.inject({
      method: 'POST',
      url: `/api/studio/contents/${item.id}/review-request`,
      payload: { explanation: 'This is a festival photo, everyone is fully dressed.' },
      headers: { cookie: creator.cookie },
    });
    await decide(asked.json<{ ticket: string }>().ticket, { action: 'keep', note: 'It breaks the rules.' });
    const [kept] = await mailsMatching(creator.body.email, /हटा ही रहेगा$/);
    expectHindi(kept!);

    const handle = creator.me.creator!.handle;
    const page = await t.app.inject({
      method: 'POST',
      url: '/api/reports',
      payload: { creatorHandle: handle, reason: 'impersonation' },
      remoteAddress: freshIp(),
    });
    expect(page.statusCode, page.body).toBe(201);
    await decide(page.json<{ ticket: string }>().ticket, { action: 'suspend', note: 'A fake page.' });
    const [suspended] = await mailsMatching(creator.body.email, /सस्पेंड कर दिया गया है$/);
    expectHindi(suspended!);
    expect(suspended!.text).toContain('वजह: A fake page.');
  });

  it('acknowledge a complaint in the request’s language, and answer a Hindi account in Hindi', async () => {
    const stranger = uniqueEmail('grievance');
    const filed = await t.app.inject({
      method: 'POST',
      url: '/api/grievances',
      payload: { name: 'Ramesh', email: stranger, topic: 'payment', details: 'I was charged but got nothing.' },
      headers: { 'accept-language': 'hi-IN,hi;q=0.9' },
      remoteAddress: freshIp(),
    });
    expect(filed.statusCode, filed.body).toBe(201);
    const [acknowledged] = await mailsMatching(stranger, /^हमें आपकी शिकायत मिल गई है/);
    expectHindi(acknowledged!);
    expect(acknowledged!.text).toContain('“कोई पेमेंट या रिफ़ंड”');

    const hindi = await accountIn('hi', 'fan', 'Sunita Devi');
    const own = await t.app.inject({
      method: 'POST',
      url: '/api/grievances',
      payload: { name: 'Sunita', email: hindi.body.email, topic: 'account', details: 'Please help with my account.' },
      remoteAddress: freshIp(),
    });
    await decide(own.json<{ ticket: string }>().ticket, { action: 'close', note: 'We fixed it.' });
    const [answered] = await mailsMatching(hindi.body.email, /हमारा जवाब$/);
    expectHindi(answered!);
    expect(answered!.text).toContain('We fixed it.');

    const english = uniqueEmail('grievance-en');
    await t.app.inject({
      method: 'POST',
      url: '/api/grievances',
      payload: { name: 'Ramesh', email: english, topic: 'payment', details: 'I was charged but got nothing.' },
      remoteAddress: freshIp(),
    });
    const [inEnglish] = await mailsMatching(english, /^We received your complaint/);
    expectEnglish(inEnglish!);
  });
});
