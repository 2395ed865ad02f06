import type { FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Auth,
  createAccountsRepository,
  createAccountsService,
  createSessions,
} from '../src/features/accounts/index.js';
import { transactionsOn } from '../src/lib/transactions.js';
import { signUp } from './accounts-helpers.js';
import { buildTestApp, TEST_ADMIN, type TestApp } from './test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

const DAY_MS = 24 * 60 * 60 * 1000;

function tokenOf(cookie: string): string {
  const value = decodeURIComponent(cookie.slice(cookie.indexOf('=') + 1));
  return value.slice(0, value.lastIndexOf('.'));
}

function setSessionExpiry(cookie: string, expiresAt: number) {
  // better-auth's own representation: ISO text on SQLite, a timestamp on PostgreSQL.
  const value = t.database.engine === 'sqlite' ? new Date(expiresAt).toISOString() : new Date(expiresAt);
  return t.database.db
    .updateTable('authSessions')
    .set({ expiresAt: value })
    .where('token', '=', tokenOf(cookie))
    .execute();
}

/**
 * Sessions over the test app's database with a better-auth that only counts how often it is
 * asked, configured as createAuth configures the real one (auth.ts). `https` is a PUBLIC_URL
 * on https, where cookies carry the __Secure- prefix.
 */
function sessionsWithCountingAuth({ https = false } = {}) {
  const calls = { getSession: 0 };
  const auth = {
    options: {
      secret: t.config.auth.secret,
      baseURL: https ? 'https://kholo.in' : t.config.publicUrl,
      advanced: { cookiePrefix: 'kholo', useSecureCookies: https },
      session: { expiresIn: (30 * DAY_MS) / 1000, updateAge: DAY_MS / 1000 },
    },
    api: {
      getSession: () => {
        calls.getSession += 1;
        return Promise.resolve({ headers: new Headers(), response: null });
      },
    },
  } as unknown as Auth;
  const accountsRepository = createAccountsRepository(t.database.db);
  const accounts = createAccountsService({
    accounts: accountsRepository,
    // Never asked: reading a session only asks whether an email is the admin's.
    creatorProfiles: {
      addProfileTo: () => Promise.reject(new Error('not expected here')),
      claimProfile: () => Promise.reject(new Error('not expected here')),
      profileOf: () => Promise.resolve(null),
    },
    transaction: transactionsOn(t.database.db),
    clock: t.clock,
    adminEmail: TEST_ADMIN.email,
  });
  const sessions = createSessions(auth, accounts, accountsRepository);
  const requestWith = (cookie?: string) =>
    ({ headers: cookie === undefined ? {} : { cookie }, ip: '203.0.113.9' }) as unknown as FastifyRequest;
  return { calls, read: (cookie?: string) => sessions.read(requestWith(cookie)) };
}

describe('reading a live session without better-auth', () => {
  it('a correctly signed cookie of a live session is answered from one query, without asking better-auth', async () => {
    const fan = await signUp(t.app, { role: 'fan', name: 'Kavya Iyer' });
    const { calls, read } = sessionsWithCountingAuth();
    const account = await read(`theme=dark; ${fan.cookie}; other=1`);
    expect(account).toMatchObject({
      id: fan.me.account!.id,
      name: 'Kavya Iyer',
      email: fan.body.email,
      isAdmin: false,
    });
    expect(account?.sessionId).toEqual(expect.any(String));
    expect(calls.getSession).toBe(0);
  });

  it('on https only the __Secure- cookie is read directly; the plain name goes to better-auth', async () => {
    const fan = await signUp(t.app, { role: 'fan' });
    const { calls, read } = sessionsWithCountingAuth({ https: true });
    expect((await read(`__Secure-${fan.cookie}`))?.id).toBe(fan.me.account!.id);
    expect(calls.getSession).toBe(0);
    expect(await read(fan.cookie)).toBeNull();
    expect(calls.getSession).toBe(1);
  });

  it('no cookie is a visitor, and better-auth is not asked either', async () => {
    const { calls, read } = sessionsWithCountingAuth();
    expect(await read()).toBeNull();
    expect(calls.getSession).toBe(0);
  });

  it.each([
    [
      'a forged signature',
      (cookie: string) => cookie.replace(/\.[^.]*$/, `.${encodeURIComponent('A'.repeat(43) + '=')}`),
    ],
    ['a token without a signature', (cookie: string) => cookie.slice(0, cookie.indexOf('=') + 1) + tokenOf(cookie)],
    ['another token signed with the right length', (cookie: string) => cookie.replace(/=([A-Za-z0-9]{4})/, '=zzzz')],
    ['malformed percent-encoding', (cookie: string) => `${cookie}%E0%A4%A`],
  ])('%s goes to better-auth, never straight in', async (_name, tamper) => {
    const fan = await signUp(t.app, { role: 'fan' });
    const { calls, read } = sessionsWithCountingAuth();
    expect(await read(tamper(fan.cookie))).toBeNull();
    expect(calls.getSession).toBe(1);
  });

  it('an expired session, one due for its daily refresh, and "don’t remember me" go to better-auth', async () => {
    const expired = await signUp(t.app, { role: 'fan' });
    await setSessionExpiry(expired.cookie, Date.now() - 1000);
    const due = await signUp(t.app, { role: 'fan' });
    // Thirty days from creation, refreshed once a day: a session made a day and a minute ago is due.
    await setSessionExpiry(due.cookie, Date.now() + 29 * DAY_MS - 60_000);
    const fresh = await signUp(t.app, { role: 'fan' });

    const { calls, read } = sessionsWithCountingAuth();
    expect(await read(expired.cookie)).toBeNull();
    expect(await read(due.cookie)).toBeNull();
    expect(await read(`${fresh.cookie}; kholo.dont_remember=x`)).toBeNull();
    expect(calls.getSession).toBe(3);
  });

  it('through the app: signed out, deleted or expired sessions are refused, and a due one is still honoured', async () => {
    const unlocksAs = (cookie: string) => t.app.inject({ method: 'GET', url: '/api/fan/unlocks', headers: { cookie } });

    const signedOut = await signUp(t.app, { role: 'fan' });
    expect((await unlocksAs(signedOut.cookie)).statusCode).toBe(200);
    await t.app.inject({ method: 'POST', url: '/api/auth/sign-out', headers: { cookie: signedOut.cookie } });
    expect((await unlocksAs(signedOut.cookie)).statusCode).toBe(401);

    const revoked = await signUp(t.app, { role: 'fan' });
    await t.database.db.deleteFrom('authSessions').where('token', '=', tokenOf(revoked.cookie)).execute();
    expect((await unlocksAs(revoked.cookie)).statusCode).toBe(401);

    const expired = await signUp(t.app, { role: 'fan' });
    await setSessionExpiry(expired.cookie, Date.now() - 1000);
    expect((await unlocksAs(expired.cookie)).statusCode).toBe(401);

    // Due for refresh: better-auth answers, and extends the session as it always did.
    const due = await signUp(t.app, { role: 'fan' });
    await setSessionExpiry(due.cookie, Date.now() + 29 * DAY_MS - 60_000);
    expect((await unlocksAs(due.cookie)).statusCode).toBe(200);
    const row = await t.database.db
      .selectFrom('authSessions')
      .select('expiresAt')
      .where('token', '=', tokenOf(due.cookie))
      .executeTakeFirstOrThrow();
    expect(new Date(row.expiresAt).getTime()).toBeGreaterThan(Date.now() + 29 * DAY_MS);
  });
});
