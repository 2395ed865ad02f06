import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getAs } from './content-helpers.js';
import { createOrder, expectLedgerHolds, payInSimulator, sellerAndFan, verify } from './payments-helpers.js';
import { buildTestApp, type TestApp } from './test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('a fan pays through the simulator', () => {
  it('unlocks the item, credits the creator once and sends a receipt', async () => {
    const { creator, item, fan } = await sellerAndFan(t.app);
    const order = await createOrder(t.app, fan.cookie, item.id);
    expect(order.checkout.mode).toBe('simulator');
    expect(order.amountPaise).toBe(14_900);
    const page = await getAs(t.app, order.checkout.url!);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('TEST MODE');
    const paid = await payInSimulator(t.app, order.payment_session_id);
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toBe(
      `${t.config.publicUrl}/payment-success?order_id=${order.order_id}&contentId=${item.id}`,
    );
    const answer = await verify(t.app, fan.cookie, order.order_id);
    expect(answer).toMatchObject({ status: 'PAID', contentId: item.id });
    const studio = await getAs(t.app, '/api/studio/contents', creator.cookie);
    expect(studio.json().summary).toMatchObject({ walletBalancePaise: 14_155 });
    await expectLedgerHolds(t.app);
  });
});
