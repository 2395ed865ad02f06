import type { Me } from '@kholo/contracts';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { errorOf, getMe, PASSWORD, sessionCookie, signIn, signUp, VISITOR } from './accounts-helpers.js';
import { buildTestApp, TEST_ADMIN, type TestApp } from './test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

/** The session row's token is the cookie value before the signature. */
function tokenOf(cookie: string): string {
  const value = decodeURIComponent(cookie.slice(cookie.indexOf('=') + 1));
  return value.slice(0, value.indexOf('.'));
}

async function sessionRowExists(cookie: string): Promise<boolean> {
  const row = await t.database.db
    .selectFrom('authSessions')
    .select('id')
    .where('token', '=', tokenOf(cookie))
    .executeTakeFirst();
  return row !== undefined;
}

function signOut(cookie?: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-out',
    ...(cookie === undefined ? {} : { headers: { cookie } }),
  });
}

function setCookies(response: LightMyRequestResponse): string[] {
  const header = response.headers['set-cookie'];
  if (header === undefined) return [];
  return Array.isArray(header) ? header : [header];
}

function attributes(setCookie: string): string[] {
  return setCookie
    .split(';')
    .slice(1)
    .map((part) => part.trim().toLowerCase());
}

describe('logout', () => {
  it('deletes the session server-side, so the old cookie no longer works, and clears the cookie', async () => {
    const { cookie, me } = await signUp(t.app, { role: 'fan' });
    expect(await sessionRowExists(cookie)).toBe(true);
    expect((await getMe(t.app, cookie)).json<Me>().account?.id).toBe(me.account!.id);

    const response = await signOut(cookie);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: true });
    expect(response.headers['cache-control']).toBe('no-store');
    const cleared = setCookies(response).find((c) => c.startsWith('kholo.session_token='));
    expect(cleared).toBeDefined();
    expect(cleared).toMatch(/^kholo\.session_token=;/);
    expect(attributes(cleared!)).toContain('max-age=0');

    expect(await sessionRowExists(cookie)).toBe(false);
    // Someone who kept a copy of the cookie gets nothing from it.
    const after = await getMe(t.app, cookie);
    expect(after.statusCode).toBe(200);
    expect(after.json()).toEqual(VISITOR);
  });

  it('ends only that session: the same account on another device stays logged in', async () => {
    const { cookie: phone, body } = await signUp(t.app);
    const laptop = sessionCookie(await signIn(t.app, { email: body.email, password: PASSWORD }));
    expect(laptop).not.toBe(phone);

    expect((await signOut(phone)).statusCode).toBe(200);
    expect((await getMe(t.app, phone)).json()).toEqual(VISITOR);
    expect((await getMe(t.app, laptop)).json<Me>().account?.email).toBe(body.email);
  });

  it('a double click (two logouts at once) answers both and ends the session', async () => {
    const { cookie } = await signUp(t.app);
    const answers = await Promise.all([signOut(cookie), signOut(cookie)]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
    expect(await sessionRowExists(cookie)).toBe(false);
    expect((await getMe(t.app, cookie)).json()).toEqual(VISITOR);
  });

  it('asking for a reset link while logged in keeps the session', async () => {
    const { cookie, body } = await signUp(t.app);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/request-password-reset',
      payload: { email: body.email },
      headers: { cookie },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['set-cookie']).toBeUndefined();
    expect(await sessionRowExists(cookie)).toBe(true);
    expect((await getMe(t.app, cookie)).json<Me>().account?.email).toBe(body.email);
  });

  it('answers a visitor without a session with 200 and clears the cookie anyway', async () => {
    const response = await signOut();
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: true });
    const garbage = await signOut('kholo.session_token=forged.value');
    expect(garbage.statusCode).toBe(200);
  });
});

describe('session rotation', () => {
  it('logging in again with a session cookie gives a new token and ends the old session', async () => {
    const { cookie: first, body } = await signUp(t.app);
    const response = await signIn(t.app, { email: body.email, password: PASSWORD }, { cookie: first });
    expect(response.statusCode).toBe(200);
    const second = sessionCookie(response);
    expect(tokenOf(second)).not.toBe(tokenOf(first));

    expect(await sessionRowExists(first)).toBe(false);
    expect((await getMe(t.app, first)).json()).toEqual(VISITOR);
    expect((await getMe(t.app, second)).json<Me>().account?.email).toBe(body.email);
  });

  it('logging in as someone else ends the session the browser came with', async () => {
    const priya = await signUp(t.app, { name: 'Priya' });
    const ravi = await signUp(t.app, { name: 'Ravi', role: 'fan' });
    const response = await signIn(t.app, { email: ravi.body.email, password: PASSWORD }, { cookie: priya.cookie });
    expect(response.statusCode).toBe(200);
    expect(response.json<Me>().account?.email).toBe(ravi.body.email);
    expect((await getMe(t.app, priya.cookie)).json()).toEqual(VISITOR);
  });

  it('signing up while logged in ends the previous session', async () => {
    const existing = await signUp(t.app);
    const fresh = await signUp(t.app, { role: 'fan' }, { cookie: existing.cookie });
    expect(fresh.me.account?.email).toBe(fresh.body.email);
    expect((await getMe(t.app, existing.cookie)).json()).toEqual(VISITOR);
    expect((await getMe(t.app, fresh.cookie)).json<Me>().account?.email).toBe(fresh.body.email);
  });

  it('a refused login leaves the existing session alone', async () => {
    const { cookie, body } = await signUp(t.app);
    const wrong = await signIn(t.app, { email: body.email, password: 'not my password' }, { cookie });
    expect(wrong.statusCode).toBe(401);
    const wrongDoor = await signIn(t.app, { email: body.email, password: PASSWORD, role: 'admin' }, { cookie });
    expect(wrongDoor.statusCode).toBe(403);
    expect((await getMe(t.app, cookie)).json<Me>().account?.email).toBe(body.email);
  });
});

describe('session lifetime', () => {
  const DAY = 24 * 60 * 60_000;

  async function expiresAt(cookie: string): Promise<number> {
    const row = await t.database.db
      .selectFrom('authSessions')
      .select('expiresAt')
      .where('token', '=', tokenOf(cookie))
      .executeTakeFirstOrThrow();
    return new Date(row.expiresAt).getTime();
  }

  // better-auth stamps and checks session expiry with the real Date, not the app's clock.
  afterEach(() => {
    vi.useRealTimers();
  });

  it('is extended by use, and ends after 30 days without any', async () => {
    const { cookie, body } = await signUp(t.app);
    const firstExpiry = await expiresAt(cookie);
    expect(firstExpiry - Date.now()).toBeGreaterThan(29 * DAY);

    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 2 * DAY);
    const used = await getMe(t.app, cookie);
    expect(used.json<Me>().account?.email).toBe(body.email);
    const renewed = setCookies(used).find((c) => c.startsWith('kholo.session_token='));
    expect(renewed).toBeDefined();
    expect(attributes(renewed!)).toContain(`max-age=${30 * 24 * 60 * 60}`);
    expect(await expiresAt(cookie)).toBeGreaterThan(firstExpiry + DAY);

    vi.setSystemTime(Date.now() + 31 * DAY);
    const expired = await getMe(t.app, cookie);
    expect(expired.json()).toEqual(VISITOR);
    expect(await sessionRowExists(cookie)).toBe(false);
  });
});

describe('cookie flags', () => {
  it('on http: HttpOnly, SameSite=Lax, Path=/, not Secure', async () => {
    const { response, body } = await signUp(t.app);
    const login = await signIn(t.app, { email: body.email, password: PASSWORD });
    for (const res of [response, login]) {
      const cookie = setCookies(res).find((c) => c.startsWith('kholo.session_token='));
      expect(cookie).toBeDefined();
      const attrs = attributes(cookie!);
      expect(attrs).toContain('httponly');
      expect(attrs).toContain('samesite=lax');
      expect(attrs).toContain('path=/');
      expect(attrs).not.toContain('secure');
      // Stays logged in: a persistent cookie of 30 days, not a browser-session one.
      expect(attrs).toContain(`max-age=${30 * 24 * 60 * 60}`);
      expect(attrs.some((a) => a.startsWith('domain='))).toBe(false);
    }
  });

  it('on https: Secure, with the __Secure- prefix, and the cookie still works', async () => {
    const secure = await buildTestApp({ publicUrl: 'https://kholo.test' });
    try {
      const { response, cookie, body } = await signUp(secure.app);
      const set = setCookies(response).find((c) => c.startsWith('__Secure-kholo.session_token='));
      expect(set).toBeDefined();
      const attrs = attributes(set!);
      expect(attrs).toContain('secure');
      expect(attrs).toContain('httponly');
      expect(attrs).toContain('samesite=lax');
      expect(attrs).toContain('path=/');
      expect(setCookies(response).some((c) => c.startsWith('kholo.session_token='))).toBe(false);

      expect(cookie.startsWith('__Secure-kholo.session_token=')).toBe(true);
      expect((await getMe(secure.app, cookie)).json<Me>().account?.email).toBe(body.email);

      const out = await secure.app.inject({ method: 'POST', url: '/api/auth/sign-out', headers: { cookie } });
      const cleared = setCookies(out).find((c) => c.startsWith('__Secure-kholo.session_token='));
      expect(cleared).toBeDefined();
      expect(attributes(cleared!)).toContain('max-age=0');
      expect((await getMe(secure.app, cookie)).json()).toEqual(VISITOR);
    } finally {
      await secure.close();
    }
  });
});

describe('GET /api/admin/messages', () => {
  const get = (headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url: '/api/admin/messages', headers });

  async function adminCookie(): Promise<string> {
    const response = await signIn(t.app, { ...TEST_ADMIN, role: 'admin' });
    expect(response.statusCode).toBe(200);
    return sessionCookie(response);
  }

  it('refuses a visitor with 401, even with a forged x-admin-email header', async () => {
    for (const headers of [{}, { 'x-admin-email': TEST_ADMIN.email }]) {
      const response = await get(headers);
      expect(response.statusCode).toBe(401);
      expect(errorOf(response).code).toBe('UNAUTHENTICATED');
      expect(response.body).not.toContain('items');
    }
  });

  it('refuses a fan and a creator with 403, even with a forged x-admin-email header', async () => {
    const fan = await signUp(t.app, { role: 'fan' });
    const creator = await signUp(t.app, { role: 'creator' });
    for (const cookie of [fan.cookie, creator.cookie]) {
      for (const forged of [{}, { 'x-admin-email': TEST_ADMIN.email }]) {
        const response = await get({ cookie, ...forged });
        expect(response.statusCode).toBe(403);
        expect(errorOf(response)).toEqual({ code: 'FORBIDDEN', message: 'Only the Kholo admin can do this.' });
      }
    }
  });

  it('answers the admin with the list of contact messages, uncached', async () => {
    const posted = await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: { name: 'Asha', email: 'asha@example.com', message: 'Where is my payout, please?' },
    });
    expect(posted.statusCode).toBe(201);

    const cookie = await adminCookie();
    const response = await get({ cookie });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const { items } = response.json<{ items: Array<{ id: string; email: string }> }>();
    expect(items.map((item) => item.id)).toContain(posted.json<{ id: string }>().id);

    // After logout the same cookie opens nothing.
    await t.app.inject({ method: 'POST', url: '/api/auth/sign-out', headers: { cookie } });
    expect((await get({ cookie })).statusCode).toBe(401);
  });
});
