import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {
  type AccountDataExport,
  CREATOR_PAGE_MESSAGES,
  giveUpBalanceMessage,
  withdrawFirstMessage,
  YOUR_DATA_MESSAGES,
} from '@kholo/contracts';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorOf, freshIp, getMe, PASSWORD, signIn, signUp, VISITOR } from './accounts-helpers.js';
import { adminCookie, getAs, getFile } from './content-helpers.js';
import { expectLedgerHolds, newFan, paidOrder, walletOf } from './payments-helpers.js';
import { buildTestApp, TEST_ADMIN, type TestApp } from './test-app.js';
import { earningCreator, emailOf, withdraw } from './withdrawals-helpers.js';

const DAY = 24 * 60 * 60_000;

let t: TestApp;
let dist: string;
beforeAll(async () => {
  // A built web app of one page, so share previews (the <head> of /u/… and /content/…) are served.
  dist = await fs.mkdtemp(path.join(os.tmpdir(), 'kholo-dist-'));
  await fs.writeFile(
    path.join(dist, 'index.html'),
    '<!doctype html><html lang="en-IN"><head>\n<meta name="kholo-config" content="{}" /></head><body><div id="root"></div></body></html>',
  );
  t = await buildTestApp({ webDistDir: dist, publicUrl: 'https://kholo.example' });
});
afterAll(async () => {
  await t.close();
  await fs.rm(dist, { recursive: true, force: true });
});

function exportOf(cookie: string | undefined) {
  return t.app.inject({
    method: 'GET',
    url: '/api/account/data',
    remoteAddress: freshIp(),
    headers: cookie === undefined ? {} : { cookie },
  });
}

async function exportedData(cookie: string): Promise<AccountDataExport> {
  const response = await exportOf(cookie);
  if (response.statusCode !== 200) throw new Error(`export failed: ${response.statusCode} ${response.body}`);
  return JSON.parse(response.body) as AccountDataExport;
}

function postDelete(cookie: string | undefined, payload: unknown) {
  return t.app.inject({
    method: 'POST',
    url: '/api/account/delete',
    payload: payload as object,
    remoteAddress: freshIp(),
    headers: cookie === undefined ? {} : { cookie },
  });
}

/** Everything in the export but its own time, for "unchanged". */
function withoutTime(data: AccountDataExport) {
  const { exportedAt: _exportedAt, ...rest } = data;
  return rest;
}

function expectRefused(response: LightMyRequestResponse, status: number, code: string, message: string) {
  expect(response.statusCode).toBe(status);
  expect(errorOf(response)).toMatchObject({ code, message });
}

async function accountRow(id: string) {
  return t.database.db.selectFrom('authUsers').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

describe('GET /api/account/data', () => {
  it('downloads her own data as a dated JSON file, and nothing of another account', async () => {
    const sale = await paidOrder(t);
    const other = await paidOrder(t);
    const response = await exportOf(sale.fan.cookie);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toBe('attachment; filename="kholo-data-2026-11-21.json"');
    expect(response.headers['cache-control']).toBe('no-store');
    const data = JSON.parse(response.body) as AccountDataExport;
    expect(data.account).toMatchObject({ id: sale.fan.id, email: sale.fan.email, roles: ['fan'], hasPassword: true });
    expect(data.orders.map((order) => order.id)).toEqual([sale.order.order_id]);
    expect(data.orders[0]).toMatchObject({ status: 'PAID', amountPaise: 14_900, contentTitle: 'Monsoon in Kochi' });
    expect(data.unlocks.map((unlock) => unlock.orderId)).toEqual([sale.order.order_id]);
    expect(data.creatorProfile).toBeNull();
    expect(data.consents.termsVersion).not.toBeNull();
    expect(data.consents.acceptedAt).toBe(new Date(t.clock.now()).toISOString());
    expect(data.thirdParties.map((party) => party.name)).toContain('Cashfree Payments India (payment gateway)');
    // Nothing of the other fan, the other creator or the other order, anywhere in the file.
    for (const foreign of [other.fan.id, other.fan.email, other.order.order_id, other.creator.id, other.item.id]) {
      expect(response.body).not.toContain(foreign);
    }
  });

  it('gives a creator her profile, uploads and ledger lines, and her fan the purchase only', async () => {
    const sale = await paidOrder(t);
    const data = await exportedData(sale.creator.cookie);
    expect(data.account.roles).toEqual(['creator']);
    expect(data.creatorProfile).toMatchObject({
      handle: sale.creator.handle,
      walletBalancePaise: 14_155,
      instagramBioDoneAt: null,
    });
    const ticked = await t.app.inject({
      method: 'POST',
      url: '/api/studio/checklist/instagram-bio-done',
      headers: { cookie: sale.creator.cookie },
    });
    expect(ticked.statusCode, ticked.body).toBeLessThan(300);
    expect((await exportedData(sale.creator.cookie)).creatorProfile?.instagramBioDoneAt).toBe(
      new Date(t.clock.now()).toISOString(),
    );
    expect(data.uploads.map((upload) => upload.id)).toEqual([sale.item.id]);
    expect(data.walletLedger).toEqual([
      expect.objectContaining({ kind: 'sale', account: 'creator_wallet', amountPaise: 14_155 }),
    ]);
    expect(data.orders).toEqual([]);
    const body = JSON.stringify(data);
    expect(body).not.toContain(sale.fan.email);
  });

  it('is for signed-in accounts only', async () => {
    const response = await exportOf(undefined);
    expect(response.statusCode).toBe(401);
  });
});

describe('POST /api/account/delete', () => {
  it('refuses a wrong or missing email, and changes nothing', async () => {
    const fan = await newFan(t.app);
    expectRefused(
      await postDelete(fan.cookie, { confirmEmail: 'someone-else@example.com' }),
      400,
      'VALIDATION_FAILED',
      YOUR_DATA_MESSAGES.confirmEmailWrong,
    );
    expectRefused(await postDelete(fan.cookie, {}), 400, 'VALIDATION_FAILED', 'Please check the highlighted fields.');
    expect((await postDelete(fan.cookie, { confirmEmail: 7 })).statusCode).toBe(400);
    expect((await postDelete(fan.cookie, { confirmEmail: fan.email, extra: true })).statusCode).toBe(400);
    expect((await getMe(t.app, fan.cookie)).json()).toMatchObject({ account: { id: fan.id } });
    expect((await accountRow(fan.id)).deletedAt).toBeNull();
  });

  it('refuses a visitor and the admin', async () => {
    expect((await postDelete(undefined, { confirmEmail: 'a@example.com' })).statusCode).toBe(401);
    const admin = await adminCookie(t.app);
    expectRefused(
      await postDelete(admin, { confirmEmail: TEST_ADMIN.email }),
      409,
      'CONFLICT',
      YOUR_DATA_MESSAGES.adminCannotDelete,
    );
  });

  it('deletes a fan: signed out everywhere, sign-in fails, her email can start afresh', async () => {
    const sale = await paidOrder(t);
    const { fan } = sale;
    const otherBefore = withoutTime(await exportedData(sale.creator.cookie));
    // A code she asked for before deleting must not open anything afterwards.
    const codeAsked = await t.app.inject({
      method: 'POST',
      url: '/api/auth/email-code',
      payload: { email: fan.email },
      remoteAddress: freshIp(),
    });
    expect(codeAsked.statusCode).toBe(200);
    const code = (await t.sentMail())
      .filter((message) => message.to === fan.email)
      .map((message) => /^(\d{6}) is your Kholo code$/.exec(message.subject)?.[1])
      .find((found) => found !== undefined);
    expect(code).toBeDefined();

    const response = await postDelete(fan.cookie, { confirmEmail: `  ${fan.email.toUpperCase()} ` });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: YOUR_DATA_MESSAGES.deleted });
    const cleared = response.cookies.find((cookie) => cookie.name.endsWith('kholo.session_token'));
    expect(cleared?.maxAge).toBe(0);

    expect((await getMe(t.app, fan.cookie)).json()).toEqual(VISITOR);
    expect((await exportOf(fan.cookie)).statusCode).toBe(401);
    expect((await signIn(t.app, { email: fan.email, password: PASSWORD, role: 'fan' })).statusCode).toBe(401);
    const withCode = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/code',
      payload: { email: fan.email, code, role: 'fan' },
      remoteAddress: freshIp(),
    });
    expect(withCode.statusCode).toBe(400);

    const row = await accountRow(fan.id);
    expect(row).toMatchObject({
      name: 'Deleted account',
      email: `deleted+${fan.id}@invalid`,
      deletedAt: t.clock.now(),
    });
    const fanRow = await t.database.db.selectFrom('fans').selectAll().where('userId', '=', fan.id).executeTakeFirst();
    expect(fanRow?.name).toBe('Deleted account');
    expect(await t.database.db.selectFrom('authSessions').where('userId', '=', fan.id).selectAll().execute()).toEqual(
      [],
    );
    expect(await t.database.db.selectFrom('authAccounts').where('userId', '=', fan.id).selectAll().execute()).toEqual(
      [],
    );
    // Her order stays, for the tax records, without her name or email.
    const order = await t.database.db
      .selectFrom('orders')
      .selectAll()
      .where('id', '=', sale.order.order_id)
      .executeTakeFirstOrThrow();
    expect(order).toMatchObject({ status: 'PAID', fanId: fan.id, amountPaise: 14_900 });
    const audit = await t.database.db
      .selectFrom('auditLog')
      .selectAll()
      .where('action', '=', 'account.delete')
      .where('subjectId', '=', fan.id)
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(audit)).not.toContain(fan.email);
    expect(JSON.stringify(audit)).not.toContain('Arjun');
    await expectLedgerHolds(t.app);
    // Another account's export is what it was.
    expect(withoutTime(await exportedData(sale.creator.cookie))).toEqual(otherBefore);

    // The same email signs up afresh: a new, empty account.
    const again = await signUp(t.app, { role: 'fan', email: fan.email, name: 'Arjun Again' });
    expect(again.me.account?.id).not.toBe(fan.id);
    const fresh = await exportedData(again.cookie);
    expect(fresh.orders).toEqual([]);
    expect(fresh.unlocks).toEqual([]);
  });

  it('deletes a creator with a sale: her page and items leave public view, her fan keeps the item until day 14', async () => {
    const sale = await paidOrder(t);
    const { creator, fan, item } = sale;
    const creatorEmail = await emailOf(t.database, creator.id);
    const balance = await walletOf(t.database, creator.id);
    expect(balance).toBe(14_155);

    expectRefused(
      await postDelete(creator.cookie, { confirmEmail: creatorEmail }),
      409,
      'CONFLICT',
      giveUpBalanceMessage(balance),
    );
    const response = await postDelete(creator.cookie, { confirmEmail: creatorEmail, giveUpBalance: true });
    expect(response.statusCode).toBe(200);

    // Her page says what an unknown creator's says, by handle, by id and by name.
    // (Other creators in this file are named Meera Rathore too: her name is checked with the fan's view below.)
    for (const name of [creator.handle, creator.id, 'Deleted account']) {
      const page = await t.app.inject({ url: `/api/creators/${encodeURIComponent(name)}` });
      expect(page.statusCode).toBe(404);
      expect(errorOf(page)).toEqual({ code: 'NOT_FOUND', message: CREATOR_PAGE_MESSAGES.notFound });
    }
    // Her item is gone for visitors and other fans, and its share preview names no one.
    expect((await t.app.inject({ url: `/api/contents/${item.id}` })).statusCode).toBe(404);
    const stranger = await newFan(t.app, 'Kavya Iyer');
    expect((await getAs(t.app, `/api/contents/${item.id}`, stranger.cookie)).statusCode).toBe(404);
    for (const url of [`/u/${creator.handle}`, `/content/${item.id}`]) {
      const html = await t.app.inject({ url });
      expect(html.body).not.toContain('Meera');
      expect(html.body).not.toContain('Monsoon');
    }
    // The fan who bought it still opens it, and its creator is no one by name.
    const detail = await getAs(t.app, `/api/contents/${item.id}`, fan.cookie);
    expect(detail.statusCode).toBe(200);
    expect(detail.json()).toMatchObject({ creator: { name: 'Deleted account' } });
    expect(JSON.stringify(detail.json())).not.toContain(creator.handle);
    expect((await getFile(t.app, `/api/contents/${item.id}/media`, fan.cookie)).statusCode).toBe(200);
    // Her handle is held (nobody can pose as her there) until the cooling-off ends.
    const taker = await signUp(t.app, { role: 'creator', name: 'Someone Else' });
    const claim = await t.app.inject({
      method: 'PATCH',
      url: '/api/studio/profile',
      payload: { handle: creator.handle },
      headers: { cookie: taker.cookie },
    });
    expect(claim.statusCode).toBe(409);

    // Sign-in fails; the ledger still balances, her given-up balance unmoved in her wallet account.
    expect((await signIn(t.app, { email: creatorEmail, password: PASSWORD, role: 'creator' })).statusCode).toBe(401);
    await expectLedgerHolds(t.app);
    expect(await walletOf(t.database, creator.id)).toBe(balance);
    const profile = await t.database.db
      .selectFrom('creators')
      .selectAll()
      .where('userId', '=', creator.id)
      .executeTakeFirstOrThrow();
    expect(profile).toMatchObject({ name: 'Deleted account', bio: null, avatarKey: null, deletedAt: t.clock.now() });

    // Day 14: her access ends as it would have.
    t.clock.advance(14 * DAY + 1);
    expect((await getAs(t.app, `/api/contents/${item.id}`, fan.cookie)).statusCode).toBe(404);
    t.clock.advance(-(14 * DAY + 1));
  });

  it('refuses a creator who can still withdraw, then while her withdrawal is on its way', async () => {
    const earning = await earningCreator(t);
    const { creator, balancePaise } = earning;
    expectRefused(
      await postDelete(creator.cookie, { confirmEmail: creator.email, giveUpBalance: true }),
      409,
      'CONFLICT',
      withdrawFirstMessage(balancePaise),
    );
    await withdraw(t.app, creator.cookie, balancePaise);
    expectRefused(
      await postDelete(creator.cookie, { confirmEmail: creator.email }),
      409,
      'CONFLICT',
      YOUR_DATA_MESSAGES.withdrawalInFlight,
    );
    expect((await accountRow(creator.id)).deletedAt).toBeNull();
    expect((await getMe(t.app, creator.cookie)).json()).toMatchObject({ account: { id: creator.id } });
    await expectLedgerHolds(t.app);
  });

  it('takes her name and email off the reports she sent, which stay as the record, and exports only her own', async () => {
    const { creator, item } = await paidOrder(t);
    const fan = await newFan(t.app, 'Sunita Reporter');
    const sent = await t.app.inject({
      method: 'POST',
      url: '/api/reports',
      payload: { contentId: item.id, reason: 'other', details: 'The description promises something else.' },
      remoteAddress: freshIp(),
      headers: { cookie: fan.cookie },
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const { ticket } = sent.json<{ ticket: string }>();
    const mine = await exportedData(fan.cookie);
    expect(mine.safetyTickets).toEqual([
      expect.objectContaining({ ticket, kind: 'report', reason: 'other', email: fan.email, status: 'open' }),
    ]);
    // The creator reported on sees nothing of who reported her.
    expect(JSON.stringify(await exportedData(creator.cookie))).not.toContain(ticket);

    expect((await postDelete(fan.cookie, { confirmEmail: fan.email })).statusCode).toBe(200);
    const row = await t.database.db
      .selectFrom('safetyTickets')
      .selectAll()
      .where('ticket', '=', ticket)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      reporterEmail: null,
      reporterName: null,
      reporterAccountId: null,
      details: 'The description promises something else.',
      status: 'open',
    });
  });

  it('of two deletions at once, one deletes and the other is told', async () => {
    const fan = await newFan(t.app);
    const answers = await Promise.all([
      postDelete(fan.cookie, { confirmEmail: fan.email }),
      postDelete(fan.cookie, { confirmEmail: fan.email }),
    ]);
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses[0]).toBe(200);
    expect([401, 409]).toContain(statuses[1]);
    const loser = answers.find((answer) => answer.statusCode !== 200)!;
    expect(errorOf(loser).message).toMatch(/already been deleted|log in/);
    const audits = await t.database.db
      .selectFrom('auditLog')
      .selectAll()
      .where('action', '=', 'account.delete')
      .where('subjectId', '=', fan.id)
      .execute();
    expect(audits).toHaveLength(1);
  });
});
