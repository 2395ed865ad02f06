import type { ContentDetail, StudioContent, StudioContents } from '@kholo/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorOf, signUp } from './accounts-helpers.js';
import { contentRow, getAs, pngImage, postUpload, uploadForm, uploadItem } from './content-helpers.js';
import { buildTestApp, type TestApp } from './test-app.js';

let t: TestApp;
let creator: { id: string; cookie: string };
let other: { id: string; cookie: string };

beforeAll(async () => {
  t = await buildTestApp();
  const first = await signUp(t.app, { name: 'Priya Sharma' });
  creator = { id: first.me.account!.id, cookie: first.cookie };
  const second = await signUp(t.app, { name: 'Kabir Rao' });
  other = { id: second.me.account!.id, cookie: second.cookie };
});
afterAll(async () => {
  await t.close();
});

function patch(id: string, payload: unknown, cookie = creator.cookie) {
  return t.app.inject({
    method: 'PATCH',
    url: `/api/studio/contents/${id}`,
    payload: payload as object,
    headers: { cookie },
  });
}

function remove(id: string, cookie = creator.cookie) {
  return t.app.inject({ method: 'DELETE', url: `/api/studio/contents/${id}`, headers: { cookie } });
}

async function studio(cookie = creator.cookie): Promise<StudioContents> {
  const response = await getAs(t.app, '/api/studio/contents', cookie);
  expect(response.statusCode).toBe(200);
  expect(response.headers['cache-control']).toBe('no-store');
  return response.json<StudioContents>();
}

describe('the Content tab', () => {
  it('starts empty, with an empty wallet', async () => {
    expect(await studio()).toEqual({
      items: [],
      summary: { walletBalancePaise: 0, contentCount: 0, earningsPaise: 0 },
    });
  });

  it("lists the creator's own items newest first, and nobody else's", async () => {
    const first = await uploadItem(t.app, creator.cookie, { title: 'First' });
    t.clock.advance(60_000);
    const second = await uploadItem(t.app, creator.cookie, { title: 'Second' });
    t.clock.advance(60_000);
    await uploadItem(t.app, other.cookie, { title: 'Not hers' });
    t.clock.advance(60_000);
    const third = await uploadItem(t.app, creator.cookie, { title: 'Third' });

    const list = await studio();
    expect(list.items.map((item) => item.id)).toEqual([third.id, second.id, first.id]);
    expect(list.items[0]).toEqual(third);
    expect(list.summary.contentCount).toBe(3);
    expect((await studio(other.cookie)).items.map((item) => item.title)).toEqual(['Not hers']);
  });
});

describe('editing an item', () => {
  let item: StudioContent;
  beforeAll(async () => {
    item = await uploadItem(t.app, creator.cookie, { title: 'Draft title', pricePaise: '49900' });
    t.clock.advance(5_000);
  });

  it('changes title, description and price, trims them, and keeps the rest', async () => {
    const response = await patch(item.id, {
      title: '  Holi at the City Palace  ',
      description: 'Forty frames of colour',
      pricePaise: 9900,
    });
    expect(response.statusCode).toBe(200);
    const changed = response.json<StudioContent>();
    expect(changed).toEqual({
      ...item,
      title: 'Holi at the City Palace',
      description: 'Forty frames of colour',
      pricePaise: 9900,
      updatedAt: t.clock.now(),
    });
    expect(changed.createdAt).toBe(item.createdAt);

    // Everyone sees the change.
    const detail = (await getAs(t.app, `/api/contents/${item.id}`)).json<ContentDetail>();
    expect(detail.item).toMatchObject({
      title: 'Holi at the City Palace',
      pricePaise: 9900,
      access: { kind: 'locked', accessEndedAt: null },
    });
  });

  it('one field at a time is enough', async () => {
    const response = await patch(item.id, { pricePaise: 100 });
    expect(response.statusCode).toBe(200);
    expect(response.json<StudioContent>()).toMatchObject({ title: 'Holi at the City Palace', pricePaise: 100 });
  });

  it('the description can be emptied, as it is optional since issue 26', async () => {
    const response = await patch(item.id, { description: '   ' });
    expect(response.statusCode).toBe(200);
    expect(response.json<StudioContent>().description).toBe('');
    expect((await contentRow(t.database, item.id)).description).toBe('');
  });

  it.each<[string, unknown, Record<string, string>]>([
    ['a price under ₹1', { pricePaise: 99 }, { pricePaise: 'The price must be at least ₹1.' }],
    ['a price of 0', { pricePaise: 0 }, { pricePaise: 'The price must be at least ₹1.' }],
    ['a negative price', { pricePaise: -500 }, { pricePaise: 'The price must be at least ₹1.' }],
    ['a price above ₹1,00,000', { pricePaise: 1_00_000_01 }, { pricePaise: 'The price can be at most ₹1,00,000.' }],
    ['a fraction of a paisa', { pricePaise: 12.5 }, { pricePaise: 'The price must be a whole number of paise.' }],
    ['a price as text', { pricePaise: '499' }, { pricePaise: 'Please enter a price.' }],
    ['an empty title', { title: '   ' }, { title: 'Please enter a title.' }],
    [
      'a title over 120 characters',
      { title: 'x'.repeat(121) },
      { title: 'Please keep the title under 120 characters.' },
    ],
    ['a description as a number', { description: 42 }, { description: 'The description must be text.' }],
  ])('refuses %s', async (_name, payload, fields) => {
    const before = await contentRow(t.database, item.id);
    const response = await patch(item.id, payload);
    expect(response.statusCode).toBe(400);
    const error = errorOf(response);
    expect(error.code).toBe('VALIDATION_FAILED');
    expect(error.fields).toEqual(fields);
    expect(await contentRow(t.database, item.id)).toEqual(before);
  });

  it('refuses an empty change and fields that cannot be edited', async () => {
    const empty = await patch(item.id, {});
    expect(empty.statusCode).toBe(400);
    expect(errorOf(empty).message).toBe('Nothing to change: send a title, description or price.');

    for (const payload of [{ mediaKey: 'media/x/y.jpg' }, { isAdultContent: true }, { creatorId: other.id }]) {
      const response = await patch(item.id, payload);
      expect(response.statusCode).toBe(400);
      expect(errorOf(response).code).toBe('VALIDATION_FAILED');
    }
    const row = await contentRow(t.database, item.id);
    expect(row.creatorId).toBe(creator.id);
    expect(row.mediaKey).toMatch(new RegExp(`^media/${creator.id}/`));
  });
});

describe('deleting an item and the summary cards', () => {
  it('DELETE answers 204, the item leaves the list and the count, its earnings stay counted', async () => {
    const keep = await uploadItem(t.app, creator.cookie, { title: 'Keep' });
    const drop = await uploadItem(t.app, creator.cookie, { title: 'Drop' });
    const before = await studio();

    // Payments do not exist yet: earnings and the wallet are set in the database directly.
    await t.database.db
      .updateTable('contents')
      .set({ earningsPaise: 45000, unlocks: 1 })
      .where('id', '=', keep.id)
      .execute();
    await t.database.db
      .updateTable('contents')
      .set({ earningsPaise: 90000, unlocks: 2 })
      .where('id', '=', drop.id)
      .execute();
    await t.database.db
      .updateTable('creators')
      .set({ walletBalancePaise: 120000 })
      .where('userId', '=', creator.id)
      .execute();
    const withEarnings = await studio();
    expect(withEarnings.summary).toEqual({
      walletBalancePaise: 120000,
      contentCount: before.summary.contentCount,
      earningsPaise: before.summary.earningsPaise + 135000,
    });
    expect(withEarnings.items.find((item) => item.id === keep.id)).toMatchObject({ unlocks: 1, earningsPaise: 45000 });

    const response = await remove(drop.id);
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');

    const after = await studio();
    expect(after.items.map((item) => item.id)).not.toContain(drop.id);
    expect(after.items.map((item) => item.id)).toContain(keep.id);
    expect(after.summary).toEqual({
      walletBalancePaise: 120000,
      contentCount: before.summary.contentCount - 1,
      // Money earned stays earned.
      earningsPaise: before.summary.earningsPaise + 135000,
    });

    // The row stays (its sales stay on the books), marked deleted. No fan holds it, so its files
    // are gone and so is the item, for its creator too (storage-sweep.test.ts has the rest).
    const row = await contentRow(t.database, drop.id);
    expect(row.deletedAt).toBe(t.clock.now());
    expect(row.filesRemovedAt).toBe(t.clock.now());
    expect((await getAs(t.app, `/api/contents/${drop.id}/download`, creator.cookie)).statusCode).toBe(404);
  });

  it('a double-clicked Delete removes the item once; the second answers 404, and a deleted item cannot be edited', async () => {
    const item = await uploadItem(t.app, creator.cookie, { title: 'Twice' });
    const before = await studio();
    const answers = await Promise.all([remove(item.id), remove(item.id)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([204, 404]);
    const second = answers.find((answer) => answer.statusCode === 404)!;
    expect(errorOf(second)).toEqual({ code: 'NOT_FOUND', message: 'Content not found.' });
    expect((await studio()).summary.contentCount).toBe(before.summary.contentCount - 1);

    const edit = await patch(item.id, { title: 'Back again' });
    expect(edit.statusCode).toBe(404);
    expect((await contentRow(t.database, item.id)).title).toBe('Twice');
  });

  it("another creator's earnings and items do not count", async () => {
    const mine = await studio();
    const theirs = await studio(other.cookie);
    expect(theirs.summary).toEqual({ walletBalancePaise: 0, contentCount: 1, earningsPaise: 0 });
    expect(mine.summary.contentCount).toBe(mine.items.length);
  });
});

describe('a lower price ceiling (MAX_PRICE_RUPEES=500)', () => {
  let capped: TestApp;
  let cookie: string;
  beforeAll(async () => {
    capped = await buildTestApp({ media: { maxPricePaise: 500_00, ffmpeg: null, processingConcurrency: 2 } });
    cookie = (await signUp(capped.app, { name: 'Asha Verma' })).cookie;
  });
  afterAll(async () => {
    await capped.close();
  });

  it('uploads and edits above it are refused with the configured maximum in the message', async () => {
    const tooHigh = await postUpload(capped.app, cookie, uploadForm({ file: await pngImage(), pricePaise: '50001' }));
    expect(tooHigh.statusCode).toBe(400);
    expect(errorOf(tooHigh).fields).toEqual({ pricePaise: 'The price can be at most ₹500.' });

    const item = await uploadItem(capped.app, cookie, { pricePaise: '50000' });
    expect(item.pricePaise).toBe(50000);
    const edit = await capped.app.inject({
      method: 'PATCH',
      url: `/api/studio/contents/${item.id}`,
      payload: { pricePaise: 50001 },
      headers: { cookie },
    });
    expect(edit.statusCode).toBe(400);
    expect(errorOf(edit).fields).toEqual({ pricePaise: 'The price can be at most ₹500.' });
  });
});
