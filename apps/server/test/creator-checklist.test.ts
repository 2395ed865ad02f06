import type { CreatorProfile, Me } from '@kholo/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorOf, getMe, signUp } from './accounts-helpers.js';
import { buildTestApp, type TestApp } from './test-app.js';

const ROUTE = '/api/studio/checklist/instagram-bio-done';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

function tick(cookie: string | null) {
  return t.app.inject({ method: 'POST', url: ROUTE, headers: cookie === null ? {} : { cookie } });
}

async function doneAt(userId: string): Promise<number | null> {
  const row = await t.database.db
    .selectFrom('creators')
    .select('instagramBioDoneAt')
    .where('userId', '=', userId)
    .executeTakeFirstOrThrow();
  return row.instagramBioDoneAt;
}

describe(`POST ${ROUTE}`, () => {
  it('starts undone, and once ticked her profile (and /api/me on any phone) says so', async () => {
    const { cookie, me } = await signUp(t.app, { name: 'Priya Sharma' });
    expect(me.creator?.instagramBioDone).toBe(false);

    const response = await tick(cookie);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const profile = response.json<CreatorProfile>();
    expect(profile).toMatchObject({ id: me.account!.id, handle: 'priya-sharma', instagramBioDone: true });
    expect(await doneAt(me.account!.id)).toBe(t.clock.now());
    expect((await getMe(t.app, cookie)).json<Me>().creator?.instagramBioDone).toBe(true);
  });

  it('is idempotent: a second tick (a double tap, a retry) answers the same and keeps the first time', async () => {
    const { cookie, me } = await signUp(t.app, { name: 'Kabir Rao' });
    const first = await tick(cookie);
    const firstAt = await doneAt(me.account!.id);
    t.clock.advance(60_000);
    const [second, third] = await Promise.all([tick(cookie), tick(cookie)]);
    expect([first.statusCode, second.statusCode, third.statusCode]).toEqual([200, 200, 200]);
    expect(second.json()).toEqual(first.json());
    expect(third.json()).toEqual(first.json());
    expect(await doneAt(me.account!.id)).toBe(firstAt);
  });

  it('refuses a visitor with 401 and changes nothing', async () => {
    const response = await tick(null);
    expect(response.statusCode).toBe(401);
    expect(errorOf(response).code).toBe('UNAUTHENTICATED');
  });

  it('refuses a fan with 403: she has no checklist', async () => {
    const { cookie } = await signUp(t.app, { role: 'fan', name: 'Ravi Kumar' });
    const response = await tick(cookie);
    expect(response.statusCode).toBe(403);
    expect(errorOf(response).code).toBe('FORBIDDEN');
  });

  it("ticks only the signed-in creator's own step", async () => {
    const asha = await signUp(t.app, { name: 'Asha Verma' });
    const meera = await signUp(t.app, { name: 'Meera Joshi' });
    await tick(asha.cookie);
    expect(await doneAt(asha.me.account!.id)).not.toBeNull();
    expect(await doneAt(meera.me.account!.id)).toBeNull();
    expect((await getMe(t.app, meera.cookie)).json<Me>().creator?.instagramBioDone).toBe(false);
  });

  it('lets a suspended creator tick it too: it changes nothing anyone else sees', async () => {
    const { cookie, me } = await signUp(t.app, { name: 'Zoya Khan' });
    await t.database.db
      .updateTable('creators')
      .set({ suspendedAt: t.clock.now(), suspendedReason: 'Uploads broke the Terms' })
      .where('userId', '=', me.account!.id)
      .execute();
    const response = await tick(cookie);
    expect(response.statusCode).toBe(200);
    expect(response.json<CreatorProfile>()).toMatchObject({
      instagramBioDone: true,
      suspendedReason: 'Uploads broke the Terms',
    });
  });

  it('answers 404 to a GET: the step is only ever set by a POST', async () => {
    const { cookie } = await signUp(t.app, { name: 'Neha Gupta' });
    const response = await t.app.inject({ method: 'GET', url: ROUTE, headers: { cookie } });
    expect(response.statusCode).toBe(404);
  });
});
