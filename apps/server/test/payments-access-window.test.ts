import type { ContentAccess, ContentDetail, CreatorPage } from '@kholo/contracts';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { errorOf } from './accounts-helpers.js';
import { contentRow, getAs, getFile } from './content-helpers.js';
import {
  createOrder,
  expectLedgerHolds,
  paidOrder,
  payInSimulator,
  postOrder,
  resetSimulator,
  verify,
  walletOf,
} from './payments-helpers.js';
import { buildTestApp, type TestApp } from './test-app.js';

const SECOND = 1000;
const DAY = 24 * 60 * 60 * SECOND;

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({}, { deps: { videoTools: null } });
  resetSimulator(t.app);
});
afterEach(async () => {
  await expectLedgerHolds(t.app);
});
afterAll(() => t.close());

/** What each of the places that apply the 14-day rule says about the item, for the fan. */
async function accessEverywhere(fanCookie: string, itemId: string, creatorHandle: string) {
  const detail = await getAs(t.app, `/api/contents/${itemId}`, fanCookie);
  const page = await getAs(t.app, `/api/creators/${creatorHandle}`, fanCookie);
  const unlocks = await getAs(t.app, '/api/fan/unlocks', fanCookie);
  const media = await getFile(t.app, `/api/contents/${itemId}/media`, fanCookie);
  const download = await getFile(t.app, `/api/contents/${itemId}/download`, fanCookie);
  const card = page.json<CreatorPage>().items.find((one) => one.id === itemId);
  return {
    detail: detail.json<ContentDetail>().item.access,
    card: card?.access,
    unlocks: unlocks.json<{ items: { contentId: string; daysLeft: number }[] }>().items,
    media: media.statusCode,
    download: download.statusCode,
  };
}

function unlocked(purchasedAt: number, daysLeft: number): ContentAccess {
  return { kind: 'unlocked', purchasedAt, expiresAt: purchasedAt + 14 * DAY, daysLeft };
}

describe('the 14-day access window, on the fake clock', () => {
  it('is open until 14 days − 1 s, shut at 14 days and after, and the item can then be bought again', async () => {
    const { creator, item, fan, order } = await paidOrder(t);
    const boughtAt = t.clock.now();
    expect(await verify(t.app, fan.cookie, order.order_id)).toMatchObject({
      status: 'PAID',
      expiresAt: boughtAt + 14 * DAY,
    });
    const open = await accessEverywhere(fan.cookie, item.id, creator.handle);
    expect(open).toEqual({
      detail: unlocked(boughtAt, 14),
      card: unlocked(boughtAt, 14),
      unlocks: [expect.objectContaining({ contentId: item.id, daysLeft: 14 })],
      media: 200,
      download: 200,
    });

    t.clock.advance(14 * DAY - SECOND);
    const lastSecond = await accessEverywhere(fan.cookie, item.id, creator.handle);
    expect(lastSecond).toMatchObject({ detail: unlocked(boughtAt, 1), card: unlocked(boughtAt, 1), media: 200 });

    t.clock.advance(SECOND);
    const atFourteenDays = await accessEverywhere(fan.cookie, item.id, creator.handle);
    expect(atFourteenDays).toEqual({
      // Her 14 days ran out: every page says when, so she can unlock it again.
      detail: { kind: 'locked', accessEndedAt: boughtAt + 14 * DAY },
      card: { kind: 'locked', accessEndedAt: boughtAt + 14 * DAY },
      unlocks: [],
      media: 404,
      download: 404,
    });

    t.clock.advance(SECOND);
    const after = await accessEverywhere(fan.cookie, item.id, creator.handle);
    expect(after).toEqual(atFourteenDays);
    const detail = await getAs(t.app, `/api/contents/${item.id}`, fan.cookie);
    expect(detail.json<ContentDetail>().item.media).toBeNull();

    // Buying again: a new order, paid, unlocks for another 14 days.
    const again = await createOrder(t.app, fan.cookie, item.id);
    expect(again.order_id).not.toBe(order.order_id);
    await payInSimulator(t.app, again.payment_session_id);
    const reboughtAt = t.clock.now();
    expect(await verify(t.app, fan.cookie, again.order_id)).toMatchObject({ status: 'PAID' });
    const reopened = await accessEverywhere(fan.cookie, item.id, creator.handle);
    expect(reopened).toMatchObject({ detail: unlocked(reboughtAt, 14), media: 200, download: 200 });

    const sales = await t.database.db
      .selectFrom('ledgerTransactions')
      .select(['orderId', 'kind'])
      .where('creatorId', '=', creator.id)
      .orderBy('createdAt')
      .execute();
    expect(sales).toEqual([
      { orderId: order.order_id, kind: 'sale' },
      { orderId: again.order_id, kind: 'sale' },
    ]);
    expect(await walletOf(t.database, creator.id)).toBe(2 * 14_155);
    expect(await contentRow(t.database, item.id)).toMatchObject({ unlocks: 2, earningsPaise: 2 * 14_155 });
    const receipts = (await t.sentMail()).filter((message) => message.to === fan.email);
    expect(receipts).toHaveLength(2);
  });

  it('days left is ceil(14 − elapsed days)', async () => {
    const { creator, item, fan } = await paidOrder(t);
    const boughtAt = t.clock.now();
    const daysLeftAfter = async (elapsed: number) => {
      t.clock.advance(boughtAt + elapsed - t.clock.now());
      return (await accessEverywhere(fan.cookie, item.id, creator.handle)).detail;
    };
    expect(await daysLeftAfter(0)).toMatchObject({ daysLeft: 14 });
    expect(await daysLeftAfter(DAY / 2)).toMatchObject({ daysLeft: 14 });
    expect(await daysLeftAfter(DAY)).toMatchObject({ daysLeft: 13 });
    expect(await daysLeftAfter(DAY + 1)).toMatchObject({ daysLeft: 13 });
    expect(await daysLeftAfter(7 * DAY - SECOND)).toMatchObject({ daysLeft: 8 });
    expect(await daysLeftAfter(13 * DAY)).toMatchObject({ daysLeft: 1 });
    expect(await daysLeftAfter(13.5 * DAY)).toMatchObject({ daysLeft: 1 });
    const unlocks = await getAs(t.app, '/api/fan/unlocks', fan.cookie);
    expect(unlocks.json().items).toEqual([expect.objectContaining({ daysLeft: 1, expiresAt: boughtAt + 14 * DAY })]);
  });

  it('while the window is open a second purchase is refused; once shut it is not', async () => {
    const { item, fan } = await paidOrder(t);
    t.clock.advance(14 * DAY - SECOND);
    const early = await postOrder(t.app, fan.cookie, { contentId: item.id });
    expect(early.statusCode).toBe(409);
    expect(errorOf(early).code).toBe('ALREADY_UNLOCKED');
    t.clock.advance(SECOND);
    expect((await postOrder(t.app, fan.cookie, { contentId: item.id })).statusCode).toBe(200);
  });
});
