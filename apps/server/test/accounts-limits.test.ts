import type { Me } from '@kholo/contracts';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { countRows, errorOf, freshIp, PASSWORD, postSignUp, signIn, signUp, uniqueEmail } from './accounts-helpers.js';
import { type AbuseLimits, loadConfig } from '../src/config.js';
import { buildTestApp, TEST_ADMIN, type TestApp } from './test-app.js';

const FIFTEEN_MINUTES = 15 * 60_000;

/** The limits when nothing is configured (README "Limits"). */
function defaultLimits(): AbuseLimits {
  return loadConfig({}).limits;
}

let t: TestApp;
/**
 * The app most tests share (building one per test was most of this file's time on PostgreSQL).
 * Each starts two hours after the last, past every window, with no mail left from before; its
 * accounts and networks are its own. Tests that need other settings build their own app.
 */
let shared: TestApp | undefined;
async function sharedApp(): Promise<TestApp> {
  shared ??= await buildTestApp();
  shared.clock.advance(2 * 60 * 60_000);
  // Mail the last test queued is sent, then forgotten.
  await shared.app.jobs.runDue();
  shared.mailer.messages.length = 0;
  return shared;
}
afterEach(async () => {
  if (t !== shared) await t.close();
});
afterAll(async () => {
  await shared?.close();
});

function expectRateLimited(response: { statusCode: number; json: () => unknown }, reason: string): void {
  expect(response.statusCode).toBe(429);
  const { error } = response.json() as { error: { code: string; message: string } };
  expect(error.code).toBe('RATE_LIMITED');
  expect(error.message).toMatch(new RegExp(`^${reason.replace(/\./g, '\\.')} Please try again in \\d+ minutes?\\.$`));
}

const NETWORK_LOCK = 'Too many failed logins for this account from your network.';
const UNDER_ATTACK = 'This account has had many failed logins, so each network may try only 3 times for now.';

/** `count` wrong guesses at `email`, each from a network of its own, all answered 401. */
async function failFromManyNetworks(app: TestApp['app'], email: string, count: number): Promise<void> {
  for (let i = 0; i < count; i += 1) {
    expect((await signIn(app, { email, password: `wrong password ${i}` }, { ip: freshIp() })).statusCode).toBe(401);
  }
}

describe('login failures on one account from one network', () => {
  it('never keep the right password out from another network: 11 wrong from one, then the owner from hers', async () => {
    t = await sharedApp();
    const { body } = await signUp(t.app);
    const attacker = freshIp();
    for (let i = 0; i < 10; i += 1) {
      expect((await signIn(t.app, { email: body.email, password: `wrong ${i}` }, { ip: attacker })).statusCode).toBe(
        401,
      );
    }
    expectRateLimited(await signIn(t.app, { email: body.email, password: 'wrong 10' }, { ip: attacker }), NETWORK_LOCK);

    const owner = await signIn(t.app, { email: body.email, password: PASSWORD }, { ip: freshIp() });
    expect(owner.statusCode).toBe(200);
    expect(owner.json<Me>().account?.email).toBe(body.email);
  });

  it('lock the account from that network after 10 failures, even for the right password, until the window ends', async () => {
    t = await sharedApp();
    const { body } = await signUp(t.app);
    const network = freshIp();
    for (let i = 0; i < 11; i += 1) {
      // Either case of the email counts as the same account.
      const email = i % 2 === 0 ? body.email : body.email.toUpperCase();
      const response = await signIn(t.app, { email, password: `wrong password ${i}` }, { ip: network });
      if (i < 10) expect(response.statusCode).toBe(401);
      else expectRateLimited(response, NETWORK_LOCK);
    }

    const locked = await signIn(t.app, { email: body.email, password: PASSWORD }, { ip: network });
    expectRateLimited(locked, NETWORK_LOCK);
    expect(errorOf(locked).message).toContain('in 15 minutes');
    expect(locked.headers['set-cookie']).toBeUndefined();

    // Other accounts from the same network are not affected (10 failures are under its limit of 20).
    const other = await signUp(t.app);
    expect((await signIn(t.app, { email: other.body.email, password: PASSWORD }, { ip: network })).statusCode).toBe(
      200,
    );

    t.clock.advance(FIFTEEN_MINUTES - 60_000);
    expectRateLimited(await signIn(t.app, { email: body.email, password: PASSWORD }, { ip: network }), NETWORK_LOCK);
    t.clock.advance(60_000);
    const after = await signIn(t.app, { email: body.email, password: PASSWORD }, { ip: network });
    expect(after.statusCode).toBe(200);
    expect(after.json<Me>().account?.email).toBe(body.email);
  });

  it("start the network's count on the account again after a successful login", async () => {
    // Room on the other two limits, so only the (account, network) count can refuse.
    t = await buildTestApp({
      limits: { ...defaultLimits(), loginFailuresPerAddress: 100, loginFailuresPerAccount: 100 },
    });
    const { body } = await signUp(t.app);
    const network = freshIp();
    for (let round = 0; round < 2; round += 1) {
      for (let i = 0; i < 9; i += 1) {
        expect(
          (await signIn(t.app, { email: body.email, password: 'wrong password' }, { ip: network })).statusCode,
        ).toBe(401);
      }
      expect((await signIn(t.app, { email: body.email, password: PASSWORD }, { ip: network })).statusCode).toBe(200);
    }
    // 18 failures so far, none since the last login: 10 more are allowed, the 11th is not.
    for (let i = 0; i < 10; i += 1) {
      expect((await signIn(t.app, { email: body.email, password: 'wrong password' }, { ip: network })).statusCode).toBe(
        401,
      );
    }
    expectRateLimited(
      await signIn(t.app, { email: body.email, password: 'wrong password' }, { ip: network }),
      NETWORK_LOCK,
    );
  });

  it('hold against a burst of guesses sent all at once', async () => {
    t = await sharedApp();
    const { body } = await signUp(t.app);
    const ip = freshIp();
    const guesses = await Promise.all(
      Array.from({ length: 30 }, (_, i) => signIn(t.app, { email: body.email, password: `guess ${i}` }, { ip })),
    );
    const statuses = guesses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 401)).toHaveLength(10);
    expect(statuses.filter((status) => status === 429)).toHaveLength(20);
    // The right password, in the same burst window, is refused too, but only from that network.
    expect((await signIn(t.app, { email: body.email, password: PASSWORD }, { ip })).statusCode).toBe(429);
    expect((await signIn(t.app, { email: body.email, password: PASSWORD }, { ip: freshIp() })).statusCode).toBe(200);
  });
});

describe('login failures on one account from many networks', () => {
  it('give each network only 3 failures once the account has had 10, and never refuse a clean network', async () => {
    t = await sharedApp();
    const { body } = await signUp(t.app);
    await failFromManyNetworks(t.app, body.email, 10);

    const network = freshIp();
    for (let i = 0; i < 3; i += 1) {
      expect((await signIn(t.app, { email: body.email, password: `wrong ${i}` }, { ip: network })).statusCode).toBe(
        401,
      );
    }
    const fourth = await signIn(t.app, { email: body.email, password: 'wrong 3' }, { ip: network });
    expectRateLimited(fourth, UNDER_ATTACK);
    expect(errorOf(fourth).message).toContain('in 15 minutes');
    // That network is out for the window, the right password too...
    expectRateLimited(await signIn(t.app, { email: body.email, password: PASSWORD }, { ip: network }), UNDER_ATTACK);
    // ...but a network with no failures gets in with it.
    const owner = await signIn(t.app, { email: body.email, password: PASSWORD }, { ip: freshIp() });
    expect(owner.statusCode).toBe(200);
    expect(owner.json<Me>().account?.email).toBe(body.email);

    t.clock.advance(FIFTEEN_MINUTES);
    expect((await signIn(t.app, { email: body.email, password: PASSWORD }, { ip: network })).statusCode).toBe(200);
  });

  it("give back only a successful login's own attempt: other networks' failures still count", async () => {
    t = await sharedApp();
    const { body } = await signUp(t.app);
    await failFromManyNetworks(t.app, body.email, 9);
    expect((await signIn(t.app, { email: body.email, password: PASSWORD })).statusCode).toBe(200);
    // The 10th failure on the account, so the 11th network gets only 3.
    await failFromManyNetworks(t.app, body.email, 1);
    const network = freshIp();
    for (let i = 0; i < 3; i += 1) {
      expect((await signIn(t.app, { email: body.email, password: `wrong ${i}` }, { ip: network })).statusCode).toBe(
        401,
      );
    }
    expectRateLimited(await signIn(t.app, { email: body.email, password: 'wrong 3' }, { ip: network }), UNDER_ATTACK);
  });

  it('hold a burst from many networks at once to 10 failures plus 3 per network', async () => {
    t = await sharedApp();
    const { body } = await signUp(t.app);
    const networks = Array.from({ length: 10 }, () => freshIp());
    const guesses = await Promise.all(
      networks.flatMap((ip) =>
        Array.from({ length: 10 }, (_, i) => signIn(t.app, { email: body.email, password: `guess ${i}` }, { ip })),
      ),
    );
    const failures = guesses.filter((response) => response.statusCode === 401).length;
    expect(guesses.filter((response) => response.statusCode === 429)).toHaveLength(100 - failures);
    // Every network gets its 3; only the first 10 failures on the account may come on top.
    expect(failures).toBeGreaterThanOrEqual(30);
    expect(failures).toBeLessThanOrEqual(40);
  });

  it('never keep the admin out from a clean network', async () => {
    t = await sharedApp();
    await failFromManyNetworks(t.app, TEST_ADMIN.email, 10);
    const network = freshIp();
    for (let i = 0; i < 12; i += 1) {
      await signIn(t.app, { email: TEST_ADMIN.email, password: `wrong ${i}`, role: 'admin' }, { ip: network });
    }
    expect(
      (await signIn(t.app, { ...TEST_ADMIN, role: 'admin' }, { ip: network })).statusCode,
      'the guessing network is refused',
    ).toBe(429);

    const admin = await signIn(t.app, { ...TEST_ADMIN, role: 'admin' }, { ip: freshIp() });
    expect(admin.statusCode).toBe(200);
    expect(admin.json<Me>().account).toMatchObject({ email: TEST_ADMIN.email, isAdmin: true });
  });
});

describe('login failures from one network on any accounts', () => {
  it('count one IPv6 /64 as one network', async () => {
    t = await sharedApp();
    for (let i = 0; i < 20; i += 1) {
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

  it('lock one network after 20 failures across different accounts', async () => {
    t = await sharedApp();
    const attacker = '203.0.113.66';
    const { body } = await signUp(t.app);
    for (let i = 0; i < 20; i += 1) {
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
    t = await sharedApp();
    expect(t.config.trustProxy).toBe(false);
    const attacker = '203.0.113.77';
    const { body } = await signUp(t.app);
    for (let i = 0; i < 20; i += 1) {
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
    for (let i = 0; i < 20; i += 1) {
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
    t = await sharedApp();
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
    t = await sharedApp();
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
  const EMAIL_LIMIT = 'Too many reset emails were asked for this email address from your network.';

  it('send at most 3 emails per email and network per 15 minutes, the same for an unknown email', async () => {
    t = await sharedApp();
    const { body } = await signUp(t.app);
    const unknown = uniqueEmail('nobody');
    const network = freshIp();
    for (let i = 0; i < 3; i += 1) {
      expect((await request(body.email, network)).statusCode).toBe(200);
      expect((await request(unknown, network)).statusCode).toBe(200);
    }
    const known4 = await request(body.email.toUpperCase(), network);
    const unknown4 = await request(unknown, network);
    expectRateLimited(known4, EMAIL_LIMIT);
    expect(unknown4.statusCode).toBe(known4.statusCode);
    expect(unknown4.json()).toEqual(known4.json());

    // Every queued message is sent by sentMail(): one from a refused request would be among these.
    const other = await signUp(t.app);
    expect((await request(other.body.email, network)).statusCode).toBe(200);
    const sent = (await t.sentMail()).map((m) => m.to);
    expect(sent.sort((a, b) => a.localeCompare(b))).toEqual(
      [body.email, body.email, body.email, other.body.email].sort((a, b) => a.localeCompare(b)),
    );
  });

  it('let the owner ask from her own network after another network used up its limits', async () => {
    t = await sharedApp();
    const { body } = await signUp(t.app);
    const attacker = freshIp();
    for (let i = 0; i < 3; i += 1) expect((await request(body.email, attacker)).statusCode).toBe(200);
    expectRateLimited(await request(body.email, attacker), EMAIL_LIMIT);
    for (let i = 0; i < 7; i += 1) expect((await request(uniqueEmail(), attacker)).statusCode).toBe(200);
    expectRateLimited(await request(uniqueEmail(), attacker), 'Too many reset requests from your network.');
    expectRateLimited(await request(body.email, attacker), 'Too many reset requests from your network.');

    const owner = await request(body.email, freshIp());
    expect(owner.statusCode).toBe(200);
    expect((await t.sentMail()).filter((m) => m.to === body.email)).toHaveLength(4);
  });

  it('count no email across networks: one email asked for from many networks is sent every time', async () => {
    t = await sharedApp();
    const { body } = await signUp(t.app);
    for (let i = 0; i < 6; i += 1) expect((await request(body.email, freshIp())).statusCode).toBe(200);
    expect(await t.sentMail()).toHaveLength(6);
  });

  it('allow the email from that network again after the window', async () => {
    t = await sharedApp();
    const { body } = await signUp(t.app);
    const network = freshIp();
    for (let i = 0; i < 3; i += 1) expect((await request(body.email, network)).statusCode).toBe(200);
    expect((await request(body.email, network)).statusCode).toBe(429);
    t.clock.advance(FIFTEEN_MINUTES);
    expect((await request(body.email, network)).statusCode).toBe(200);
    expect(await t.sentMail()).toHaveLength(4);
  });

  it('allow 10 per network per 15 minutes, whatever the addresses', async () => {
    t = await sharedApp();
    const network = '203.0.113.90';
    for (let i = 0; i < 10; i += 1) expect((await request(uniqueEmail(), network)).statusCode).toBe(200);
    expectRateLimited(await request(uniqueEmail(), network), 'Too many reset requests from your network.');
    expect((await request(uniqueEmail(), '198.51.100.11')).statusCode).toBe(200);
  });

  it('limit attempts to use reset links per network', async () => {
    t = await sharedApp();
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

describe('configured limits', () => {
  const lowered = (): AbuseLimits => ({
    ...defaultLimits(),
    loginFailuresPerAddress: 5,
    loginFailuresPerAccountAndAddress: 4,
    loginFailuresPerAccount: 2,
    signUpsPerAddress: 1,
    resetRequestsPerAddress: 2,
    resetRequestsPerEmailAndAddress: 1,
    passwordResetsPerAddress: 1,
  });

  it('are the ones the login limits count to', async () => {
    t = await buildTestApp({ limits: lowered() });
    const { body } = await signUp(t.app);
    const network = freshIp();
    // LOGIN_FAILURES_PER_ACCOUNT_AND_ADDRESS=4, with LOGIN_FAILURES_PER_ACCOUNT=2 reached on the way.
    for (let i = 0; i < 3; i += 1) {
      expect((await signIn(t.app, { email: body.email, password: `wrong ${i}` }, { ip: network })).statusCode).toBe(
        401,
      );
    }
    // Under attack since the 2nd failure, so 3 per network, not 4.
    expectRateLimited(await signIn(t.app, { email: body.email, password: 'wrong 3' }, { ip: network }), UNDER_ATTACK);
    expect((await signIn(t.app, { email: body.email, password: PASSWORD }, { ip: freshIp() })).statusCode).toBe(200);

    // LOGIN_FAILURES_PER_ADDRESS=5: two more failures on other accounts fill the network.
    for (let i = 0; i < 2; i += 1) {
      expect((await signIn(t.app, { email: uniqueEmail(), password: PASSWORD }, { ip: network })).statusCode).toBe(401);
    }
    expectRateLimited(
      await signIn(t.app, { email: uniqueEmail(), password: PASSWORD }, { ip: network }),
      'Too many failed logins from your network.',
    );
  });

  it('lock an account from one network at LOGIN_FAILURES_PER_ACCOUNT_AND_ADDRESS when it is not under attack', async () => {
    t = await buildTestApp({
      limits: { ...lowered(), loginFailuresPerAccountAndAddress: 2, loginFailuresPerAccount: 50 },
    });
    const { body } = await signUp(t.app);
    const network = freshIp();
    for (let i = 0; i < 2; i += 1) {
      expect((await signIn(t.app, { email: body.email, password: `wrong ${i}` }, { ip: network })).statusCode).toBe(
        401,
      );
    }
    expectRateLimited(await signIn(t.app, { email: body.email, password: PASSWORD }, { ip: network }), NETWORK_LOCK);
  });

  it('are the ones sign-ups and password resets count to', async () => {
    t = await buildTestApp({ limits: lowered() });
    const network = freshIp();
    const payload = () => ({ role: 'fan', name: 'Meera', email: uniqueEmail(), password: PASSWORD });
    expect((await postSignUp(t.app, payload(), network)).statusCode).toBe(200);
    expectRateLimited(await postSignUp(t.app, payload(), network), 'Too many sign-ups from your network.');

    const requestReset = (email: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/request-password-reset',
        payload: { email },
        remoteAddress: network,
      });
    const email = uniqueEmail();
    expect((await requestReset(email)).statusCode).toBe(200);
    expectRateLimited(
      await requestReset(email),
      'Too many reset emails were asked for this email address from your network.',
    );
    expect((await requestReset(uniqueEmail())).statusCode).toBe(200);
    expectRateLimited(await requestReset(uniqueEmail()), 'Too many reset requests from your network.');

    const useLink = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/reset-password',
        payload: { token: 'guessedtoken000000000000', newPassword: 'a fine new passphrase' },
        remoteAddress: network,
      });
    expect(errorOf(await useLink()).code).toBe('RESET_LINK_INVALID');
    expectRateLimited(await useLink(), 'Too many password resets from your network.');
  });
});
