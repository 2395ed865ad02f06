import {
  CODE_MESSAGES,
  type CreateOrderResponse,
  EMAIL_CODE_MAX_GUESSES,
  HANDLE_MESSAGES,
  type Me,
  type VerifyPaymentResponse,
} from '@kholo/contracts';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { errorOf, freshIp, PASSWORD, sessionCookie, signIn, signUp, uniqueEmail } from './accounts-helpers.js';
import { uploadItem } from './content-helpers.js';
import { expectLedgerHolds, payInSimulator, postOrder, postVerify, resetSimulator } from './payments-helpers.js';
import { buildTestApp, passTime, TEST_ADMIN, type TestApp } from './test-app.js';

/** ADR 022: the visitor's one-step checkout, sign-in codes, and roles that change only when asked. */

const MINUTE = 60_000;

let t: TestApp;
let creatorCookie: string;
let itemId: string;
beforeAll(async () => {
  t = await buildTestApp();
  const creator = await signUp(t.app, { role: 'creator', name: 'Meera Rathore' });
  creatorCookie = creator.cookie;
  itemId = (await uploadItem(t.app, creator.cookie, { pricePaise: '4900', title: 'Golden hour' })).id;
});
beforeEach(() => {
  resetSimulator(t.app);
});
afterAll(() => t.close());

function post(url: string, payload: unknown, options: { cookie?: string | undefined; ip?: string } = {}) {
  return t.app.inject({
    method: 'POST',
    url,
    payload: payload as object,
    remoteAddress: options.ip ?? freshIp(),
    headers: options.cookie === undefined ? {} : { cookie: options.cookie },
  });
}

const codesRead = new Map<string, number>();

/**
 * The code emailed to `email` since the last call for it. Each test reads after each code it
 * causes: on PostgreSQL the queue may send two waiting emails in either order.
 */
async function latestCodeFor(email: string): Promise<string | undefined> {
  const codes = (await t.sentMail())
    .filter((message) => message.to === email)
    .map((message) => /^(\d{6}) is your Kholo code$/.exec(message.subject)?.[1])
    .filter((code) => code !== undefined);
  const fresh = codes.slice(codesRead.get(email) ?? 0);
  if (fresh.length > 1) throw new Error(`${fresh.length} new codes to ${email}: read after each`);
  codesRead.set(email, codes.length);
  return fresh[0];
}

async function codesSentTo(email: string): Promise<number> {
  return (await t.sentMail()).filter(
    (message) => message.to === email && message.subject.endsWith('is your Kholo code'),
  ).length;
}

function checkoutCookie(response: LightMyRequestResponse): string {
  const header = response.headers['set-cookie'];
  const cookies = Array.isArray(header) ? header : header === undefined ? [] : [header];
  const cookie = cookies.find((value) => value.startsWith('kholo.checkout='));
  if (cookie === undefined) throw new Error(`no checkout cookie in ${JSON.stringify(cookies)}`);
  return cookie.split(';')[0] ?? '';
}

async function visitorOrder(email: string, extra: Record<string, unknown> = {}, cookie?: string) {
  const response = await postOrder(t.app, cookie, { contentId: itemId, amount: 49, email, ...extra });
  return response;
}

async function accountRow(email: string) {
  return t.database.db
    .selectFrom('authUsers')
    .select(['id', 'name', 'email'])
    .where('email', '=', email)
    .executeTakeFirst();
}

describe('sign-in codes', () => {
  it('answer the same for an email with or without an account, and email six digits', async () => {
    const known = (await signUp(t.app, { role: 'fan', name: 'Ravi Kumar' })).body.email;
    const unknown = uniqueEmail('nobody');
    const answers = await Promise.all([known, unknown].map((email) => post('/api/auth/email-code', { email })));
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
    expect(answers[0]!.json()).toEqual({
      message: `We sent a 6-digit code to ${known}. It works for 10 minutes.`,
      email: known,
      expiresInMinutes: 10,
    });
    expect(answers[1]!.json()).toMatchObject({ email: unknown, expiresInMinutes: 10 });
    expect(await latestCodeFor(known)).toMatch(/^\d{6}$/);
    expect(await latestCodeFor(unknown)).toMatch(/^\d{6}$/);
    // Asking makes no account: only the code does.
    expect(await accountRow(unknown)).toBeUndefined();
  });

  it('are never sent to the admin, whose answer looks like anyone else’s', async () => {
    const response = await post('/api/auth/email-code', { email: TEST_ADMIN.email });
    expect(response.statusCode).toBe(200);
    expect(await codesSentTo(TEST_ADMIN.email)).toBe(0);
  });

  it('refuse a malformed email or code with a clear message', async () => {
    const badEmail = await post('/api/auth/email-code', { email: 'priya@' });
    expect(badEmail.statusCode).toBe(400);
    expect(errorOf(badEmail).fields?.['email']).toBe('Please enter a valid email address, like name@example.com.');
    for (const code of ['12345', 'abcdef', '1234567', 123456, null]) {
      const response = await post('/api/auth/sign-in/code', { email: uniqueEmail(), code });
      expect(response.statusCode).toBe(400);
      expect(errorOf(response).code).toBe('VALIDATION_FAILED');
    }
  });

  it('sign in once: the account is made for a new email, a fan with a proved email and no password', async () => {
    const email = uniqueEmail('new-fan');
    await post('/api/auth/email-code', { email });
    const code = (await latestCodeFor(email))!;
    const response = await post('/api/auth/sign-in/code', { email, code, role: 'fan' });
    expect(response.statusCode).toBe(200);
    const me = response.json<Me>();
    expect(me.account).toMatchObject({ email, hasPassword: false, emailVerified: true, isAdmin: false });
    expect(me.fan).not.toBeNull();
    expect(me.creator).toBeNull();
    const cookie = sessionCookie(response);
    const again = await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie } });
    expect(again.json<Me>().account?.email).toBe(email);

    const reused = await post('/api/auth/sign-in/code', { email, code, role: 'fan' });
    expect(reused.statusCode).toBe(400);
    expect(errorOf(reused)).toMatchObject({ code: 'CODE_INVALID', message: CODE_MESSAGES.invalid });
  });

  it('expire after ten minutes', async () => {
    const email = uniqueEmail('slow');
    await post('/api/auth/email-code', { email });
    const code = (await latestCodeFor(email))!;
    await passTime(t, 10 * MINUTE);
    const response = await post('/api/auth/sign-in/code', { email, code });
    expect(errorOf(response).code).toBe('CODE_INVALID');
    expect(await accountRow(email)).toBeUndefined();
  });

  it('an earlier code still works while it lives, and the right one ends them all', async () => {
    const email = uniqueEmail('two-codes');
    await post('/api/auth/email-code', { email });
    const first = (await latestCodeFor(email))!;
    await passTime(t, 1000);
    await post('/api/auth/email-code', { email });
    const second = (await latestCodeFor(email))!;
    expect((await post('/api/auth/sign-in/code', { email, code: first })).statusCode).toBe(200);
    if (second !== first)
      expect(errorOf(await post('/api/auth/sign-in/code', { email, code: second })).code).toBe('CODE_INVALID');
  });

  it(`survive ${EMAIL_CODE_MAX_GUESSES} wrong guesses however they are spread, then end: a new code works at once`, async () => {
    const email = uniqueEmail('guessed');
    await post('/api/auth/email-code', { email });
    const code = (await latestCodeFor(email))!;
    const wrong = code === '000000' ? '111111' : '000000';
    // In parallel and from different networks: each wrong guess counts against the code.
    const guesses = await Promise.all(
      Array.from({ length: EMAIL_CODE_MAX_GUESSES + 3 }, () => post('/api/auth/sign-in/code', { email, code: wrong })),
    );
    expect(guesses.map((guess) => errorOf(guess).code)).toEqual(Array(EMAIL_CODE_MAX_GUESSES + 3).fill('CODE_INVALID'));
    const right = await post('/api/auth/sign-in/code', { email, code });
    expect(errorOf(right)).toMatchObject({ code: 'CODE_INVALID', message: CODE_MESSAGES.invalid });
    expect(await t.database.db.selectFrom('emailCodes').select('id').where('email', '=', email).execute()).toEqual([]);
    await post('/api/auth/email-code', { email });
    const fresh = (await latestCodeFor(email))!;
    expect((await post('/api/auth/sign-in/code', { email, code: fresh })).statusCode).toBe(200);
  });

  it('take at most 30 wrong guesses a day at one email from all networks together', async () => {
    const email = uniqueEmail('rotating');
    for (let i = 0; i < 30; i += 1) {
      expect(errorOf(await post('/api/auth/sign-in/code', { email, code: '123456' })).code).toBe('CODE_INVALID');
    }
    const refused = await post('/api/auth/sign-in/code', { email, code: '123456' });
    expect(refused.statusCode).toBe(429);
    expect(errorOf(refused).message).toContain('Too many wrong codes were tried for this email address today.');
  });

  it('keep two live codes at most: a third ends the first', async () => {
    const email = uniqueEmail('three-codes');
    const codes: string[] = [];
    for (let i = 0; i < 3; i += 1) {
      // A second apart, so which is newest is plain.
      if (i > 0) await passTime(t, 1000);
      await post('/api/auth/email-code', { email });
      codes.push((await latestCodeFor(email))!);
    }
    expect(await t.database.db.selectFrom('emailCodes').select('id').where('email', '=', email).execute()).toHaveLength(
      2,
    );
    if (codes[0] !== codes[1] && codes[0] !== codes[2]) {
      expect(errorOf(await post('/api/auth/sign-in/code', { email, code: codes[0] })).code).toBe('CODE_INVALID');
    }
    expect((await post('/api/auth/sign-in/code', { email, code: codes[1] })).statusCode).toBe(200);
  });

  it('count one network’s wrong guesses across emails', async () => {
    const ip = freshIp();
    const emails = Array.from({ length: 31 }, () => uniqueEmail('spray'));
    const answers = [];
    for (const email of emails) answers.push(await post('/api/auth/sign-in/code', { email, code: '123456' }, { ip }));
    expect(answers.slice(0, 30).every((answer) => errorOf(answer).code === 'CODE_INVALID')).toBe(true);
    expect(errorOf(answers[30]!)).toMatchObject({ code: 'RATE_LIMITED' });
    expect(errorOf(answers[30]!).message).toContain('Too many wrong codes from your network.');
  });

  it('are sent at most five times an hour to one address, whoever asks', async () => {
    const email = uniqueEmail('flooded');
    for (let i = 0; i < 5; i += 1) expect((await post('/api/auth/email-code', { email })).statusCode).toBe(200);
    const sixth = await post('/api/auth/email-code', { email });
    expect(sixth.statusCode).toBe(429);
    expect(errorOf(sixth).message).toContain('Too many codes were sent to this email address.');
    expect(await codesSentTo(email)).toBe(5);
  });

  it('the same right code twice at once signs in once', async () => {
    const email = uniqueEmail('double-tap');
    await post('/api/auth/email-code', { email });
    const code = (await latestCodeFor(email))!;
    const answers = await Promise.all([1, 2].map(() => post('/api/auth/sign-in/code', { email, code, role: 'fan' })));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 400]);
    const rows = await t.database.db.selectFrom('authUsers').select('id').where('email', '=', email).execute();
    expect(rows).toHaveLength(1);
  });

  it('proving an email takes the account back: a squatter’s password and sessions end', async () => {
    const squatter = await signUp(t.app, { role: 'fan', name: 'Not Her' });
    const email = squatter.body.email;
    const before = await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: squatter.cookie } });
    expect(before.json<Me>().account?.email).toBe(email);
    await post('/api/auth/email-code', { email });
    const owner = await post('/api/auth/sign-in/code', { email, code: (await latestCodeFor(email))! });
    expect(owner.json<Me>().account).toMatchObject({ emailVerified: true });
    const after = await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: squatter.cookie } });
    expect(after.json<Me>().account).toBeNull();
    const ownerMe = await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: sessionCookie(owner) } });
    expect(ownerMe.json<Me>().account).toMatchObject({ email, hasPassword: false });
    // The password chosen before the proof no longer opens it; she chooses her own.
    const squatterAgain = await signIn(t.app, { email, password: PASSWORD });
    expect(errorOf(squatterAgain).code).toBe('INVALID_CREDENTIALS');
    const own = await post(
      '/api/auth/set-password',
      { password: 'her own long password' },
      { cookie: sessionCookie(owner) },
    );
    expect(own.statusCode).toBe(200);
  });

  it('a code at the creator door never makes a creator', async () => {
    const email = uniqueEmail('creator-door');
    await post('/api/auth/email-code', { email });
    const response = await post('/api/auth/sign-in/code', {
      email,
      code: (await latestCodeFor(email))!,
      role: 'creator',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json<Me>()).toMatchObject({ creator: null, fan: null });
  });
});

describe('a visitor’s checkout', () => {
  it('makes her account and the order at once, emails her code, and lets only this browser follow the order', async () => {
    const email = uniqueEmail('visitor');
    const response = await visitorOrder(email, { name: 'Anaya' });
    expect(response.statusCode).toBe(200);
    const order = response.json<CreateOrderResponse>();
    expect(order).toMatchObject({ contentId: itemId, amountPaise: 4900, codeSentTo: email });
    // Nobody is signed in: only the checkout cookie comes back.
    const setCookies = [response.headers['set-cookie']].flat().join('\n');
    expect(setCookies).not.toContain('session_token');
    const cookie = checkoutCookie(response);
    const account = await accountRow(email);
    expect(account).toMatchObject({ name: 'Anaya' });
    expect(await latestCodeFor(email)).toMatch(/^\d{6}$/);

    const followed = await postVerify(t.app, cookie, order.order_id);
    expect(followed.statusCode).toBe(200);
    expect(followed.json<VerifyPaymentResponse>()).toMatchObject({
      status: 'PENDING',
      checkoutEmail: email,
      failure: null,
    });
    // Without the cookie, with a forged one, or for another order: log in first.
    expect((await postVerify(t.app, undefined, order.order_id)).statusCode).toBe(401);
    const forged = cookie.replace(/.$/, (last) => (last === 'A' ? 'B' : 'A'));
    expect((await postVerify(t.app, forged, order.order_id)).statusCode).toBe(401);
    const other = await visitorOrder(uniqueEmail('other-visitor'));
    expect((await postVerify(t.app, cookie, other.json<CreateOrderResponse>().order_id)).statusCode).toBe(401);
  });

  it('pays before the code, then the code opens what she bought', async () => {
    const email = uniqueEmail('buyer');
    const response = await visitorOrder(email);
    const order = response.json<CreateOrderResponse>();
    const cookie = checkoutCookie(response);
    await payInSimulator(t.app, order.payment_session_id);
    const paid = await postVerify(t.app, cookie, order.order_id);
    expect(paid.json<VerifyPaymentResponse>()).toMatchObject({ status: 'PAID', checkoutEmail: email });
    // The item stays locked for this browser until the code signs her in.
    const locked = await t.app.inject({ method: 'GET', url: `/api/contents/${itemId}`, headers: { cookie } });
    expect(locked.json<{ item: { access: { kind: string } } }>().item.access.kind).toBe('locked');

    const signedIn = await post('/api/auth/sign-in/code', { email, code: (await latestCodeFor(email))!, role: 'fan' });
    expect(signedIn.statusCode).toBe(200);
    const session = sessionCookie(signedIn);
    const open = await t.app.inject({ method: 'GET', url: `/api/contents/${itemId}`, headers: { cookie: session } });
    expect(open.json<{ item: { access: { kind: string; daysLeft: number } } }>().item.access).toMatchObject({
      kind: 'unlocked',
      daysLeft: 14,
    });
    // Signed in, verify answers as for any fan.
    expect((await postVerify(t.app, session, order.order_id)).json<VerifyPaymentResponse>()).toMatchObject({
      status: 'PAID',
      checkoutEmail: null,
    });
    await expectLedgerHolds(t.app);
  });

  it('an email with an account gets a code first: no order is made in someone else’s account', async () => {
    const owner = await signUp(t.app, { role: 'fan', name: 'Kavya Iyer' });
    const ordersBefore = await t.database.db
      .selectFrom('orders')
      .select('id')
      .where('fanId', '=', owner.me.account!.id)
      .execute();
    const response = await visitorOrder(owner.body.email);
    expect(response.statusCode).toBe(409);
    expect(errorOf(response)).toEqual({
      code: 'SIGN_IN_WITH_CODE',
      message: `You already have a Kholo account. Enter the 6-digit code we just sent to ${owner.body.email} to continue.`,
    });
    const code = (await latestCodeFor(owner.body.email))!;
    expect(code).toMatch(/^\d{6}$/);
    const ordersAfter = await t.database.db
      .selectFrom('orders')
      .select('id')
      .where('fanId', '=', owner.me.account!.id)
      .execute();
    expect(ordersAfter).toEqual(ordersBefore);
    // With the code she signs in and orders as any fan.
    const signedIn = await post('/api/auth/sign-in/code', {
      email: owner.body.email,
      code,
      role: 'fan',
    });
    const order = await postOrder(t.app, sessionCookie(signedIn), { contentId: itemId });
    expect(order.statusCode).toBe(200);
    expect(order.json<CreateOrderResponse>().codeSentTo).toBeNull();
  });

  it('the browser that started a new account may pay again before the code; another browser may not', async () => {
    const email = uniqueEmail('second-try');
    const first = await visitorOrder(email);
    await latestCodeFor(email);
    const cookie = checkoutCookie(first);
    const again = await visitorOrder(email, {}, cookie);
    expect(again.statusCode).toBe(200);
    await latestCodeFor(email);
    const elsewhere = await visitorOrder(email);
    expect(errorOf(elsewhere).code).toBe('SIGN_IN_WITH_CODE');
    // Once someone proves the email, the account is hers alone: that browser needs the code too.
    expect((await post('/api/auth/sign-in/code', { email, code: (await latestCodeFor(email))! })).statusCode).toBe(200);
    const afterClaim = await visitorOrder(email, {}, cookie);
    expect(errorOf(afterClaim).code).toBe('SIGN_IN_WITH_CODE');
  });

  it('two first checkouts with one new email at once: one pays, the other is asked for the code', async () => {
    const email = uniqueEmail('racing');
    const answers = await Promise.all([visitorOrder(email), visitorOrder(email)]);
    const codes = answers.map((answer) => (answer.statusCode === 200 ? 'ok' : errorOf(answer).code)).sort();
    expect(codes).toEqual(['SIGN_IN_WITH_CODE', 'ok']);
  });

  it('an order that cannot be made leaves no account in her email’s name', async () => {
    const email = uniqueEmail('no-item');
    const response = await postOrder(t.app, undefined, {
      contentId: 'no-such-item',
      email,
      name: 'Call 1800 for refunds',
    });
    expect(response.statusCode).toBe(404);
    expect(await accountRow(email)).toBeUndefined();
    expect(await codesSentTo(email)).toBe(0);
  });

  it('a checkout cookie stops speaking for the account once someone claims it', async () => {
    const email = uniqueEmail('claimed');
    const response = await visitorOrder(email);
    const order = response.json<CreateOrderResponse>();
    const cookie = checkoutCookie(response);
    expect((await postVerify(t.app, cookie, order.order_id)).statusCode).toBe(200);
    await post('/api/auth/sign-in/code', { email, code: (await latestCodeFor(email))! });
    expect((await postVerify(t.app, cookie, order.order_id)).statusCode).toBe(401);
  });

  it('a checkout cookie lasts a day', async () => {
    const response = await visitorOrder(uniqueEmail('day-old'));
    const order = response.json<CreateOrderResponse>();
    const cookie = checkoutCookie(response);
    await passTime(t, 24 * 60 * MINUTE);
    expect((await postVerify(t.app, cookie, order.order_id)).statusCode).toBe(401);
  });

  it('the admin’s email is answered like any account’s, and no code is sent to it', async () => {
    const response = await visitorOrder(TEST_ADMIN.email);
    expect(errorOf(response).code).toBe('SIGN_IN_WITH_CODE');
    expect(await codesSentTo(TEST_ADMIN.email)).toBe(0);
  });

  it('without an email a visitor is asked to log in, as before; a bad email is a clear 400', async () => {
    const noEmail = await postOrder(t.app, undefined, { contentId: itemId });
    expect(noEmail.statusCode).toBe(401);
    const badEmail = await visitorOrder('not-an-email');
    expect(badEmail.statusCode).toBe(400);
    expect(errorOf(badEmail).fields?.['email']).toBe('Please enter a valid email address, like name@example.com.');
    const longName = await visitorOrder(uniqueEmail(), { name: 'x'.repeat(81) });
    expect(errorOf(longName).fields?.['name']).toBe('Please keep your name under 80 characters.');
  });

  it('refuses before anything is made when the email has had its codes for the hour', async () => {
    const email = uniqueEmail('limited');
    for (let i = 0; i < 5; i += 1) await post('/api/auth/email-code', { email });
    const response = await visitorOrder(email);
    expect(response.statusCode).toBe(429);
    expect(await accountRow(email)).toBeUndefined();
  });

  it('a cancelled checkout says so (not charged); a declined one says declined', async () => {
    for (const [outcome, failure] of [
      ['USER_DROPPED', 'cancelled'],
      ['FAILED', 'declined'],
    ] as const) {
      const response = await visitorOrder(uniqueEmail(outcome.toLowerCase()));
      const order = response.json<CreateOrderResponse>();
      await payInSimulator(t.app, order.payment_session_id, outcome);
      const answer = await postVerify(t.app, checkoutCookie(response), order.order_id);
      expect(answer.json<VerifyPaymentResponse>()).toMatchObject({ status: 'FAILED', failure });
    }
  });
});

describe('a password later', () => {
  async function checkoutAccount() {
    const email = uniqueEmail('no-password');
    await post('/api/auth/email-code', { email });
    const response = await post('/api/auth/sign-in/code', { email, code: (await latestCodeFor(email))!, role: 'fan' });
    return { email, cookie: sessionCookie(response) };
  }

  it('an account without one chooses one, once, and logs in with it', async () => {
    const { email, cookie } = await checkoutAccount();
    const common = await post('/api/auth/set-password', { password: 'password123' }, { cookie });
    expect(common.statusCode).toBe(400);
    const set = await post('/api/auth/set-password', { password: PASSWORD }, { cookie });
    expect(set.statusCode).toBe(200);
    expect(set.json<Me>().account?.hasPassword).toBe(true);
    const again = await post('/api/auth/set-password', { password: `${PASSWORD} 2` }, { cookie });
    expect(again.statusCode).toBe(409);
    expect((await signIn(t.app, { email, password: PASSWORD, role: 'fan' })).statusCode).toBe(200);
  });

  it('two tabs at once set one password', async () => {
    const { email, cookie } = await checkoutAccount();
    const answers = await Promise.all(
      ['first password here', 'second password here'].map((password) =>
        post('/api/auth/set-password', { password }, { cookie }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const winner = answers[0]!.statusCode === 200 ? 'first password here' : 'second password here';
    expect((await signIn(t.app, { email, password: winner })).statusCode).toBe(200);
  });

  it('a visitor is asked to log in', async () => {
    expect((await post('/api/auth/set-password', { password: PASSWORD })).statusCode).toBe(401);
  });
});

describe('start selling', () => {
  function startSelling(cookie: string | undefined, payload: unknown) {
    return post('/api/creators/start-selling', payload, { cookie });
  }

  it('a fan becomes a creator too, with the handle she chose, only when she asks', async () => {
    const fan = await signUp(t.app, { role: 'fan', name: 'Isha Patel' });
    const response = await startSelling(fan.cookie, { handle: 'Isha-Clicks', name: 'Isha Clicks' });
    expect(response.statusCode).toBe(200);
    const me = response.json<Me>();
    expect(me.creator).toMatchObject({ handle: 'isha-clicks', name: 'Isha Clicks', walletBalancePaise: 0 });
    expect(me.fan).not.toBeNull();
    const page = await t.app.inject({ method: 'GET', url: '/api/creators/isha-clicks' });
    expect(page.statusCode).toBe(200);
    const twice = await startSelling(fan.cookie, { handle: 'isha-two' });
    expect(twice.statusCode).toBe(409);
    expect(errorOf(twice).code).toBe('CONFLICT');
  });

  it('refuses a handle that is taken, reserved or malformed, on its field', async () => {
    const fan = await signUp(t.app, { role: 'fan', name: 'Jaya Nair' });
    const taken = await startSelling(fan.cookie, { handle: 'meera-rathore' });
    expect(taken.statusCode).toBe(409);
    expect(errorOf(taken)).toMatchObject({ code: 'HANDLE_TAKEN', message: HANDLE_MESSAGES.taken });
    const reserved = await startSelling(fan.cookie, { handle: 'admin' });
    expect(errorOf(reserved).message).toBe(HANDLE_MESSAGES.reserved);
    const malformed = await startSelling(fan.cookie, { handle: 'Jaya Nair!' });
    expect(malformed.statusCode).toBe(400);
    const none = await startSelling(fan.cookie, {});
    expect(errorOf(none).fields?.['handle']).toBe('Please choose a handle.');
    const me = await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: fan.cookie } });
    expect(me.json<Me>().creator).toBeNull();
  });

  it('two fans asking for one handle at once: one gets it', async () => {
    const [a, b] = await Promise.all([
      signUp(t.app, { role: 'fan', name: 'A' }),
      signUp(t.app, { role: 'fan', name: 'B' }),
    ]);
    const answers = await Promise.all([a, b].map((fan) => startSelling(fan.cookie, { handle: 'one-handle' })));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
  });

  it('a visitor is asked to log in; the creator’s own studio still answers', async () => {
    expect((await startSelling(undefined, { handle: 'someone' })).statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/studio/contents', headers: { cookie: creatorCookie } }))
        .statusCode,
    ).toBe(200);
  });
});
