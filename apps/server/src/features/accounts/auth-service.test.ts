import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMigratedTestDatabase, FakeClock } from '../../../test/test-app.js';
import { loadConfig } from '../../config.js';
import type { DatabaseHandle } from '../../db/connect.js';
import { clientKey } from '../../lib/rate-limits/client-key.js';
import { DatabaseRateLimitStore } from '../../lib/rate-limits/database-rate-limit-store.js';
import { type RateLimitStore, RateLimitStoreUnreachableError } from '../../lib/rate-limits/rate-limit-store.js';
import { createAccountsRepository } from './accounts-repository.js';
import type { EmailCodes } from './email-codes.js';
import type { AccountsService } from './accounts-service.js';
import type { Auth } from './auth.js';
import { createAuthLimits } from './auth-limits.js';
import { type AuthRequest, createAuthService, FAILURES_PER_NETWORK_UNDER_ATTACK } from './auth-service.js';

let database: DatabaseHandle;
let closeDatabase: () => Promise<void>;
let counts: DatabaseRateLimitStore;
beforeAll(async () => {
  ({ database, close: closeDatabase } = await createMigratedTestDatabase());
  counts = new DatabaseRateLimitStore(database.db);
});
afterAll(() => closeDatabase());

const unreachable = () => new RateLimitStoreUnreachableError({ cause: new Error('Connection is closed.') });

/**
 * The shared store, except that the `failingHit`-th hit (1 is the first) and, once told, every
 * give-back fail as a store going away would: between an attempt's two counts.
 */
function storeFailing(options: { failingHit: number; giveBackFails?: boolean }): RateLimitStore {
  let hits = 0;
  return {
    hit: (key, limit, now) => {
      hits += 1;
      return hits === options.failingHit ? Promise.reject(unreachable()) : counts.hit(key, limit, now);
    },
    peek: (key, now) => counts.peek(key, now),
    giveBack: (key, now) =>
      options.giveBackFails === true ? Promise.reject(unreachable()) : counts.giveBack(key, now),
    forget: (key) => counts.forget(key),
    close: () => Promise.resolve(),
  };
}

/** The defaults (README "Limits"). */
const LIMITS = loadConfig({}).limits;

let addressNumber = 0;
function requestFrom(): AuthRequest & { ip: string } {
  addressNumber += 1;
  return { headers: new Headers(), ip: `203.0.113.${addressNumber}`, previous: () => Promise.resolve(null) };
}

function serviceOver(store: RateLimitStore) {
  const clock = new FakeClock();
  return createAuthService({
    // Never reached: every attempt here ends at the limits, before a password is looked at.
    auth: {} as Auth,
    accounts: {} as AccountsService,
    accountsRepository: createAccountsRepository(database.db),
    limits: createAuthLimits(store, clock, LIMITS),
    emailCodes: {} as EmailCodes,
    logger: { warn: () => undefined },
  });
}

async function countedFor(limit: string, key: string): Promise<number> {
  return (await counts.peek(`${limit}:${key}`, new FakeClock().now()))?.count ?? 0;
}

const SIGN_IN_UNAVAILABLE = {
  code: 'SERVICE_UNAVAILABLE',
  statusCode: 503,
  message: 'Signing in is briefly unavailable. Please try again in a minute.',
};

describe('the accounts limits when the store goes away between an attempt’s two counts', () => {
  it('a sign-in gets the 503 and its network gets its attempt back', async () => {
    const request = requestFrom();
    const service = serviceOver(storeFailing({ failingHit: 2 }));
    await expect(
      service.signIn({ email: 'meera@example.com', password: 'a-long-password', role: 'fan' }, request),
    ).rejects.toMatchObject(SIGN_IN_UNAVAILABLE);
    expect(await countedFor('login-failures-ip', clientKey(request.ip))).toBe(0);
  });

  it('a sign-in whose (account, network) count fails gets the 503, and both earlier counts are given back', async () => {
    const request = requestFrom();
    const email = 'asha@example.com';
    const service = serviceOver(storeFailing({ failingHit: 3 }));
    await expect(service.signIn({ email, password: 'a-long-password', role: 'fan' }, request)).rejects.toMatchObject(
      SIGN_IN_UNAVAILABLE,
    );
    expect(await countedFor('login-failures-ip', clientKey(request.ip))).toBe(0);
    expect(await countedFor('login-failures-account', email)).toBe(0);
  });

  it('a reset request gets the 503 and its network gets its attempt back', async () => {
    const request = requestFrom();
    const service = serviceOver(storeFailing({ failingHit: 2 }));
    await expect(service.requestPasswordReset('meera@example.com', request)).rejects.toMatchObject({
      code: 'SERVICE_UNAVAILABLE',
      statusCode: 503,
      message: 'Password reset is briefly unavailable. Please try again in a minute.',
    });
    expect(await countedFor('reset-requests-ip', clientKey(request.ip))).toBe(0);
  });

  it('a sign-in refused by the (account, network) limit whose give-back fails gets the 503, not a 500', async () => {
    const email = 'locked@example.com';
    const request = requestFrom();
    const service = serviceOver(storeFailing({ failingHit: 0, giveBackFails: true }));
    const limits = createAuthLimits(counts, new FakeClock(), LIMITS);
    for (let attempt = 0; attempt < LIMITS.loginFailuresPerAccountAndAddress; attempt += 1) {
      await limits.loginFailuresByAccountAndAddress.record(`${clientKey(request.ip)} ${email}`);
    }
    await expect(service.signIn({ email, password: 'a-long-password', role: 'fan' }, request)).rejects.toMatchObject(
      SIGN_IN_UNAVAILABLE,
    );
  });
});

describe('the login limits of an account under attack', () => {
  const email = 'targeted@example.com';
  const signIn = (service: ReturnType<typeof serviceOver>, request: AuthRequest) =>
    service.signIn({ email, password: 'a-long-password', role: 'fan' }, request);

  it('stop counting the account once it is full and give no account-wide count back on refusal', async () => {
    const limits = createAuthLimits(counts, new FakeClock(), LIMITS);
    for (let attempt = 0; attempt < LIMITS.loginFailuresPerAccount; attempt += 1) {
      await limits.loginFailuresByAccount.record(email);
    }
    const request = requestFrom();
    const pairKey = `${clientKey(request.ip)} ${email}`;
    for (let attempt = 0; attempt < FAILURES_PER_NETWORK_UNDER_ATTACK; attempt += 1) {
      await limits.loginFailuresByAccountAndAddress.record(pairKey);
    }
    const service = serviceOver(counts);
    await expect(signIn(service, request)).rejects.toMatchObject({
      code: 'RATE_LIMITED',
      message:
        'This account has had many failed logins, so each network may try only 3 times for now. Please try again in 15 minutes.',
    });
    // The refusal gave the network its attempt back and left the account-wide count full, not one short.
    expect(await countedFor('login-failures-ip', clientKey(request.ip))).toBe(0);
    expect(await countedFor('login-failures-account', email)).toBe(LIMITS.loginFailuresPerAccount);
    expect(await countedFor('login-failures-account-ip', pairKey)).toBe(FAILURES_PER_NETWORK_UNDER_ATTACK);
  });
});
