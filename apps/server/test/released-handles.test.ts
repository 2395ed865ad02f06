import {
  CREATOR_PAGE_MESSAGES,
  type CreatorPage,
  type CreatorProfile,
  HANDLE_MESSAGES,
  type HandleAvailability,
} from '@kholo/contracts';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorOf, signUp } from './accounts-helpers.js';
import { adminCookie, getAs } from './content-helpers.js';
import { buildTestApp, type TestApp } from './test-app.js';

const DAY_MS = 24 * 60 * 60_000;
const COOLING_OFF_MS = 90 * DAY_MS;
const RECENTLY_USED = {
  code: 'HANDLE_TAKEN',
  message: HANDLE_MESSAGES.recentlyUsed,
  fields: { handle: HANDLE_MESSAGES.recentlyUsed },
};

interface Creator {
  id: string;
  cookie: string;
  handle: string;
}

async function newCreator(t: TestApp, name: string): Promise<Creator> {
  const signedUp = await signUp(t.app, { name });
  return { id: signedUp.me.account!.id, cookie: signedUp.cookie, handle: signedUp.me.creator!.handle };
}

function changeHandle(t: TestApp, creator: Creator, handle: string): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method: 'PATCH',
    url: '/api/studio/profile',
    payload: { handle },
    headers: { cookie: creator.cookie },
  });
}

async function availability(t: TestApp, creator: Creator, handle: string): Promise<HandleAvailability> {
  const response = await getAs(t.app, `/api/studio/handle-availability?handle=${handle}`, creator.cookie);
  expect(response.statusCode).toBe(200);
  return response.json<HandleAvailability>();
}

function pageOf(t: TestApp, username: string): Promise<LightMyRequestResponse> {
  return getAs(t.app, `/api/creators/${encodeURIComponent(username)}`);
}

async function pageCreatorId(t: TestApp, username: string): Promise<string> {
  const response = await pageOf(t, username);
  expect(response.statusCode).toBe(200);
  return response.json<CreatorPage>().creator.id;
}

function movedTo(handle: string, name: string) {
  return { error: { code: 'CREATOR_MOVED', message: CREATOR_PAGE_MESSAGES.moved, movedTo: { handle, name } } };
}

const GONE = { error: { code: 'CREATOR_GONE', message: CREATOR_PAGE_MESSAGES.gone } };

async function holds(t: TestApp) {
  return t.database.db.selectFrom('releasedHandles').selectAll().orderBy('handle').execute();
}

describe('a handle a creator gives up, with the default 90-day cooling-off', () => {
  let t: TestApp;
  let priya: Creator;
  let kabir: Creator;
  let releasedAt: number;
  let pinkReleasedAt: number;

  beforeAll(async () => {
    t = await buildTestApp();
    priya = await newCreator(t, 'Priya Sharma');
    kabir = await newCreator(t, 'Kabir Rao');
  });
  afterAll(async () => {
    await t.close();
  });

  it('is recorded with her and the moment, in the change itself', async () => {
    releasedAt = t.clock.now();
    const response = await changeHandle(t, priya, 'pink-city-lens');
    expect(response.statusCode).toBe(200);
    expect(response.json<CreatorProfile>().handle).toBe('pink-city-lens');
    expect(await holds(t)).toEqual([
      { handle: 'priya-sharma', userId: priya.id, releasedAt, heldUntil: releasedAt + COOLING_OFF_MS },
    ]);
  });

  it('cannot be taken by another creator: a clear message on the handle field, and nothing changes', async () => {
    t.clock.advance(DAY_MS);
    const response = await changeHandle(t, kabir, 'priya-sharma');
    expect(response.statusCode).toBe(409);
    expect(errorOf(response)).toEqual(RECENTLY_USED);
    expect(await pageCreatorId(t, 'kabir-rao')).toBe(kabir.id);
  });

  it('is unavailable to others and available to her in the handle check', async () => {
    expect(await availability(t, kabir, 'priya-sharma')).toEqual({
      handle: 'priya-sharma',
      available: false,
      message: HANDLE_MESSAGES.recentlyUsed,
    });
    expect(await availability(t, priya, 'priya-sharma')).toEqual({
      handle: 'priya-sharma',
      available: true,
      message: null,
    });
  });

  it('is skipped by a sign-up whose name would give it', async () => {
    // No live creator has it, so only its hold can keep the sign-up off it.
    expect(
      await t.database.db.selectFrom('creators').where('handle', '=', 'priya-sharma').select('userId').execute(),
    ).toEqual([]);
    const namesake = await newCreator(t, 'Priya Sharma');
    expect(namesake.handle).toBe('priya-sharma-2');
  });

  it('its old address says she moved, with her new handle, in any case', async () => {
    for (const username of ['priya-sharma', 'Priya-Sharma', ' priya-sharma ']) {
      const response = await pageOf(t, username);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual(movedTo('pink-city-lens', 'Priya Sharma'));
    }
  });

  it('its old address never shows a creator whose name is the old handle', async () => {
    // Before the change, the name lookup handed Priya's shared links to this creator.
    const twin = await newCreator(t, 'priya-sharma');
    expect(twin.handle).toBe('priya-sharma-3');
    const response = await pageOf(t, 'priya-sharma');
    expect(response.json()).toEqual(movedTo('pink-city-lens', 'Priya Sharma'));
  });

  it('follows her through a second change', async () => {
    pinkReleasedAt = t.clock.now();
    expect((await changeHandle(t, priya, 'jaipur-frames')).statusCode).toBe(200);
    expect((await pageOf(t, 'priya-sharma')).json()).toEqual(movedTo('jaipur-frames', 'Priya Sharma'));
    expect((await pageOf(t, 'pink-city-lens')).json()).toEqual(movedTo('jaipur-frames', 'Priya Sharma'));
  });

  it('she can take it back at any time, and its record goes', async () => {
    t.clock.advance(30 * DAY_MS);
    const response = await changeHandle(t, priya, 'priya-sharma');
    expect(response.statusCode).toBe(200);
    expect(await pageCreatorId(t, 'priya-sharma')).toBe(priya.id);
    expect((await holds(t)).map((hold) => hold.handle)).toEqual(['jaipur-frames', 'pink-city-lens']);
  });

  it('says the creator is no longer on Kholo while she is suspended, and moved again once reinstated', async () => {
    const admin = await adminCookie(t.app);
    const post = (url: string, payload: object) =>
      t.app.inject({ method: 'POST', url, payload, headers: { cookie: admin } });
    expect((await post('/api/admin/creators/suspend', { id: priya.id, reason: 'Fraud reports' })).statusCode).toBe(200);
    expect((await pageOf(t, 'jaipur-frames')).json()).toEqual(GONE);
    expect((await post('/api/admin/creators/reinstate', { id: priya.id })).statusCode).toBe(200);
    expect((await pageOf(t, 'jaipur-frames')).json()).toEqual(movedTo('priya-sharma', 'Priya Sharma'));
  });

  it('says the creator is no longer on Kholo when her account is gone, and still holds the handle', async () => {
    const leaving = await newCreator(t, 'Anaya Desai');
    expect((await changeHandle(t, leaving, 'anaya-travels')).statusCode).toBe(200);
    await t.database.db.deleteFrom('authUsers').where('id', '=', leaving.id).execute();
    expect((await pageOf(t, 'anaya-desai')).json()).toEqual(GONE);
    expect((await pageOf(t, 'anaya-travels')).statusCode).toBe(404);
    expect(errorOf(await changeHandle(t, kabir, 'anaya-desai'))).toEqual(RECENTLY_USED);
  });

  it('is held until the cooling-off ends, then free to anyone, and its address finds no one', async () => {
    t.clock.advance(pinkReleasedAt + COOLING_OFF_MS - 1 - t.clock.now());
    expect(errorOf(await changeHandle(t, kabir, 'pink-city-lens'))).toEqual(RECENTLY_USED);
    t.clock.advance(1);
    expect(await availability(t, kabir, 'pink-city-lens')).toMatchObject({ available: true });
    const anyone = await pageOf(t, 'pink-city-lens');
    expect(anyone.statusCode).toBe(404);
    expect(errorOf(anyone).code).toBe('NOT_FOUND');

    expect((await changeHandle(t, kabir, 'pink-city-lens')).statusCode).toBe(200);
    expect(await pageCreatorId(t, 'pink-city-lens')).toBe(kabir.id);
    // The stale record went with the taking; Kabir's own old handle is held for him now.
    expect((await holds(t)).map((hold) => [hold.handle, hold.userId])).toEqual([
      ['anaya-desai', expect.any(String)],
      ['jaipur-frames', priya.id],
      ['kabir-rao', kabir.id],
    ]);
  });

  it('a sign-up after the cooling-off gets it back from the name', async () => {
    t.clock.advance(COOLING_OFF_MS);
    const newcomer = await newCreator(t, 'Kabir Rao');
    expect(newcomer.handle).toBe('kabir-rao');
  });
});

describe('with HANDLE_COOLING_OFF_DAYS=0', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await buildTestApp({ handleCoolingOffMs: 0 });
  });
  afterAll(async () => {
    await t.close();
  });

  it('a handle given up is free at once, and its old address is just a free handle', async () => {
    const meera = await newCreator(t, 'Meera Iyer');
    const ravi = await newCreator(t, 'Ravi Kumar');
    expect((await changeHandle(t, meera, 'meera-clicks')).statusCode).toBe(200);
    const free = await pageOf(t, 'meera-iyer');
    expect(free.statusCode).toBe(404);
    expect(errorOf(free).code).toBe('NOT_FOUND');
    expect(await availability(t, ravi, 'meera-iyer')).toMatchObject({ available: true });
    expect((await newCreator(t, 'Meera Iyer')).handle).toBe('meera-iyer');
    expect(errorOf(await changeHandle(t, ravi, 'meera-iyer')).message).toBe(HANDLE_MESSAGES.taken);
  });
});

describe('at the same time', () => {
  let t: TestApp;
  let round = 0;

  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('a creator giving a handle up and another claiming it: the claim never wins', async () => {
    for (let attempt = 0; attempt < 8; attempt += 1) {
      round += 1;
      const giver = await newCreator(t, `Giver ${round}`);
      const claimer = await newCreator(t, `Claimer ${round}`);
      const [given, claimed] = await Promise.all([
        changeHandle(t, giver, `giver-${round}-new`),
        changeHandle(t, claimer, giver.handle),
      ]);
      expect(given.statusCode).toBe(200);
      expect(claimed.statusCode).toBe(409);
      expect([HANDLE_MESSAGES.taken, HANDLE_MESSAGES.recentlyUsed]).toContain(errorOf(claimed).message);
      expect((await pageOf(t, giver.handle)).json()).toEqual(movedTo(`giver-${round}-new`, `Giver ${round}`));
    }
  });

  it('a creator giving a handle up and a sign-up whose name gives it: the sign-up gets another', async () => {
    for (let attempt = 0; attempt < 8; attempt += 1) {
      round += 1;
      const giver = await newCreator(t, `Twin ${round}`);
      const [given, twin] = await Promise.all([
        changeHandle(t, giver, `twin-${round}-new`),
        signUp(t.app, { name: `Twin ${round}` }),
      ]);
      expect(given.statusCode).toBe(200);
      expect(twin.me.creator!.handle).toBe(`twin-${round}-2`);
    }
  });

  it('two creators claiming a handle held for one of them: she gets it back, the other is refused', async () => {
    const holder = await newCreator(t, 'Holder One');
    const other = await newCreator(t, 'Other One');
    expect((await changeHandle(t, holder, 'holder-elsewhere')).statusCode).toBe(200);
    const [back, refused] = await Promise.all([
      changeHandle(t, holder, 'holder-one'),
      changeHandle(t, other, 'holder-one'),
    ]);
    expect(back.statusCode).toBe(200);
    expect(refused.statusCode).toBe(409);
    expect(await pageCreatorId(t, 'holder-one')).toBe(holder.id);
  });

  it('two creators claiming a handle whose cooling-off ended: exactly one wins', async () => {
    const leaver = await newCreator(t, 'Open Handle');
    expect((await changeHandle(t, leaver, 'open-handle-moved')).statusCode).toBe(200);
    t.clock.advance(COOLING_OFF_MS);
    const first = await newCreator(t, 'First Claimer');
    const second = await newCreator(t, 'Second Claimer');
    const [a, b] = await Promise.all([changeHandle(t, first, 'open-handle'), changeHandle(t, second, 'open-handle')]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    expect(errorOf(a.statusCode === 409 ? a : b).message).toBe(HANDLE_MESSAGES.taken);
    const winner = a.statusCode === 200 ? first : second;
    expect(await pageCreatorId(t, 'open-handle')).toBe(winner.id);
    const live = await t.database.db
      .selectFrom('creators')
      .select('userId')
      .where('handle', '=', 'open-handle')
      .execute();
    expect(live).toEqual([{ userId: winner.id }]);
    // The ended hold went with the taking.
    expect((await holds(t)).map((hold) => hold.handle)).not.toContain('open-handle');
  });
});
