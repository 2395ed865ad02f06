import type { Me } from '@kholo/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { countRows, errorOf, freshIp, PASSWORD, postSignUp, signIn, signUp, uniqueEmail } from './accounts-helpers.js';
import { buildTestApp, type TestApp } from './test-app.js';

const FIFTEEN_MINUTES = 15 * 60_000;

let t: TestApp;
afterEach(async () => {
  await t.close();
});

function expectRateLimited(response: { statusCode: number; json: () => unknown }, reason: string): void {
  expect(response.statusCode).toBe(429);
  const { error } = response.json() as { error: { code: string; message: string } };
  expect(error.code).toBe('RATE_LIMITED');
  expect(error.message).toMatch(new RegExp(`^${reason.replace(/\./g, '\\.')} Please try again in \\d+ minutes?\\.$`));
}

describe('login failures', () => {
  it('lock one account after 10 failures from anywhere, even for the right password, until the window ends', async () => {
    t = await buildTestApp();
    const { body } = await signUp(t.app);
    for (let i = 0; i < 10; i += 1) {
      // Each failure from another network, so only the per-account count can add up.
      const email = i % 2 === 0 ? body.email : body.email.toUpperCase();
      const response = await signIn(t.app, { email, password: `wrong password ${i}` });
      expect(response.statusCode).toBe(401);
    }

    const locked = await signIn(t.app, { email: body.email, password: PASSWORD });
    expectRateLimited(locked, 'Too many failed logins for this account.');
    expect(errorOf(locked).message).toContain('in 15 minutes');
    expect(locked.headers['set-cookie']).toBeUndefined();

    // Other accounts are not affected.
    const other = await signUp(t.app);
    expect((await signIn(t.app, { email: other.body.email, password: PASSWORD })).statusCode).toBe(200);

    t.clock.advance(FIFTEEN_MINUTES - 60_000);
    expectRateLimited(
      await signIn(t.app, { email: body.email, password: PASSWORD }),
      'Too many failed logins for this account.',
    );
    t.clock.advance(60_000);
    const after = await signIn(t.app, { email: body.email, password: PASSWORD });
    expect(after.statusCode).toBe(200);
    expect(after.json<Me>().account?.email).toBe(body.email);
  });

  it('start counting again after a successful login', async () => {
    t = await buildTestApp();
    const { body } = await signUp(t.app);
    for (let round = 0; round < 2; round += 1) {
      for (let i = 0; i < 9; i += 1) {
        expect((await signIn(t.app, { email: body.email, password: 'wrong password' })).statusCode).toBe(401);
      }
      expect((await signIn(t.app, { email: body.email, password: PASSWORD })).statusCode).toBe(200);
    }
  });

  it('hold against a burst of guesses sent all at once', async () => {
    t = await buildTestApp();
    const { body } = await signUp(t.app);
    const ip = freshIp();
    const guesses = await Promise.all(
      Array.from({ length: 30 }, (_, i) => signIn(t.app, { email: body.email, password: `guess ${i}` }, { ip })),
    );
    const statuses = guesses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 401)).toHaveLength(10);
    expect(statuses.filter((status) => status === 429)).toHaveLength(20);
    // The right password, in the same burst window, is refused too.
    expect((await signIn(t.app, { email: body.email, password: PASSWORD }, { ip })).statusCode).toBe(429);
  });

  it('count one IPv6 /64 as one network', async () => {
    t = await buildTestApp();
    for (let i = 0; i < 10; i += 1) {
      const response = await signIn(
        t.app,
        { email: uniqueEmail(), password: 'wrong password' },
        { ip: `2001:db8:85a3:12::${(i + 1).toString(16)}` },
      );
      expect(response.statusCode).toBe(401);
    }
    const next = await signIn(
      t.app,
      { email: uniqueEmail(), password: 'wrong password' },
      { ip: '2001:db8:85a3:12::ff' },
    );
    expectRateLimited(next, 'Too many failed logins from your network.');
  });

  it('lock one network after 10 failures across different accounts', async () => {
    t = await buildTestApp();
    const attacker = '203.0.113.66';
    const { body } = await signUp(t.app);
    for (let i = 0; i < 10; i += 1) {
      const response = await signIn(t.app, { email: uniqueEmail('guess'), password: PASSWORD }, { ip: attacker });
      expect(response.statusCode).toBe(401);
    }

    // Right password, untouched account, but from the locked network.
    expectRateLimited(
      await signIn(t.app, { email: body.email, password: PASSWORD }, { ip: attacker }),
      'Too many failed logins from your network.',
    );
    // The same login from another network works.
    expect((await signIn(t.app, { email: body.email, password: PASSWORD }, { ip: '198.51.100.9' })).statusCode).toBe(
      200,
    );

    t.clock.advance(FIFTEEN_MINUTES);
    expect((await signIn(t.app, { email: body.email, password: PASSWORD }, { ip: attacker })).statusCode).toBe(200);
  });

  it('ignore a rotating X-Forwarded-For when TRUST_PROXY is not set', async () => {
    t = await buildTestApp();
    expect(t.config.trustProxy).toBe(false);
    const attacker = '203.0.113.77';
    const { body } = await signUp(t.app);
    for (let i = 0; i < 10; i += 1) {
      const response = await signIn(
        t.app,
        { email: uniqueEmail('guess'), password: PASSWORD },
        { ip: attacker, headers: { 'x-forwarded-for': `192.0.2.${i + 1}` } },
      );
      expect(response.statusCode).toBe(401);
    }
    const limited = await signIn(
      t.app,
      { email: body.email, password: PASSWORD },
      { ip: attacker, headers: { 'x-forwarded-for': '192.0.2.200' } },
    );
    expectRateLimited(limited, 'Too many failed logins from your network.');
  });

  it('count each X-Forwarded-For client separately behind a trusted proxy', async () => {
    t = await buildTestApp({ trustProxy: true });
    const proxy = '10.0.0.1';
    const { body } = await signUp(t.app);
    const from = (client: string) => ({ ip: proxy, headers: { 'x-forwarded-for': client } });
    for (let i = 0; i < 10; i += 1) {
      const response = await signIn(t.app, { email: uniqueEmail('guess'), password: PASSWORD }, from('192.0.2.1'));
      expect(response.statusCode).toBe(401);
    }
    expectRateLimited(
      await signIn(t.app, { email: body.email, password: PASSWORD }, from('192.0.2.1')),
      'Too many failed logins from your network.',
    );
    // Another client behind the same proxy is someone else.
    expect((await signIn(t.app, { email: body.email, password: PASSWORD }, from('192.0.2.2'))).statusCode).toBe(200);
  });
});

describe('sign-ups', () => {
  it('allow 10 per network per hour, refusing the 11th without writing anything', async () => {
    t = await buildTestApp();
    const network = '203.0.113.88';
    for (let i = 0; i < 10; i += 1) {
      const response = await postSignUp(
        t.app,
        { role: i % 2 === 0 ? 'creator' : 'fan', name: `Person ${i}`, email: uniqueEmail(), password: PASSWORD },
        network,
      );
      expect(response.statusCode).toBe(200);
    }
    const users = await countRows(t.database, 'auth_users');
    const payload = { role: 'creator', name: 'Eleven', email: uniqueEmail(), password: PASSWORD };
    expectRateLimited(await postSignUp(t.app, payload, network), 'Too many sign-ups from your network.');
    expect(await countRows(t.database, 'auth_users')).toBe(users);

    expect((await postSignUp(t.app, payload, '198.51.100.10')).statusCode).toBe(200);
    t.clock.advance(60 * 60_000);
    expect((await postSignUp(t.app, { ...payload, email: uniqueEmail() }, network)).statusCode).toBe(200);
  });

  it('ignore a rotating X-Forwarded-For when TRUST_PROXY is not set', async () => {
    t = await buildTestApp();
    const network = '203.0.113.89';
    for (let i = 0; i <= 10; i += 1) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-up/email',
        payload: { role: 'fan', name: `Person ${i}`, email: uniqueEmail(), password: PASSWORD },
        remoteAddress: network,
        headers: { 'x-forwarded-for': `192.0.2.${i + 1}` },
      });
      if (i < 10) expect(response.statusCode).toBe(200);
      else expectRateLimited(response, 'Too many sign-ups from your network.');
    }
  });
});

describe('password reset requests', () => {
  const request = (email: string, ip = freshIp()) =>
    t.app.inject({ method: 'POST', url: '/api/auth/request-password-reset', payload: { email }, remoteAddress: ip });

  it('send at most 3 emails per address per 15 minutes, the same for an unknown address', async () => {
    t = await buildTestApp();
    const { body } = await signUp(t.app);
    const unknown = uniqueEmail('nobody');
    for (let i = 0; i < 3; i += 1) {
      expect((await request(body.email)).statusCode).toBe(200);
      expect((await request(unknown)).statusCode).toBe(200);
    }
    const known4 = await request(body.email.toUpperCase());
    const unknown4 = await request(unknown);
    expectRateLimited(known4, 'Too many reset emails were asked for this address.');
    expect(unknown4.statusCode).toBe(known4.statusCode);
    expect(unknown4.json()).toEqual(known4.json());

    // Mail goes out in request order: once a later request's mail is out, any from the refused ones would be too.
    const other = await signUp(t.app);
    expect((await request(other.body.email)).statusCode).toBe(200);
    await vi.waitFor(() => {
      expect(t.mailer.messages).toHaveLength(4);
    });
    expect(t.mailer.messages.map((m) => m.to)).toEqual([body.email, body.email, body.email, other.body.email]);
  });

  it('allow the address again after the window', async () => {
    t = await buildTestApp();
    const { body } = await signUp(t.app);
    for (let i = 0; i < 3; i += 1) expect((await request(body.email)).statusCode).toBe(200);
    expect((await request(body.email)).statusCode).toBe(429);
    t.clock.advance(FIFTEEN_MINUTES);
    expect((await request(body.email)).statusCode).toBe(200);
    await vi.waitFor(() => {
      expect(t.mailer.messages).toHaveLength(4);
    });
  });

  it('allow 10 per network per 15 minutes, whatever the addresses', async () => {
    t = await buildTestApp();
    const network = '203.0.113.90';
    for (let i = 0; i < 10; i += 1) expect((await request(uniqueEmail(), network)).statusCode).toBe(200);
    expectRateLimited(await request(uniqueEmail(), network), 'Too many reset requests from your network.');
    expect((await request(uniqueEmail(), '198.51.100.11')).statusCode).toBe(200);
  });

  it('limit attempts to use reset links per network', async () => {
    t = await buildTestApp();
    const network = '203.0.113.91';
    const attempt = (i: number) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/reset-password',
        payload: { token: `guessedtoken${String(i).padStart(12, '0')}`, newPassword: 'a fine new passphrase' },
        remoteAddress: network,
      });
    for (let i = 0; i < 10; i += 1) expect(errorOf(await attempt(i)).code).toBe('RESET_LINK_INVALID');
    expectRateLimited(await attempt(10), 'Too many password resets from your network.');
  });
});
