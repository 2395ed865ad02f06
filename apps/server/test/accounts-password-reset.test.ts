import type { Me } from '@kholo/contracts';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  errorOf,
  freshIp,
  getMe,
  PASSWORD,
  sessionCookie,
  sessionCountFor,
  signIn,
  signUp,
  VISITOR,
} from './accounts-helpers.js';
import { buildTestApp, type TestApp } from './test-app.js';

const REQUESTED = {
  message:
    'If an account exists for that email, a link to choose a new password is on its way. It works for 30 minutes.',
};
const CHANGED = { message: 'Your password has been changed. Please log in with your new password.' };
const LINK_INVALID = {
  error: {
    code: 'RESET_LINK_INVALID',
    message: 'This reset link has expired or was already used. Please ask for a new one.',
  },
};
const NEW_PASSWORD = 'a brand new passphrase';

let t: TestApp;
beforeEach(async () => {
  t = await buildTestApp();
});
afterEach(async () => {
  vi.useRealTimers();
  await t.close();
});

function requestReset(email: string, headers: Record<string, string> = {}) {
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/request-password-reset',
    payload: { email },
    headers,
    remoteAddress: freshIp(),
  });
}

function resetPassword(token: string, newPassword = NEW_PASSWORD, ip = freshIp()) {
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/reset-password',
    payload: { token, newPassword },
    remoteAddress: ip,
  });
}

/** Mail goes out after the response; waits for the n-th message and returns its link's token. */
async function tokenFromMail(n: number): Promise<string> {
  expect(await t.sentMail()).toHaveLength(n);
  const link = new URL((await t.sentMail())[n - 1]!.links![0]!);
  return link.searchParams.get('token')!;
}

describe('requesting a reset', () => {
  it('mails one link built from PUBLIC_URL with a long random token, in HTML and text', async () => {
    const { body } = await signUp(t.app, { name: 'Asha Verma' });
    const response = await requestReset(body.email.toUpperCase());
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(REQUESTED);

    expect(await t.sentMail()).toHaveLength(1);
    const mail = (await t.sentMail())[0]!;
    expect(mail.to).toBe(body.email);
    expect(mail.subject).toBe('Reset your Kholo password');
    const [link] = mail.links!;
    expect(link).toMatch(new RegExp(`^${escapeRegExp(t.config.publicUrl)}/reset-password\\?token=[A-Za-z0-9_-]+$`));
    const token = new URL(link!).searchParams.get('token')!;
    // 128 bits at least: 22 characters of base64url, or more of a smaller alphabet.
    expect(token.length).toBeGreaterThanOrEqual(22);
    expect(mail.html).toContain(link!.replace(/&/g, '&amp;'));
    expect(mail.html).toMatch(/<html/i);
    expect(mail.text).toContain(link);
    expect(mail.text).not.toMatch(/<[a-z]/i);
    expect(mail.text).toContain('Asha');

    // Two requests give two different tokens.
    await requestReset(body.email);
    expect(await tokenFromMail(2)).not.toBe(token);
  });

  it('answers an unknown email exactly like a known one, and sends nothing', async () => {
    const { body } = await signUp(t.app);
    const unknown = await requestReset('nobody-here@example.com');
    const known = await requestReset(body.email);
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.json()).toEqual(known.json());
    expect(unknown.headers['set-cookie']).toBe(known.headers['set-cookie']);
    // Mail is queued in request order, so once the known one's is out, the unknown one's would be too.
    await tokenFromMail(1);
    expect((await t.sentMail()).map((m) => m.to)).toEqual([body.email]);
    const verifications = await sql<{ n: number | string }>`select count(*) as n from auth_verifications`.execute(
      t.database.db,
    );
    expect(Number(verifications.rows[0]?.n)).toBe(1);
  });

  it('ignores a spoofed Host (and X-Forwarded-Host) when building the link', async () => {
    const { body } = await signUp(t.app);
    const response = await requestReset(body.email, { host: 'evil.example', 'x-forwarded-host': 'evil.example' });
    expect(response.statusCode).toBe(200);
    await tokenFromMail(1);
    const [link] = (await t.sentMail())[0]!.links!;
    expect(new URL(link!).origin).toBe(new URL(t.config.publicUrl).origin);
    expect((await t.sentMail())[0]!.html).not.toContain('evil.example');
    expect((await t.sentMail())[0]!.text).not.toContain('evil.example');
  });

  it('stores only a hash of the token', async () => {
    const { body, me } = await signUp(t.app);
    await requestReset(body.email);
    const token = await tokenFromMail(1);
    const rows = await sql<{ identifier: string; value: string }>`
      select identifier, value from auth_verifications`.execute(t.database.db);
    expect(rows.rows).toHaveLength(1);
    const [row] = rows.rows;
    expect(row!.identifier).not.toContain(token);
    expect(row!.value).not.toContain(token);
    expect(row!.value).toBe(me.account!.id);
  });

  it('refuses an invalid email with a field error and sends nothing', async () => {
    const response = await requestReset('not-an-email');
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).code).toBe('VALIDATION_FAILED');
    expect(errorOf(response).fields).toEqual({
      email: 'Please enter a valid email address, like name@example.com.',
    });
  });
});

describe('resetting the password', () => {
  it('sets the new password, the old one stops working, and every session ends', async () => {
    const { body, cookie: phone } = await signUp(t.app);
    const laptop = sessionCookie(await signIn(t.app, { email: body.email, password: PASSWORD }));
    expect(await sessionCountFor(t.database, body.email)).toBe(2);

    await requestReset(body.email);
    const response = await resetPassword(await tokenFromMail(1));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(CHANGED);
    expect(response.headers['set-cookie']).toBeUndefined();

    expect(await sessionCountFor(t.database, body.email)).toBe(0);
    expect((await getMe(t.app, phone)).json()).toEqual(VISITOR);
    expect((await getMe(t.app, laptop)).json()).toEqual(VISITOR);

    const old = await signIn(t.app, { email: body.email, password: PASSWORD });
    expect(old.statusCode).toBe(401);
    expect(errorOf(old).code).toBe('INVALID_CREDENTIALS');
    const fresh = await signIn(t.app, { email: body.email, password: NEW_PASSWORD, role: 'creator' });
    expect(fresh.statusCode).toBe(200);
    // The link came to her inbox: the email is proved (ADR 022).
    expect(fresh.json<Me>().account).toMatchObject({ email: body.email, emailVerified: true, hasPassword: true });
  });

  it('works once: the same link a second time is RESET_LINK_INVALID', async () => {
    const { body } = await signUp(t.app);
    await requestReset(body.email);
    const token = await tokenFromMail(1);
    expect((await resetPassword(token)).statusCode).toBe(200);

    const reuse = await resetPassword(token, 'yet another passphrase');
    expect(reuse.statusCode).toBe(400);
    expect(reuse.json()).toEqual(LINK_INVALID);
    // The second attempt changed nothing.
    expect((await signIn(t.app, { email: body.email, password: NEW_PASSWORD })).statusCode).toBe(200);
    expect((await signIn(t.app, { email: body.email, password: 'yet another passphrase' })).statusCode).toBe(401);
  });

  it('ends the other links sent earlier once the password is changed', async () => {
    const { body } = await signUp(t.app);
    await requestReset(body.email);
    const first = await tokenFromMail(1);
    await requestReset(body.email);
    const second = await tokenFromMail(2);
    expect(second).not.toBe(first);

    expect((await resetPassword(second)).statusCode).toBe(200);
    const older = await resetPassword(first, 'an older link tries again');
    expect(older.statusCode).toBe(400);
    expect(older.json()).toEqual(LINK_INVALID);
  });

  it('lifts the login lock on the network the owner resets from, which someone on it caused', async () => {
    const { body } = await signUp(t.app);
    // A shared network (a mobile carrier's CGNAT address): the guesses and the owner come from one address.
    const shared = freshIp();
    for (let attempt = 0; attempt < 10; attempt += 1) {
      expect((await signIn(t.app, { email: body.email, password: 'a wrong guess' }, { ip: shared })).statusCode).toBe(
        401,
      );
    }
    expect((await signIn(t.app, { email: body.email, password: PASSWORD }, { ip: shared })).statusCode).toBe(429);

    await requestReset(body.email);
    expect((await resetPassword(await tokenFromMail(1), NEW_PASSWORD, shared)).statusCode).toBe(200);
    expect((await signIn(t.app, { email: body.email, password: NEW_PASSWORD }, { ip: shared })).statusCode).toBe(200);
  });

  it('ends the account being treated as under attack once the owner resets the password', async () => {
    const { body } = await signUp(t.app);
    for (let attempt = 0; attempt < 10; attempt += 1) {
      expect((await signIn(t.app, { email: body.email, password: 'a wrong guess' })).statusCode).toBe(401);
    }
    const network = freshIp();
    for (let attempt = 0; attempt < 3; attempt += 1) {
      expect((await signIn(t.app, { email: body.email, password: 'a wrong guess' }, { ip: network })).statusCode).toBe(
        401,
      );
    }
    expect((await signIn(t.app, { email: body.email, password: PASSWORD }, { ip: network })).statusCode).toBe(429);

    // Reset from elsewhere: that network's 3 failures are no longer too many once the account is calm.
    await requestReset(body.email);
    expect((await resetPassword(await tokenFromMail(1))).statusCode).toBe(200);
    expect((await signIn(t.app, { email: body.email, password: NEW_PASSWORD }, { ip: network })).statusCode).toBe(200);
  });

  it('refuses a made-up token and a malformed one', async () => {
    const madeUp = await resetPassword('A'.repeat(24));
    expect(madeUp.statusCode).toBe(400);
    expect(madeUp.json()).toEqual(LINK_INVALID);

    const malformed = await resetPassword('short');
    expect(malformed.statusCode).toBe(400);
    expect(errorOf(malformed).code).toBe('VALIDATION_FAILED');
    expect(Object.keys(errorOf(malformed).fields!)).toEqual(['token']);
  });

  it('checks the new password before using up the link', async () => {
    const { body } = await signUp(t.app);
    await requestReset(body.email);
    const token = await tokenFromMail(1);

    for (const [password, message] of [
      ['password123', 'This password is too common and easy to guess. Please choose another one.'],
      ['short', 'Your password needs at least 8 characters.'],
      ['x'.repeat(129), 'Please keep your password under 128 characters.'],
    ] as const) {
      const refused = await resetPassword(token, password);
      expect(refused.statusCode).toBe(400);
      expect(errorOf(refused).fields).toEqual({ newPassword: message });
    }
    expect((await resetPassword(token)).statusCode).toBe(200);
  });

  it('expires after 30 minutes', async () => {
    const early = await signUp(t.app);
    const late = await signUp(t.app);
    await requestReset(early.body.email);
    await requestReset(late.body.email);
    await tokenFromMail(2);
    const sent = await t.sentMail();
    const tokenFor = (email: string) =>
      new URL(sent.find((m) => m.to === email)!.links![0]!).searchParams.get('token')!;

    // better-auth stamps and checks expiry with the real Date, not the app's clock.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 29 * 60_000);
    expect((await resetPassword(tokenFor(early.body.email))).statusCode).toBe(200);

    vi.setSystemTime(Date.now() + 2 * 60_000);
    const expired = await resetPassword(tokenFor(late.body.email));
    expect(expired.statusCode).toBe(400);
    expect(expired.json()).toEqual(LINK_INVALID);
    vi.useRealTimers();

    // The expired link changed nothing.
    expect((await signIn(t.app, { email: late.body.email, password: PASSWORD })).statusCode).toBe(200);
  });
});

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
