import type { ContentAccess, ContentDetail, CreatorPage, Purchase } from '@kholo/contracts';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { adminCookie, getAs, getFile, uploadItem } from './content-helpers.js';
import {
  createOrder,
  expectLedgerHolds,
  paidOrder,
  payInSimulator,
  resetSimulator,
  sellerAndFan,
} from './payments-helpers.js';
import { adminRefund, purchasesOf } from './refunds-helpers.js';
import { buildTestApp, type TestApp } from './test-app.js';

// Issue 23: her library and the expired buyer. The content page and the creator page say when
// her 14 days ran out (a purchase taken back did not run out), and her purchases carry what the
// library shows: the preview, the kind of media, 18+, days left and the download address.

const DAY = 24 * 60 * 60_000;

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await buildTestApp({}, { deps: { videoTools: null } });
  admin = await adminCookie(t.app);
});
beforeEach(() => {
  resetSimulator(t.app);
});
afterEach(async () => {
  await expectLedgerHolds(t.app);
});
afterAll(() => t.close());

/** The item's access for this fan on its content page and on its creator's page: always the same. */
async function accessOf(itemId: string, handle: string, cookie: string): Promise<ContentAccess | undefined> {
  const detail = await getAs(t.app, `/api/contents/${itemId}`, cookie);
  expect(detail.statusCode, detail.body).toBe(200);
  const page = await getAs(t.app, `/api/creators/${handle}`, cookie);
  expect(page.statusCode, page.body).toBe(200);
  const card = page.json<CreatorPage>().items.find((item) => item.id === itemId);
  expect(card?.access).toEqual(detail.json<ContentDetail>().item.access);
  return card?.access;
}

/** Pays for the item as this fan through the simulator's checkout; the webhook settles it. */
async function buy(cookie: string, itemId: string) {
  const order = await createOrder(t.app, cookie, itemId);
  const paid = await payInSimulator(t.app, order.payment_session_id);
  expect(paid.statusCode).toBe(303);
  return order;
}

describe('when her access ended', () => {
  it('never bought: no end date; run out: its end, on both pages; bought again: unlocked', async () => {
    const { creator, item, fan } = await sellerAndFan(t.app);
    expect(await accessOf(item.id, creator.handle, fan.cookie)).toEqual({ kind: 'locked', accessEndedAt: null });

    await buy(fan.cookie, item.id);
    const boughtAt = t.clock.now();
    expect(await accessOf(item.id, creator.handle, fan.cookie)).toMatchObject({ kind: 'unlocked', daysLeft: 14 });

    t.clock.advance(14 * DAY);
    expect(await accessOf(item.id, creator.handle, fan.cookie)).toEqual({
      kind: 'locked',
      accessEndedAt: boughtAt + 14 * DAY,
    });
    // A visitor and another fan are never told about her past.
    expect((await getAs(t.app, `/api/contents/${item.id}`)).json<ContentDetail>().item.access).toEqual({
      kind: 'locked',
      accessEndedAt: null,
    });

    t.clock.advance(3 * DAY);
    await buy(fan.cookie, item.id);
    const reboughtAt = t.clock.now();
    expect(await accessOf(item.id, creator.handle, fan.cookie)).toEqual({
      kind: 'unlocked',
      purchasedAt: reboughtAt,
      expiresAt: reboughtAt + 14 * DAY,
      daysLeft: 14,
    });

    // Run out a second time: the later end is the one she is told.
    t.clock.advance(20 * DAY);
    expect(await accessOf(item.id, creator.handle, fan.cookie)).toEqual({
      kind: 'locked',
      accessEndedAt: reboughtAt + 14 * DAY,
    });
  });

  it('refunded: her access was taken back, not run out, and stays without an end date once 14 days pass', async () => {
    const { creator, item, fan, order } = await paidOrder(t);
    t.clock.advance(DAY);
    await adminRefund(t.app, admin, order.order_id, 'The file would not open');
    expect(await accessOf(item.id, creator.handle, fan.cookie)).toEqual({ kind: 'locked', accessEndedAt: null });

    t.clock.advance(20 * DAY);
    expect(await accessOf(item.id, creator.handle, fan.cookie)).toEqual({ kind: 'locked', accessEndedAt: null });
  });

  it('run out, then bought again and refunded: the latest purchase decides', async () => {
    const { creator, item, fan } = await paidOrder(t);
    t.clock.advance(15 * DAY);
    expect(await accessOf(item.id, creator.handle, fan.cookie)).toMatchObject({ kind: 'locked' });

    const again = await buy(fan.cookie, item.id);
    t.clock.advance(DAY);
    await adminRefund(t.app, admin, again.order_id, 'Bought twice by mistake');
    expect(await accessOf(item.id, creator.handle, fan.cookie)).toEqual({ kind: 'locked', accessEndedAt: null });
  });

  it('the creator and the admin see their own kinds, whatever unlocks exist', async () => {
    const { creator, item } = await paidOrder(t);
    t.clock.advance(15 * DAY);
    expect((await getAs(t.app, `/api/contents/${item.id}`, creator.cookie)).json<ContentDetail>().item.access).toEqual({
      kind: 'owner',
    });
    expect((await getAs(t.app, `/api/contents/${item.id}`, admin)).json<ContentDetail>().item.access).toEqual({
      kind: 'admin',
    });
  });
});

describe('her purchases carry what the library shows', () => {
  it('held: preview, kind, 18+, days left and a download address that works; run out: no download, no days', async () => {
    const { creator, fan } = await sellerAndFan(t.app);
    const item = await uploadItem(t.app, creator.cookie, {
      title: 'Night shift at the morgue',
      pricePaise: '9900',
      isAdultContent: 'true',
    });
    await buy(fan.cookie, item.id);
    const boughtAt = t.clock.now();

    const [held] = await purchasesOf(t.app, fan.cookie);
    expect(held).toMatchObject({
      contentId: item.id,
      creatorId: creator.id,
      status: 'paid',
      mediaKind: 'image',
      isAdultContent: true,
      previewUrl: `/api/contents/${item.id}/preview`,
      downloadUrl: `/api/contents/${item.id}/download`,
      daysLeft: 14,
      accessUntil: boughtAt + 14 * DAY,
      priceNowPaise: 9900,
    } satisfies Partial<Purchase>);
    expect((await getFile(t.app, held!.downloadUrl!, fan.cookie)).statusCode).toBe(200);

    t.clock.advance(13.5 * DAY);
    expect((await purchasesOf(t.app, fan.cookie))[0]).toMatchObject({ status: 'paid', daysLeft: 1 });

    t.clock.advance(DAY / 2);
    const [ended] = await purchasesOf(t.app, fan.cookie);
    expect(ended).toMatchObject({
      status: 'expired',
      accessUntil: boughtAt + 14 * DAY,
      previewUrl: `/api/contents/${item.id}/preview`,
      downloadUrl: null,
      daysLeft: null,
      priceNowPaise: 9900,
    });
  });

  it('an item its creator deleted: kept for her while she holds it; once run out, no preview and not on sale', async () => {
    const { creator, item, fan } = await paidOrder(t);
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/studio/contents/${item.id}`,
      headers: { cookie: creator.cookie },
    });
    expect(deleted.statusCode).toBe(204);

    const [held] = await purchasesOf(t.app, fan.cookie);
    expect(held).toMatchObject({ status: 'paid', priceNowPaise: null, daysLeft: 14 });
    expect((await getFile(t.app, held!.previewUrl!, fan.cookie)).statusCode).toBe(200);
    expect((await getFile(t.app, held!.downloadUrl!, fan.cookie)).statusCode).toBe(200);

    t.clock.advance(14 * DAY);
    const [ended] = await purchasesOf(t.app, fan.cookie);
    expect(ended).toMatchObject({ status: 'expired', previewUrl: null, downloadUrl: null, priceNowPaise: null });
    // The address it no longer gives was indeed closed to her.
    expect((await getFile(t.app, `/api/contents/${item.id}/preview`, fan.cookie)).statusCode).toBe(404);
  });

  it('refunded: nothing to open or download', async () => {
    const { fan, order } = await paidOrder(t);
    await adminRefund(t.app, admin, order.order_id, 'The file would not open');
    const [refunded] = await purchasesOf(t.app, fan.cookie);
    expect(refunded).toMatchObject({ status: 'refunding', downloadUrl: null, daysLeft: null });
  });
});
