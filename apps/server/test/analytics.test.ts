import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { indiaDay, SALES_CSV_COLUMNS, type StudioAnalytics } from '@kholo/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAnalyticsRepository, createVisitCounter } from '../src/features/analytics/index.js';
import type { WebRenderer } from '../src/features/pages/index.js';
import { freshIp, signUp } from './accounts-helpers.js';
import { adminCookie, getAs, uploadItem } from './content-helpers.js';
import { createOrder, newFan, payInSimulator, setControls, simulatorOf } from './payments-helpers.js';
import { adminRefund, letRefundsRun } from './refunds-helpers.js';
import { buildTestApp, passTime, type TestApp } from './test-app.js';

const webEntry = path.resolve(import.meta.dirname, '../../web/src/entry-server.tsx');
const renderer = (await import(webEntry)) as WebRenderer;
const SHELL =
  '<!doctype html><html lang="en-IN"><head><meta name="kholo-config" content="{}" /></head>' +
  '<body><div id="root"></div><script type="module" src="/assets/index-1a2b.js"></script></body></html>';

const DAY = 24 * 60 * 60 * 1000;
const PHONE =
  'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
const LAPTOP = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

let t: TestApp;
let dist: string;
let admin: string;
/** The test clock starts mid-morning in India, so a test's few minutes stay on one India day. */
const today = () => indiaDay(t.clock.now());

beforeAll(async () => {
  dist = await fs.mkdtemp(path.join(os.tmpdir(), 'kholo-dist-'));
  await fs.writeFile(path.join(dist, 'index.html'), SHELL);
  t = await buildTestApp({ webDistDir: dist, publicUrl: 'https://kholo.example' }, { deps: { webRenderer: renderer } });
  admin = await adminCookie(t.app);
});

afterAll(async () => {
  await t.close();
  await fs.rm(dist, { recursive: true, force: true });
});

async function newCreator(name = 'Meera Rathore') {
  const signedUp = await signUp(t.app, { name });
  return { id: signedUp.me.account!.id, cookie: signedUp.cookie, handle: signedUp.me.creator!.handle };
}

/** A page load by a browser: the server-rendered page, from an address and a user agent. */
function visit(
  url: string,
  viewer: { ip: string; ua?: string; cookie?: string; referer?: string },
  method: 'GET' | 'HEAD' = 'GET',
) {
  return t.app.inject({
    method,
    url,
    remoteAddress: viewer.ip,
    headers: {
      accept: 'text/html',
      ...(viewer.ua === undefined ? {} : { 'user-agent': viewer.ua }),
      ...(viewer.cookie === undefined ? {} : { cookie: viewer.cookie }),
      ...(viewer.referer === undefined ? {} : { referer: viewer.referer }),
    },
  });
}

async function analyticsOf(cookie: string, days = 30): Promise<StudioAnalytics> {
  const response = await getAs(t.app, `/api/studio/analytics?days=${String(days)}`, cookie);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<StudioAnalytics>();
}

async function buy(fanCookie: string, contentId: string) {
  const order = await createOrder(t.app, fanCookie, contentId);
  const paid = await payInSimulator(t.app, order.payment_session_id);
  expect(paid.statusCode).toBe(303);
  return order;
}

describe('visits', () => {
  it('counts one visit per viewer per day to her page and to each item, from the page the server sends', async () => {
    const creator = await newCreator();
    const item = await uploadItem(t.app, creator.cookie, { title: 'Holi at the City Palace' });
    const phone = { ip: freshIp(), ua: PHONE };

    expect((await visit(`/u/${creator.handle}`, phone)).statusCode).toBe(200);
    expect((await visit(`/u/${creator.handle}?src=wa`, phone)).statusCode).toBe(200);
    expect((await visit(`/content/${item.id}`, phone)).statusCode).toBe(200);
    await visit(`/u/${creator.handle}`, { ip: freshIp(), ua: LAPTOP, referer: 'https://l.instagram.com/?u=x' });

    const report = await analyticsOf(creator.cookie);
    expect(report.totals).toMatchObject({ visits: 2, pageVisits: 2, itemVisits: 1, unlocks: 0, conversion: 0 });
    expect(report.series.at(-1)).toEqual({ date: today(), visits: 2, unlocks: 0, earningsPaise: 0 });
    // The phone's first page of the day was plain; the tag came on a repeat, which changes nothing.
    expect(report.sources).toEqual([
      { source: 'instagram', visits: 1 },
      { source: 'direct', visits: 1 },
    ]);
    expect(report.topItems).toEqual([
      { id: item.id, title: 'Holi at the City Palace', mediaKind: 'image', visits: 1, unlocks: 0, earningsPaise: 0 },
    ]);
  });

  it('leaves out bots and link previews, HEAD requests, the creator herself and the admin; a fan who signs in on the way is one visit', async () => {
    const creator = await newCreator();
    const fan = await newFan(t.app);
    for (const ua of ['WhatsApp/2.23.20.0 A', 'facebookexternalhit/1.1', 'Googlebot/2.1', '']) {
      expect((await visit(`/u/${creator.handle}`, { ip: freshIp(), ua })).statusCode).toBe(200);
    }
    expect((await visit(`/u/${creator.handle}`, { ip: freshIp(), ua: PHONE }, 'HEAD')).statusCode).toBe(200);
    await visit(`/u/${creator.handle}`, { ip: freshIp(), ua: PHONE, cookie: creator.cookie });
    await visit(`/u/${creator.handle}`, { ip: freshIp(), ua: PHONE, cookie: admin });
    const phone = { ip: freshIp(), ua: PHONE };
    await visit(`/u/${creator.handle}`, phone);
    await visit(`/u/${creator.handle}`, { ...phone, cookie: fan.cookie });

    expect((await analyticsOf(creator.cookie)).totals.visits).toBe(1);
  });

  it('counts the same viewer again the next India day, and keeps each day apart', async () => {
    const creator = await newCreator();
    const phone = { ip: freshIp(), ua: PHONE };
    await visit(`/u/${creator.handle}`, phone);
    t.clock.advance(DAY);
    await visit(`/u/${creator.handle}`, phone);
    const report = await analyticsOf(creator.cookie, 7);
    expect(report.totals.visits).toBe(2);
    expect(report.series.slice(-2).map((day) => day.visits)).toEqual([1, 1]);
    t.clock.advance(-DAY);
  });

  it('counts a page the web app opened without a page load (the beacon), but only a page anybody may see', async () => {
    const creator = await newCreator();
    const item = await uploadItem(t.app, creator.cookie, { title: 'Gangaur procession' });
    const hidden = await uploadItem(t.app, creator.cookie, { title: 'Hidden one' });
    const hide = await t.app.inject({
      method: 'POST',
      url: '/api/admin/contents/hide',
      headers: { cookie: admin },
      payload: { id: hidden.id, reason: 'Breaks the rules of the site' },
    });
    expect(hide.statusCode, hide.body).toBeLessThan(300);
    const beacon = (payload: unknown, ip = freshIp()) =>
      t.app.inject({
        method: 'POST',
        url: '/api/visits',
        payload: payload as object,
        remoteAddress: ip,
        headers: { 'user-agent': PHONE },
      });

    expect((await beacon({ creatorId: creator.id, contentId: item.id, src: 'qr' })).statusCode).toBe(204);
    expect((await beacon({ creatorId: creator.id, contentId: hidden.id })).statusCode).toBe(204);
    expect((await beacon({ creatorId: creator.id, contentId: 'no-such-item' })).statusCode).toBe(204);
    expect((await beacon({ creatorId: 'no-such-creator' })).statusCode).toBe(204);
    const other = await newCreator('Asha Verma');
    expect((await beacon({ creatorId: other.id, contentId: item.id })).statusCode).toBe(204);
    expect((await beacon({ contentId: item.id })).statusCode).toBe(400);
    expect((await beacon({ creatorId: 42 })).statusCode).toBe(400);
    expect((await beacon({ creatorId: creator.id, referrer: 'x'.repeat(5000) })).statusCode).toBe(400);

    const report = await analyticsOf(creator.cookie);
    expect(report.totals).toMatchObject({ visits: 1, pageVisits: 0, itemVisits: 1 });
    expect(report.sources).toEqual([{ source: 'qr', visits: 1 }]);
    expect((await analyticsOf(other.cookie)).totals.visits).toBe(0);
  });

  it('writes one row when the same visit is counted by two processes at once', async () => {
    const creator = await newCreator();
    const repository = createAnalyticsRepository(t.database.db);
    const counters = [0, 1].map(() =>
      createVisitCounter({
        repository,
        now: () => t.clock.now(),
        secret: 'the same secret in every process',
        ownHost: 'kholo.example',
        flushEveryMs: 0,
        logger: { warn: () => undefined },
      }),
    );
    const view = {
      creatorId: creator.id,
      contentId: null,
      accountId: null,
      viewerIsAdmin: false,
      ip: '203.0.113.7',
      userAgent: PHONE,
      referrer: undefined,
      tag: null,
    };
    for (const counter of counters) counter.count(view);
    await Promise.all(counters.map((counter) => counter.flush()));
    const rows = await t.database.db.selectFrom('visits').selectAll().where('creatorId', '=', creator.id).execute();
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain('203.0.113.7');
  });
});

describe('the Analytics tab', () => {
  it('shows unlocks, conversion, earnings by day, fans and repeat fans, and top items; a refund takes its share back', async () => {
    const creator = await newCreator();
    const popular = await uploadItem(t.app, creator.cookie, { title: 'Hawa Mahal at dawn', pricePaise: '20000' });
    const quiet = await uploadItem(t.app, creator.cookie, { title: 'Stepwell', pricePaise: '10000' });
    const [asha, ravi] = [await newFan(t.app, 'Asha'), await newFan(t.app, 'Ravi')];
    for (const fan of [asha, ravi])
      await visit(`/u/${creator.handle}`, { ip: freshIp(), ua: PHONE, cookie: fan.cookie });
    await visit(`/u/${creator.handle}`, { ip: freshIp(), ua: PHONE });
    await visit(`/u/${creator.handle}`, { ip: freshIp(), ua: LAPTOP });

    await buy(asha.cookie, popular.id);
    await buy(asha.cookie, quiet.id);
    const refunded = await buy(ravi.cookie, popular.id);
    await adminRefund(t.app, admin, refunded.order_id);

    const report = await analyticsOf(creator.cookie, 7);
    // Her share is 95%: ₹190 + ₹95 + ₹190, and the refund took one ₹190 back.
    expect(report.totals).toEqual({
      visits: 4,
      pageVisits: 4,
      itemVisits: 0,
      unlocks: 3,
      conversion: 0.75,
      earningsPaise: 19_000 + 9_500,
      fans: 2,
      repeatFans: 1,
    });
    expect(report.series).toHaveLength(7);
    expect(report.series.at(-1)).toEqual({ date: today(), visits: 4, unlocks: 3, earningsPaise: 28_500 });
    expect(report.topItems.map((item) => [item.title, item.unlocks, item.earningsPaise])).toEqual([
      ['Hawa Mahal at dawn', 2, 19_000],
      ['Stepwell', 1, 9_500],
    ]);
  });

  it('counts only the days asked for', async () => {
    const creator = await newCreator();
    await visit(`/u/${creator.handle}`, { ip: freshIp(), ua: PHONE });
    await analyticsOf(creator.cookie);
    t.clock.advance(10 * DAY);
    try {
      const week = await analyticsOf(creator.cookie, 7);
      expect(week.totals.visits).toBe(0);
      expect(week.to).toBe(today());
      expect(week.from).toBe(indiaDay(t.clock.now() - 6 * DAY));
      expect((await analyticsOf(creator.cookie, 30)).totals.visits).toBe(1);
      expect((await analyticsOf(creator.cookie, 90)).series).toHaveLength(90);
    } finally {
      t.clock.advance(-10 * DAY);
    }
  });

  it('is hers alone: signed out 401, a fan 403, a wrong range 400 with the choices', async () => {
    const fan = await newFan(t.app);
    const creator = await newCreator();
    expect((await getAs(t.app, '/api/studio/analytics')).statusCode).toBe(401);
    expect((await getAs(t.app, '/api/studio/analytics', fan.cookie)).statusCode).toBe(403);
    for (const days of ['5', 'abc', '-7', '7.5']) {
      const response = await getAs(t.app, `/api/studio/analytics?days=${days}`, creator.cookie);
      expect(response.statusCode, days).toBe(400);
      expect(response.body).toContain('Choose 7, 30 or 90 days.');
    }
    expect((await analyticsOf(creator.cookie)).days).toBe(30);
    const noRange = await getAs(t.app, '/api/studio/analytics', creator.cookie);
    expect(noRange.json<StudioAnalytics>().days).toBe(30);
  });
});

describe('the sales CSV', () => {
  it('lists every sale with her share and refunds, safe to open in a spreadsheet', async () => {
    const creator = await newCreator();
    const risky = await uploadItem(t.app, creator.cookie, {
      title: '=HYPERLINK("http://evil.example","Click")',
      pricePaise: '14900',
    });
    const plain = await uploadItem(t.app, creator.cookie, { title: 'Sunset, Jaipur', pricePaise: '10000' });
    const fan = await newFan(t.app);
    const first = await buy(fan.cookie, risky.id);
    const second = await buy(fan.cookie, plain.id);
    await adminRefund(t.app, admin, second.order_id);

    const response = await getAs(t.app, '/api/studio/sales.csv', creator.cookie);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="kholo-sales-${today()}.csv"`);
    expect(response.headers['cache-control']).toBe('no-store');
    const lines = response.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe(SALES_CSV_COLUMNS.join(','));
    expect(lines).toHaveLength(3);
    expect(lines[1]).toMatch(
      new RegExp(
        `^${today()} \\d\\d:\\d\\d,${first.order_id},"'=HYPERLINK\\(""http://evil.example"",""Click""\\)",149.00,7.45,141.55,0.00,Paid$`,
      ),
    );
    expect(lines[2]).toMatch(new RegExp(`,${second.order_id},"Sunset, Jaipur",100.00,5.00,95.00,100.00,Refund`));
  });

  it('says how each refund stands: in progress, refunded, or refused by the provider (Refund failed)', async () => {
    const creator = await newCreator();
    const fan = await newFan(t.app);
    const [waiting, paidBack, refused] = await Promise.all(
      ['Waiting', 'Paid back', 'Refused'].map((title) =>
        uploadItem(t.app, creator.cookie, { title, pricePaise: '10000' }),
      ),
    );
    const orders = {
      waiting: await buy(fan.cookie, waiting!.id),
      paidBack: await buy(fan.cookie, paidBack!.id),
      refused: await buy(fan.cookie, refused!.id),
    };
    await adminRefund(t.app, admin, orders.paidBack.order_id);
    await letRefundsRun(t);
    const before = simulatorOf(t.app).controls;
    setControls(t.app, { refundOutcome: 'CANCELLED' });
    try {
      await adminRefund(t.app, admin, orders.refused.order_id);
      await letRefundsRun(t);
    } finally {
      simulatorOf(t.app).controls = before;
    }
    await adminRefund(t.app, admin, orders.waiting.order_id);

    const csv = (await getAs(t.app, '/api/studio/sales.csv', creator.cookie)).body;
    const statusOf = (orderId: string) =>
      csv
        .split('\r\n')
        .find((line) => line.includes(orderId))
        ?.split(',')
        .at(-1);
    expect(statusOf(orders.waiting.order_id)).toBe('Refund in progress');
    expect(statusOf(orders.paidBack.order_id)).toBe('Refunded');
    expect(statusOf(orders.refused.order_id)).toBe('Refund failed');
  });

  it('is hers alone, and empty but for its header when she has sold nothing', async () => {
    const fan = await newFan(t.app);
    const creator = await newCreator();
    expect((await getAs(t.app, '/api/studio/sales.csv')).statusCode).toBe(401);
    expect((await getAs(t.app, '/api/studio/sales.csv', fan.cookie)).statusCode).toBe(403);
    const response = await getAs(t.app, '/api/studio/sales.csv', creator.cookie);
    expect(response.body).toBe(`\uFEFF${SALES_CSV_COLUMNS.join(',')}\r\n`);
  });
});

describe('keeping visits', () => {
  it('deletes visits older than it keeps', async () => {
    const creator = await newCreator();
    await visit(`/u/${creator.handle}`, { ip: freshIp(), ua: PHONE });
    await analyticsOf(creator.cookie);
    const kept = await t.database.db.selectFrom('visits').select('day').where('creatorId', '=', creator.id).execute();
    expect(kept).toHaveLength(1);
    // Last in the file: time only moves on from here.
    await passTime(t, 181 * DAY);
    await t.app.jobs.runDue();
    const rows = await t.database.db.selectFrom('visits').select('day').where('creatorId', '=', creator.id).execute();
    expect(rows).toEqual([]);
  });
});
