import { type CreatorPage, creatorPage, type StudioContent } from '@kholo/contracts';
import { createHmac } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectDatabase } from '../src/db/connect.js';
import { verifiedCookies } from '../src/features/accounts/session.js';
import { createCreatorPageRepository, createCreatorPages } from '../src/features/creators/index.js';
import { startApp } from '../src/start-up.js';
import { freshIp, signUp } from './accounts-helpers.js';
import { adminCookie, getAs, grantUnlock, uploadItem } from './content-helpers.js';
import { buildTestApp, CapturingMailer, testLogger, type TestApp } from './test-app.js';

/**
 * The creator page's cache (ADR 026): every write that changes what her page shows is seen on the
 * next request, by this process and by a second one on the same database; the viewer's part
 * (her unlocks, her session) is never cached.
 */
let t: TestApp;
/** A second app on the same database, with its own connection and its own cache: another process. */
let other: { app: FastifyInstance; close: () => Promise<void> };
let admin: string;

beforeAll(async () => {
  t = await buildTestApp();
  const database = connectDatabase(t.config.database, testLogger);
  const app = await startApp({
    config: t.config,
    database,
    clock: t.clock,
    mailer: new CapturingMailer(),
    runJobs: false,
    paymentTiming: { timeoutMs: 2000, retryDelaysMs: [0, 0] },
  });
  other = {
    app,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
  admin = await adminCookie(t.app);
});
afterAll(async () => {
  await other.close();
  await t.close();
});

async function newCreator(name: string) {
  const signedUp = await signUp(t.app, { name });
  return { id: signedUp.me.account!.id, cookie: signedUp.cookie, handle: signedUp.me.creator!.handle };
}

async function newFan() {
  const signedUp = await signUp(t.app, { role: 'fan', name: 'Ravi Kumar' });
  return { id: signedUp.me.account!.id, cookie: signedUp.cookie };
}

/** The page from `app`, checked to be exactly the bytes the contract's parse and JSON.stringify give. */
async function pageFrom(app: FastifyInstance, username: string, cookie?: string): Promise<CreatorPage> {
  const response = await getAs(app, `/api/creators/${encodeURIComponent(username)}`, cookie);
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
  expect(response.headers['cache-control']).toBe('private, no-store');
  const parsed = response.json<CreatorPage>();
  expect(response.body).toBe(JSON.stringify(creatorPage.parse(parsed)));
  return parsed;
}

async function statusFrom(app: FastifyInstance, username: string, cookie?: string): Promise<number> {
  return (await getAs(app, `/api/creators/${encodeURIComponent(username)}`, cookie)).statusCode;
}

const bothApps = () => [t.app, other.app];

function post(app: FastifyInstance, url: string, cookie: string, payload: object) {
  return app.inject({ method: 'POST', url, headers: { cookie }, payload, remoteAddress: freshIp() });
}

describe('the answer', () => {
  it('is the contract parse of itself, byte for byte, for a visitor, a fan, the owner and the admin', async () => {
    const creator = await newCreator('Anita Bytes');
    const items: StudioContent[] = [];
    for (const title of ['One', 'Two', 'Three', 'Four']) {
      items.push(await uploadItem(t.app, creator.cookie, { title: `${title} "quoted" \u2028 ✓` }));
      t.clock.advance(60_000);
    }
    const fan = await newFan();
    const now = t.clock.now();
    // One running, one that ran its 14 days out.
    await grantUnlock(t.database, fan.id, items[0]!.id, now - 1000);
    await grantUnlock(t.database, fan.id, items[1]!.id, now - 20 * 24 * 60 * 60 * 1000);
    for (const app of bothApps()) {
      for (const cookie of [undefined, fan.cookie, creator.cookie, admin]) {
        // Twice: once filling the cache, once from it.
        expect(await pageFrom(app, creator.handle, cookie)).toEqual(await pageFrom(app, creator.handle, cookie));
      }
    }
    const fanPage = await pageFrom(t.app, creator.handle, fan.cookie);
    const kinds = Object.fromEntries(fanPage.items.map((item) => [item.id, item.access]));
    expect(kinds[items[0]!.id]).toMatchObject({ kind: 'unlocked', daysLeft: 14 });
    expect(kinds[items[1]!.id]).toMatchObject({ kind: 'locked' });
    expect(kinds[items[1]!.id]).not.toEqual({ kind: 'locked', accessEndedAt: null });
    const visitor = await pageFrom(t.app, creator.handle);
    expect(visitor.items).toHaveLength(3);
    expect(visitor.totalCount).toBe(4);
  });
});

describe('every write that changes her page shows on the next request, on both processes', () => {
  let creator: Awaited<ReturnType<typeof newCreator>>;
  let items: StudioContent[];
  let fan: Awaited<ReturnType<typeof newFan>>;

  beforeAll(async () => {
    creator = await newCreator('Kavya Cache');
    items = [await uploadItem(t.app, creator.cookie, { title: 'First' })];
    fan = await newFan();
    // Both processes hold her page now.
    for (const app of bothApps()) await pageFrom(app, creator.handle, fan.cookie);
  });

  async function seenEverywhere(check: (page: CreatorPage) => void) {
    for (const app of bothApps()) {
      for (const cookie of [undefined, fan.cookie]) check(await pageFrom(app, creator.handle, cookie));
    }
  }

  it('a profile edit: name and bio', async () => {
    const response = await t.app.inject({
      method: 'PATCH',
      url: '/api/studio/profile',
      headers: { cookie: creator.cookie },
      payload: { name: 'Kavya Renamed', bio: 'Street photos' },
    });
    expect(response.statusCode, response.body).toBe(200);
    await seenEverywhere((page) => {
      expect(page.creator.name).toBe('Kavya Renamed');
      expect(page.creator.bio).toBe('Street photos');
    });
  });

  it('a handle change: the new address answers at once on both', async () => {
    const response = await other.app.inject({
      method: 'PATCH',
      url: '/api/studio/profile',
      headers: { cookie: creator.cookie },
      payload: { handle: 'kavya-new' },
    });
    expect(response.statusCode, response.body).toBe(200);
    creator.handle = 'kavya-new';
    await seenEverywhere((page) => {
      expect(page.creator.handle).toBe('kavya-new');
    });
    // By id too, and the old one points to the new.
    expect((await pageFrom(t.app, creator.id)).creator.handle).toBe('kavya-new');
  });

  it('uploads at once by one creator all land, each raising her version (no deadlock on PostgreSQL)', async () => {
    const busy = await newCreator('Meera Parallel');
    const before = await pageFrom(t.app, busy.handle, busy.cookie);
    const titles = Array.from({ length: 10 }, (_, index) => `Monsoon ${index + 1}`);
    const uploaded = await Promise.all(titles.map((title) => uploadItem(t.app, busy.cookie, { title })));
    expect(uploaded.map((item) => item.title).sort()).toEqual([...titles].sort());
    for (const app of bothApps()) {
      const page = await pageFrom(app, busy.handle, busy.cookie);
      expect(page.totalCount).toBe(before.totalCount + titles.length);
    }
    const row = await t.database.db
      .selectFrom('creators')
      .select('contentVersion')
      .where('userId', '=', busy.id)
      .executeTakeFirstOrThrow();
    expect(row.contentVersion).toBeGreaterThanOrEqual(titles.length);
  });

  it('an upload, an edit of its title and price, and a delete', async () => {
    t.clock.advance(60_000);
    const added = await uploadItem(other.app, creator.cookie, { title: 'Second' });
    items.push(added);
    await seenEverywhere((page) => {
      expect(page.items.map((item) => item.title)).toEqual(['Second', 'First']);
    });
    const edited = await t.app.inject({
      method: 'PATCH',
      url: `/api/studio/contents/${added.id}`,
      headers: { cookie: creator.cookie },
      payload: { title: 'Second, renamed', pricePaise: 12_300 },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    await seenEverywhere((page) => {
      expect(page.items[0]).toMatchObject({ title: 'Second, renamed', pricePaise: 12_300 });
    });
    const deleted = await other.app.inject({
      method: 'DELETE',
      url: `/api/studio/contents/${added.id}`,
      headers: { cookie: creator.cookie },
    });
    expect(deleted.statusCode).toBe(204);
    await seenEverywhere((page) => {
      expect(page.items.map((item) => item.title)).toEqual(['First']);
      expect(page.totalCount).toBe(1);
    });
  });

  it('the admin hiding an item and showing it again', async () => {
    const hidden = await post(t.app, '/api/admin/contents/hide', admin, {
      id: items[0]!.id,
      reason: 'Breaks the Terms',
    });
    expect(hidden.statusCode, hidden.body).toBe(200);
    await seenEverywhere((page) => {
      expect(page.items).toEqual([]);
    });
    const shown = await post(other.app, '/api/admin/contents/unhide', admin, { id: items[0]!.id });
    expect(shown.statusCode, shown.body).toBe(200);
    await seenEverywhere((page) => {
      expect(page.items.map((item) => item.id)).toEqual([items[0]!.id]);
    });
  });

  it('a report holding an item (the safety queue) takes it off her page on both', async () => {
    const reported = await t.app.inject({
      method: 'POST',
      url: '/api/reports',
      // The lane that holds an item out of view while Kholo looks (ADR 023).
      payload: { contentId: items[0]!.id, reason: 'child_safety' },
      remoteAddress: freshIp(),
    });
    expect(reported.statusCode, reported.body).toBeLessThan(300);
    expect(reported.json<{ held: boolean }>().held).toBe(true);
    await seenEverywhere((page) => {
      expect(page.items.map((item) => item.id)).not.toContain(items[0]!.id);
    });
  });

  it('a payment that just settled shows as unlocked at once, on both', async () => {
    const creatorTwo = await newCreator('Payal Fresh');
    const item = await uploadItem(t.app, creatorTwo.cookie, { title: 'Fresh' });
    for (const app of bothApps()) {
      const page = await pageFrom(app, creatorTwo.handle, fan.cookie);
      expect(page.items[0]!.access.kind).toBe('locked');
    }
    // As settlement writes it: the unlock row and nothing on the creator's row.
    await grantUnlock(t.database, fan.id, item.id, t.clock.now());
    for (const app of bothApps()) {
      const page = await pageFrom(app, creatorTwo.handle, fan.cookie);
      expect(page.items[0]!.access.kind).toBe('unlocked');
      expect(page.items[0]!.media).not.toBeNull();
    }
  });

  it('a suspension and its end', async () => {
    const suspended = await post(t.app, '/api/admin/creators/suspend', admin, {
      id: creator.id,
      reason: 'Breaks the Terms',
    });
    expect(suspended.statusCode, suspended.body).toBe(200);
    for (const app of bothApps()) expect(await statusFrom(app, creator.handle, fan.cookie)).toBe(404);
    const reinstated = await post(other.app, '/api/admin/creators/reinstate', admin, { id: creator.id });
    expect(reinstated.statusCode, reinstated.body).toBe(200);
    for (const app of bothApps()) expect(await statusFrom(app, creator.handle, fan.cookie)).toBe(200);
  });

  it('her account deletion: gone on both, by handle and by id', async () => {
    const leaving = await newCreator('Leela Leaving');
    await uploadItem(t.app, leaving.cookie, { title: 'Goodbye' });
    for (const app of bothApps()) await pageFrom(app, leaving.id);
    const signedUp = await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: leaving.cookie } });
    const email = signedUp.json<{ account: { email: string } }>().account.email;
    const deleted = await post(other.app, '/api/account/delete', leaving.cookie, { confirmEmail: email });
    expect(deleted.statusCode, deleted.body).toBe(200);
    for (const app of bothApps()) {
      expect(await statusFrom(app, leaving.id)).toBe(404);
      expect(await statusFrom(app, leaving.handle)).toBe(404);
    }
  });
});

describe('the viewer’s own part stays live', () => {
  it('a session signed out on one process is signed out on the other at once', async () => {
    const creator = await newCreator('Sana Session');
    for (const title of ['A', 'B', 'C', 'D']) await uploadItem(t.app, creator.cookie, { title });
    const fan = await newFan();
    for (const app of bothApps()) expect((await pageFrom(app, creator.handle, fan.cookie)).items).toHaveLength(4);
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: { cookie: fan.cookie, origin: t.config.publicUrl },
    });
    expect(out.statusCode, out.body).toBe(200);
    // She is a visitor again on both: three items, not four.
    for (const app of bothApps()) expect((await pageFrom(app, creator.handle, fan.cookie)).items).toHaveLength(3);
  });

  it('a forged cookie is refused: the page answers as to a visitor, and nothing is remembered of it', async () => {
    const creator = await newCreator('Farah Forged');
    for (const title of ['A', 'B', 'C', 'D']) await uploadItem(t.app, creator.cookie, { title });
    const fan = await newFan();
    const [name, value] = fan.cookie.split('=') as [string, string];
    const decoded = decodeURIComponent(value);
    const token = decoded.slice(0, decoded.lastIndexOf('.'));
    // Her real token with a signature made up, and a made-up token with her real signature.
    const forgeries = [
      `${name}=${encodeURIComponent(`${token}.${Buffer.alloc(32, 7).toString('base64')}`)}`,
      `${name}=${encodeURIComponent(`${'x'.repeat(token.length)}${decoded.slice(decoded.lastIndexOf('.'))}`)}`,
    ];
    for (const forged of forgeries) {
      for (const app of bothApps()) expect((await pageFrom(app, creator.handle, forged)).items).toHaveLength(3);
    }
    expect((await pageFrom(t.app, creator.handle, fan.cookie)).items).toHaveLength(4);
  });
});

describe('bounds', () => {
  it('the verified-cookie cache holds only cookies that verified, and never more than its limit', () => {
    const secret = 'a-test-secret';
    const cookies = verifiedCookies(secret, 3);
    const sign = (token: string) =>
      encodeURIComponent(`${token}.${createHmac('sha256', secret).update(token).digest('base64')}`);
    expect(cookies.tokenOf('forged.AAAA')).toBeNull();
    expect(cookies.tokenOf(encodeURIComponent(`tok.${Buffer.alloc(32).toString('base64')}`))).toBeNull();
    expect(cookies.size).toBe(0);
    for (let index = 0; index < 10; index += 1) {
      expect(cookies.tokenOf(sign(`token-${index}`))).toBe(`token-${index}`);
      expect(cookies.size).toBeLessThanOrEqual(3);
    }
    expect(cookies.size).toBe(3);
    // The first ones left, and are verified again when they come back.
    expect(cookies.tokenOf(sign('token-0'))).toBe('token-0');
    expect(cookies.size).toBe(3);
  });

  it('the page cache keeps at most its size of creators', async () => {
    const pages = createCreatorPages({
      pages: createCreatorPageRepository(t.database.db),
      refuseGivenUpHandle: () => Promise.resolve(),
      items: {
        readShared: () => Promise.resolve(null),
        itemsFor: () => Promise.resolve({ items: [], totalCount: 0 }),
        itemsJsonFor: () => Promise.resolve('"items":[],"totalCount":0'),
      },
      clock: t.clock,
      cacheSize: 2,
    });
    const creators = [await newCreator('Bina One'), await newCreator('Bina Two'), await newCreator('Bina Three')];
    for (const creator of [...creators, ...creators]) {
      expect((await pages.pageFor(creator.handle, null)).creator.id).toBe(creator.id);
      expect(pages.cachedCreators()).toBeLessThanOrEqual(2);
    }
    expect(pages.cachedCreators()).toBe(2);
  });
});
