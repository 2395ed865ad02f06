import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SALE_NOTICE_BATCH_MS } from '../src/features/payments/index.js';
import { anotherSale } from './payouts-helpers.js';
import { buildTestApp, passTime, type TestApp } from './test-app.js';
import { earningCreator, mailsTo } from './withdrawals-helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('the creator’s sale emails', () => {
  it('tells her of her first sale at once, then gathers a burst of sales into one email', async () => {
    const { creator, item } = await earningCreator(t);
    const first = await mailsTo(t, creator.email, 'You made a sale');
    expect(first).toHaveLength(1);
    expect(first[0]!.subject).toBe('You made a sale: “Monsoon in Kochi”');
    expect(first[0]!.text).toContain('₹1,424.05 is in your Kholo wallet');

    // Three more sales within the batch window: nothing yet, then one email for the three.
    await anotherSale(t, item.id);
    await anotherSale(t, item.id);
    await anotherSale(t, item.id);
    expect(await mailsTo(t, creator.email, '3 new sales')).toHaveLength(0);
    await passTime(t, SALE_NOTICE_BATCH_MS);
    const batch = await mailsTo(t, creator.email, '3 new sales');
    expect(batch).toHaveLength(1);
    expect(batch[0]!.subject).toBe('3 new sales: ₹4,272.15 to your wallet');
    // Running the queue again sends nothing more.
    await passTime(t, SALE_NOTICE_BATCH_MS);
    expect((await t.sentMail()).filter((mail) => mail.to === creator.email && /sale/.test(mail.subject))).toHaveLength(
      2,
    );
  });

  it('tells her of a sale at once when her last email was a while ago', async () => {
    const { creator, item } = await earningCreator(t);
    expect(await mailsTo(t, creator.email, 'You made a sale')).toHaveLength(1);
    await passTime(t, SALE_NOTICE_BATCH_MS + 1);
    await anotherSale(t, item.id);
    expect(await mailsTo(t, creator.email, 'You made a sale')).toHaveLength(2);
  });
});
