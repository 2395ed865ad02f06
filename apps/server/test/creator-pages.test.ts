import type { CreatorPage, StudioContent } from '@kholo/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from './accounts-helpers.js';
import { adminCookie, getAs, grantUnlock, uploadItem } from './content-helpers.js';
import { buildTestApp, type TestApp } from './test-app.js';

let t: TestApp;
let creator: { id: string; cookie: string; handle: string };
let fan: { id: string; cookie: string };
/** Oldest first, as uploaded. */
let items: StudioContent[];

beforeAll(async () => {
  t = await buildTestApp();
  const signedUp = await signUp(t.app, { name: 'Meera Iyer' });
  creator = { id: signedUp.me.account!.id, cookie: signedUp.cookie, handle: signedUp.me.creator!.handle };
  const fanSignUp = await signUp(t.app, { role: 'fan', name: 'Ravi Kumar' });
  fan = { id: fanSignUp.me.account!.id, cookie: fanSignUp.cookie };
  items = [];
  for (const title of ['One', 'Two', 'Three', 'Four']) {
    items.push(await uploadItem(t.app, creator.cookie, { title }));
    t.clock.advance(60_000);
  }
});
afterAll(async () => {
  await t.close();
});

async function page(username: string, cookie?: string): Promise<CreatorPage> {
  const response = await getAs(t.app, `/api/creators/${encodeURIComponent(username)}`, cookie);
  expect(response.statusCode).toBe(200);
  expect(response.headers['cache-control']).toBe('private, no-store');
  return response.json<CreatorPage>();
}

const newestFirst = () => [...items].reverse().map((item) => item.id);

describe('the 3-item limit for visitors', () => {
  it('a visitor gets the 3 newest, all locked, and the total of 4', async () => {
    const visitor = await page(creator.handle);
    expect(visitor.creator).toEqual({
      id: creator.id,
      handle: 'meera-iyer',
      name: 'Meera Iyer',
      bio: null,
      avatarUrl: null,
    });
    expect(visitor.totalCount).toBe(4);
    expect(visitor.items.map((item) => item.id)).toEqual(newestFirst().slice(0, 3));
    for (const item of visitor.items) {
      expect(item.access).toEqual({ kind: 'locked', accessEndedAt: null });
      expect(item.media).toBeNull();
      expect(item.previewUrl).toBe(`/api/contents/${item.id}/preview`);
    }
  });

  it('a signed-in fan gets all 4, locked', async () => {
    const signedIn = await page(creator.handle, fan.cookie);
    expect(signedIn.totalCount).toBe(4);
    expect(signedIn.items.map((item) => item.id)).toEqual(newestFirst());
    expect(signedIn.items.every((item) => item.access.kind === 'locked')).toBe(true);
  });

  it('the owner and the admin get all 4 with their media', async () => {
    const own = await page(creator.handle, creator.cookie);
    expect(own.items.map((item) => item.access.kind)).toEqual(['owner', 'owner', 'owner', 'owner']);
    expect(own.items.every((item) => item.media !== null)).toBe(true);
    const asAdmin = await page(creator.handle, await adminCookie(t.app));
    expect(asAdmin.items.map((item) => item.access.kind)).toEqual(['admin', 'admin', 'admin', 'admin']);
  });

  it("a fan's unlock opens just that card", async () => {
    const oldest = items[0]!;
    await grantUnlock(t.database, fan.id, oldest.id, t.clock.now() - 1000);
    const signedIn = await page(creator.handle, fan.cookie);
    for (const item of signedIn.items) {
      if (item.id === oldest.id) {
        expect(item.access).toMatchObject({ kind: 'unlocked', daysLeft: 14 });
        expect(item.media).toEqual(oldest.media);
      } else {
        expect(item.access.kind).toBe('locked');
        expect(item.media).toBeNull();
      }
    }
  });
});

describe('finding a creator', () => {
  it('by handle, in any case', async () => {
    expect((await page('meera-iyer')).creator.id).toBe(creator.id);
    expect((await page('Meera-Iyer')).creator.id).toBe(creator.id);
  });

  it('by creator id', async () => {
    expect((await page(creator.id)).creator.handle).toBe('meera-iyer');
  });

  it('by lowercase name, even after the handle changed', async () => {
    const renamed = await signUp(t.app, { name: 'Lakshmi Nair' });
    const change = await t.app.inject({
      method: 'PATCH',
      url: '/api/studio/profile',
      payload: { handle: 'backwaters-lens' },
      headers: { cookie: renamed.cookie },
    });
    expect(change.statusCode).toBe(200);
    for (const name of ['lakshmi nair', 'Lakshmi Nair', 'LAKSHMI NAIR', '  lakshmi nair ']) {
      const found = await page(name);
      expect(found.creator).toMatchObject({ id: renamed.me.account!.id, handle: 'backwaters-lens' });
      expect(found).toMatchObject({ items: [], totalCount: 0 });
    }
    // Her old handle is hers for the cooling-off period, and says where she went.
    const old = await getAs(t.app, '/api/creators/lakshmi-nair');
    expect(old.statusCode).toBe(404);
    expect(old.json()).toEqual({
      error: {
        code: 'CREATOR_MOVED',
        message: 'This creator has a new address.',
        movedTo: { handle: 'backwaters-lens', name: 'Lakshmi Nair' },
      },
    });
  });

  it('when names repeat, the name finds the oldest profile', async () => {
    const older = await signUp(t.app, { name: 'Arjun Mehta' });
    t.clock.advance(1000);
    await signUp(t.app, { name: 'Arjun Mehta' });
    expect((await page('arjun mehta')).creator.id).toBe(older.me.account!.id);
  });

  it.each(['nobody-here', 'no such person', '00000000-0000-0000-0000-000000000000', 'admin'])(
    'unknown %j is 404',
    async (username) => {
      const response = await getAs(t.app, `/api/creators/${encodeURIComponent(username)}`);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'We could not find that creator.' } });
    },
  );

  it('a reserved word finds no one, even a creator with that name', async () => {
    const named: Record<string, { id: string; handle: string }> = {};
    for (const name of ['Support', 'Admin', 'Kholo']) {
      const signedUp = await signUp(t.app, { name });
      named[name] = { id: signedUp.me.account!.id, handle: signedUp.me.creator!.handle };
    }
    // Their automatic handles skip the reserved words; those still find them.
    expect(Object.values(named).map((creator) => creator.handle)).toEqual(['support-2', 'admin-2', 'kholo-2']);
    expect((await page('support-2')).creator.id).toBe(named['Support']!.id);
    for (const username of ['support', 'admin', 'kholo', 'Support', 'ADMIN', ' Kholo ', 'kholo ']) {
      const response = await getAs(t.app, `/api/creators/${encodeURIComponent(username)}`);
      expect(response.statusCode, username).toBe(404);
      expect(response.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'We could not find that creator.' } });
    }
  });

  it('a fan is not a creator: their id and name find nothing', async () => {
    expect((await getAs(t.app, `/api/creators/${fan.id}`)).statusCode).toBe(404);
    expect((await getAs(t.app, `/api/creators/${encodeURIComponent('ravi kumar')}`)).statusCode).toBe(404);
  });
});

describe('deleted items', () => {
  it('leave the public list, the count and the visitor cut; the next oldest moves up', async () => {
    const newest = items[3]!;
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/studio/contents/${newest.id}`,
      headers: { cookie: creator.cookie },
    });
    expect(removed.statusCode).toBe(204);

    const visitor = await page(creator.handle);
    expect(visitor.totalCount).toBe(3);
    expect(visitor.items.map((item) => item.id)).toEqual([items[2]!.id, items[1]!.id, items[0]!.id]);

    for (const cookie of [fan.cookie, creator.cookie]) {
      const signedIn = await page(creator.handle, cookie);
      expect(signedIn.totalCount).toBe(3);
      expect(signedIn.items.map((item) => item.id)).not.toContain(newest.id);
    }
    expect((await getAs(t.app, `/api/contents/${newest.id}`)).statusCode).toBe(404);
  });

  it('the summary counts only what is left', async () => {
    const studio = await getAs(t.app, '/api/studio/contents', creator.cookie);
    expect(studio.json<{ summary: { contentCount: number } }>().summary.contentCount).toBe(3);
  });

  it('below the visitor cut, a visitor sees every item and the total is exactly that many', async () => {
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/studio/contents/${items[2]!.id}`,
      headers: { cookie: creator.cookie },
    });
    expect(removed.statusCode).toBe(204);

    const visitor = await page(creator.handle);
    expect(visitor.totalCount).toBe(2);
    expect(visitor.items.map((item) => item.id)).toEqual([items[1]!.id, items[0]!.id]);
    const signedIn = await page(creator.handle, fan.cookie);
    expect(signedIn.totalCount).toBe(2);
  });
});
