import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMigratedTestDatabase, FakeClock } from '../../../test/test-app.js';
import type { DatabaseHandle } from '../../db/connect.js';
import { clientKey } from '../../lib/rate-limits/client-key.js';
import { DatabaseRateLimitStore } from '../../lib/rate-limits/database-rate-limit-store.js';
import { type RateLimitStore, RateLimitStoreUnreachableError } from '../../lib/rate-limits/rate-limit-store.js';
import type { AccountsService } from './accounts-service.js';
import type { Auth } from './auth.js';
import { type AuthRequest, createAuthLimits, createAuthService } from './auth-service.js';

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
    db: database.db,
    limits: createAuthLimits(store, clock),
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

  it('a sign-in refused by the account limit whose give-back fails gets the 503, not a 500', async () => {
    const email = 'locked@example.com';
    const service = serviceOver(storeFailing({ failingHit: 0, giveBackFails: true }));
    const lock = createAuthLimits(counts, new FakeClock()).loginFailuresByAccount;
    for (let attempt = 0; attempt < 10; attempt += 1) await lock.record(email);
    await expect(
      service.signIn({ email, password: 'a-long-password', role: 'fan' }, requestFrom()),
    ).rejects.toMatchObject(SIGN_IN_UNAVAILABLE);
  });
});
