import {
  type AdminOverview,
  DISMISSED_ITEM_SHIELD_MS,
  LANE_DEADLINE_MS,
  LANE_OF_REASON,
  REPORT_AMEND_WINDOW_MS,
  REPORT_REASONS,
  SAFETY_MESSAGES,
  type SafetyQueue,
  type SafetyTicket,
  type StudioContents,
  type TicketReceipt,
} from '@kholo/contracts';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { errorOf, freshIp, signUp } from './accounts-helpers.js';
import { adminCookie, getAs, storedKeys, uploadItem } from './content-helpers.js';
import { expectLedgerHolds, paidOrder, sellerAndFan } from './payments-helpers.js';
import { buildTestApp, type TestApp } from './test-app.js';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await buildTestApp();
  admin = await adminCookie(t.app);
});
afterEach(async () => {
  await expectLedgerHolds(t.app);
});
afterAll(async () => {
  await t.close();
});

const HOUR = 60 * 60_000;

function report(payload: unknown, options: { cookie?: string; ip?: string } = {}) {
  return t.app.inject({
    method: 'POST',
    url: '/api/reports',
    payload: payload as object,
    remoteAddress: options.ip ?? freshIp(),
    headers: options.cookie === undefined ? {} : { cookie: options.cookie },
  });
}

async function reportOk(payload: unknown, options: { cookie?: string; ip?: string } = {}): Promise<TicketReceipt> {
  const response = await report(payload, options);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<TicketReceipt>();
}

function decide(ticket: string, payload: unknown, cookie = admin) {
  return t.app.inject({
    method: 'POST',
    url: `/api/admin/reports/${ticket}/decide`,
    payload: payload as object,
    headers: { cookie },
  });
}

async function queue(): Promise<SafetyQueue> {
  const response = await getAs(t.app, '/api/admin/reports', admin);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<SafetyQueue>();
}

async function ticketIn(ticket: string): Promise<SafetyTicket> {
  const found = (await queue()).items.find((item) => item.ticket === ticket);
  if (found === undefined) throw new Error(`${ticket} is not in the queue`);
  return found;
}

function expectError(response: LightMyRequestResponse, status: number, code: string, message?: string) {
  expect(response.statusCode, response.body).toBe(status);
  expect(errorOf(response)).toMatchObject(message === undefined ? { code } : { code, message });
}

async function creatorWithItem(title = 'Sunset at Nahargarh') {
  const creator = await signUp(t.app, { role: 'creator', name: 'Kavya Joshi' });
  const item = await uploadItem(t.app, creator.cookie, { title });
  return {
    cookie: creator.cookie,
    id: creator.me.account!.id,
    handle: creator.me.creator!.handle,
    email: creator.body.email,
    item,
  };
}

async function studioItem(cookie: string, id: string) {
  const response = await getAs(t.app, '/api/studio/contents', cookie);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<StudioContents>().items.find((item) => item.id === id);
}

async function publicStatus(id: string, cookie?: string): Promise<number> {
  return (await getAs(t.app, `/api/contents/${id}`, cookie)).statusCode;
}

async function emailOf(accountId: string): Promise<string> {
  const row = await t.database.db
    .selectFrom('authUsers')
    .select('email')
    .where('id', '=', accountId)
    .executeTakeFirstOrThrow();
  return row.email;
}

async function mailTo(address: string) {
  return (await t.sentMail()).filter((message) => message.to === address);
}

describe('a report', () => {
  it.each(REPORT_REASONS)('of “%s” lands in its lane with the deadline from the clock', async (reason) => {
    const { item } = await creatorWithItem();
    const payload: Record<string, string> = { contentId: item.id, reason };
    if (reason === 'other') payload.details = 'The caption is abusive towards a community.';
    if (reason === 'copyright') payload.originalUrl = 'https://example.com/my-original-photo';
    const before = t.clock.now();
    const receipt = await reportOk(payload);
    expect(receipt.ticket).toMatch(/^R-[0-9A-Z]{4}-[0-9A-Z]{4}$/);
    expect(receipt.lane).toBe(LANE_OF_REASON[reason]);
    expect(receipt.dueAt).toBe(before + LANE_DEADLINE_MS[receipt.lane]);
    expect(receipt.amendToken).toEqual(expect.any(String));
    expect(receipt.held).toBe(receipt.lane !== 'grievance');
  });

  it('in the 2-hour and 36-hour lanes hides the item from everyone but its creator and the admin at once', async () => {
    const cast = await paidOrder(t);
    expect(await publicStatus(cast.item.id, cast.fan.cookie)).toBe(200);
    const receipt = await reportOk({ contentId: cast.item.id, reason: 'intimate_images' });
    expect(receipt.lane).toBe('urgent');
    // The fan who paid cannot open it while it is under review either; nor can a visitor.
    expect(await publicStatus(cast.item.id)).toBe(404);
    expect(await publicStatus(cast.item.id, cast.fan.cookie)).toBe(404);
    expect(await publicStatus(cast.item.id, admin)).toBe(200);
    const mine = await studioItem(cast.creator.cookie, cast.item.id);
    expect(mine?.takedown).toEqual({
      state: 'under_review',
      reason: 'Under review after a report: Intimate images shared without consent',
      reportReason: 'intimate_images',
      decideBy: receipt.dueAt,
      canAskForReview: false,
      reviewRequest: null,
    });
    expect((await ticketIn(receipt.ticket)).heldItem).toBe(true);
    // The creator is told, and the admin is paged for the 2-hour lane.
    const creatorMail = (await t.sentMail()).filter(
      (message) => message.subject === '“Monsoon in Kochi” is under review',
    );
    expect(creatorMail.map((message) => message.to)).toContain(await emailOf(cast.creator.id));
    const adminMail = (await t.sentMail()).filter((message) =>
      message.subject.startsWith(`Urgent report ${receipt.ticket}`),
    );
    expect(adminMail).toHaveLength(1);
  });

  it('in the 7-day lane leaves the item in view', async () => {
    const { item } = await creatorWithItem();
    const receipt = await reportOk({
      contentId: item.id,
      reason: 'other',
      details: 'Misleading title, it is not Jaipur.',
    });
    expect(receipt.lane).toBe('grievance');
    expect(await publicStatus(item.id)).toBe(200);
    expect((await ticketIn(receipt.ticket)).heldItem).toBe(false);
  });

  it('of an item already held joins the review without a second hold', async () => {
    const { item } = await creatorWithItem();
    const first = await reportOk({ contentId: item.id, reason: 'nudity' });
    const second = await reportOk({ contentId: item.id, reason: 'copyright', originalUrl: 'https://example.com/a' });
    // Not held by this one, but out of view while the first waits.
    expect(second.held).toBe(true);
    expect((await ticketIn(first.ticket)).heldItem).toBe(true);
    expect((await ticketIn(second.ticket)).heldItem).toBe(false);
    const holds = await t.database.db
      .selectFrom('auditLog')
      .select('action')
      .where('subjectId', '=', item.id)
      .where('action', '=', 'content.hold')
      .execute();
    expect(holds).toHaveLength(1);
  });

  it('sent twice at once holds the item once', async () => {
    const { item } = await creatorWithItem();
    const [a, b] = await Promise.all([
      report({ contentId: item.id, reason: 'nudity' }),
      report({ contentId: item.id, reason: 'impersonation' }),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    const held = (await queue()).items.filter((row) => row.subject?.type === 'content' && row.subject.id === item.id);
    expect(held.filter((row) => row.heldItem)).toHaveLength(1);
  });

  it('of a deleted item is not found; of one taken down is refused; of her own by a creator is refused', async () => {
    const gone = await creatorWithItem();
    await t.app.inject({
      method: 'DELETE',
      url: `/api/studio/contents/${gone.item.id}`,
      headers: { cookie: gone.cookie },
    });
    expectError(await report({ contentId: gone.item.id, reason: 'nudity' }), 404, 'NOT_FOUND', SAFETY_MESSAGES.noItem);
    expectError(
      await report({ contentId: 'no-such-item', reason: 'nudity' }),
      404,
      'NOT_FOUND',
      SAFETY_MESSAGES.noItem,
    );

    const down = await creatorWithItem();
    const hidden = await t.app.inject({
      method: 'POST',
      url: '/api/admin/contents/hide',
      payload: { id: down.item.id, reason: 'Stolen photos' },
      headers: { cookie: admin },
    });
    expect(hidden.statusCode, hidden.body).toBe(200);
    expectError(
      await report({ contentId: down.item.id, reason: 'nudity' }),
      409,
      'CONFLICT',
      SAFETY_MESSAGES.itemTakenDown,
    );

    const own = await creatorWithItem();
    expectError(
      await report({ contentId: own.item.id, reason: 'nudity' }, { cookie: own.cookie }),
      409,
      'CONFLICT',
      SAFETY_MESSAGES.ownItem,
    );
    expectError(
      await report({ creatorHandle: own.handle, reason: 'impersonation' }, { cookie: own.cookie }),
      409,
      'CONFLICT',
      SAFETY_MESSAGES.ownPage,
    );
    expect(await publicStatus(own.item.id)).toBe(200);
  });

  it('says what is missing or wrong, field by field, and stores nothing', async () => {
    const { item } = await creatorWithItem();
    const cases: [unknown, string][] = [
      [{ reason: 'nudity' }, 'contentId'],
      [{ contentId: item.id, creatorHandle: 'someone', reason: 'nudity' }, 'creatorHandle'],
      [{ contentId: item.id, reason: 'other' }, 'details'],
      [{ contentId: item.id, reason: 'other', details: 'short' }, 'details'],
      [{ contentId: item.id, reason: 'copyright' }, 'originalUrl'],
      [{ contentId: item.id, reason: 'copyright', originalUrl: 'javascript:alert(1)' }, 'originalUrl'],
      [{ contentId: item.id, reason: 'boring' }, 'reason'],
      [{ contentId: item.id, reason: 'nudity', email: 'not-an-email' }, 'email'],
      [{ contentId: item.id, reason: 'nudity', details: 'x'.repeat(2001) }, 'details'],
      [{ contentId: 42, reason: 'nudity' }, 'contentId'],
      [{ contentId: item.id, reason: 'nudity', extra: true }, ''],
    ];
    const before = await t.database.db.selectFrom('safetyTickets').select('id').execute();
    for (const [payload, field] of cases) {
      const response = await report(payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      const error = errorOf(response);
      expect(error.code).toBe('VALIDATION_FAILED');
      if (field !== '') expect(Object.keys(error.fields ?? {}), JSON.stringify(payload)).toContain(field);
    }
    const after = await t.database.db.selectFrom('safetyTickets').select('id').execute();
    expect(after).toHaveLength(before.length);
    expect(await publicStatus(item.id)).toBe(200);
  });

  it('from one network is limited: a flood is refused and holds nothing more', async () => {
    const ip = freshIp();
    const { item } = await creatorWithItem();
    const others = [];
    for (let index = 0; index < 11; index += 1) others.push(await creatorWithItem());
    for (let index = 0; index < 10; index += 1) {
      const response = await report(
        { contentId: others[index]!.item.id, reason: 'other', details: 'Looks misleading to me.' },
        { ip },
      );
      expect(response.statusCode, response.body).toBe(201);
    }
    expectError(await report({ contentId: item.id, reason: 'nudity' }, { ip }), 429, 'RATE_LIMITED');
    expect(await publicStatus(item.id)).toBe(200);
    // Another network is not affected.
    expect((await report({ contentId: others[10]!.item.id, reason: 'scam_fraud' })).statusCode).toBe(201);
  });

  it('of a creator page by handle: unknown handles are not found, and the page stays up', async () => {
    const { handle } = await creatorWithItem();
    expectError(
      await report({ creatorHandle: 'nobody-here', reason: 'impersonation' }),
      404,
      'NOT_FOUND',
      SAFETY_MESSAGES.noCreator,
    );
    const receipt = await reportOk({ creatorHandle: handle.toUpperCase(), reason: 'impersonation' });
    expect(receipt.held).toBe(false);
    const row = await ticketIn(receipt.ticket);
    expect(row.subject).toMatchObject({ type: 'creator', handle, suspended: false });
    expect(row.actions).toEqual(['suspend', 'dismiss']);
    expect((await getAs(t.app, `/api/creators/${handle}`)).statusCode).toBe(200);
  });

  it('by a signed-in fan emails her the receipt; an anonymous one with an email gets it there', async () => {
    const { item } = await creatorWithItem();
    const fan = await signUp(t.app, { role: 'fan', name: 'Ritu' });
    const mine = await reportOk({ contentId: item.id, reason: 'scam_fraud' }, { cookie: fan.cookie });
    expect((await mailTo(fan.body.email)).map((message) => message.subject)).toContain(
      `We got your report (${mine.ticket})`,
    );
    const anonymous = await reportOk({ contentId: item.id, reason: 'scam_fraud', email: 'Someone@Example.com' });
    expect((await mailTo('someone@example.com')).map((message) => message.subject)).toContain(
      `We got your report (${anonymous.ticket})`,
    );
    expect((await ticketIn(anonymous.ticket)).reporterEmail).toBe('someone@example.com');
  });
});

describe('details added after a two-tap report', () => {
  function addDetails(ticket: string, payload: unknown) {
    return t.app.inject({
      method: 'POST',
      url: `/api/reports/${ticket}/details`,
      payload: payload as object,
      remoteAddress: freshIp(),
    });
  }

  it('are taken once, with the token, within the hour', async () => {
    const { item } = await creatorWithItem();
    const receipt = await reportOk({ contentId: item.id, reason: 'impersonation' });
    expectError(
      await addDetails(receipt.ticket, { amendToken: 'wrong', details: 'x' }),
      404,
      'NOT_FOUND',
      SAFETY_MESSAGES.noTicket,
    );
    expectError(await addDetails(receipt.ticket, { amendToken: receipt.amendToken }), 400, 'VALIDATION_FAILED');
    const added = await addDetails(receipt.ticket, {
      amendToken: receipt.amendToken,
      details: 'This is my photo from my Instagram, she is pretending to be me.',
      email: 'victim@example.com',
    });
    expect(added.statusCode, added.body).toBe(200);
    const row = await ticketIn(receipt.ticket);
    expect(row.details).toBe('This is my photo from my Instagram, she is pretending to be me.');
    expect(row.reporterEmail).toBe('victim@example.com');
    expect((await mailTo('victim@example.com')).map((message) => message.subject)).toContain(
      `We got your report (${receipt.ticket})`,
    );
    expectError(
      await addDetails(receipt.ticket, { amendToken: receipt.amendToken, details: 'more words here' }),
      409,
      'CONFLICT',
      SAFETY_MESSAGES.amendClosed,
    );
  });

  it('are refused after an hour', async () => {
    const { item } = await creatorWithItem();
    const receipt = await reportOk({ contentId: item.id, reason: 'nudity' });
    t.clock.advance(REPORT_AMEND_WINDOW_MS + 1);
    expectError(
      await addDetails(receipt.ticket, { amendToken: receipt.amendToken, details: 'late words here' }),
      409,
      'CONFLICT',
      SAFETY_MESSAGES.amendClosed,
    );
  });
});

describe('the takedown queue', () => {
  it('lists open tickets by deadline, marks the overdue and counts them on the Dashboard', async () => {
    const start = await queue();
    // Decide everything earlier tests left open, so this test sees only its own.
    for (const row of start.items.filter((item) => item.status === 'open')) {
      const action = row.actions.includes('dismiss') ? 'dismiss' : row.actions.includes('keep') ? 'keep' : 'close';
      // Deciding one report of an item decides its other open reports too (409 for those).
      const response = await decide(row.ticket, { action, note: 'Cleared by the test.' });
      expect([200, 409], response.body).toContain(response.statusCode);
    }
    const a = await creatorWithItem('A');
    const b = await creatorWithItem('B');
    const c = await creatorWithItem('C');
    const slow = await reportOk({ contentId: a.item.id, reason: 'other', details: 'A misleading description here.' });
    t.clock.advance(HOUR);
    const middle = await reportOk({ contentId: b.item.id, reason: 'copyright', originalUrl: 'https://example.com/b' });
    t.clock.advance(HOUR);
    const urgent = await reportOk({ contentId: c.item.id, reason: 'nudity' });
    let now = await queue();
    expect(now.items.filter((item) => item.status === 'open').map((item) => item.ticket)).toEqual([
      urgent.ticket,
      middle.ticket,
      slow.ticket,
    ]);
    expect(now.counts).toEqual({ open: 3, overdue: 0, dueSoon: 1 });

    t.clock.advance(2 * HOUR + 1);
    now = await queue();
    expect(now.items[0]).toMatchObject({ ticket: urgent.ticket, overdue: true, lane: 'urgent' });
    expect(now.counts).toEqual({ open: 3, overdue: 1, dueSoon: 0 });
    const overview = (await getAs(t.app, '/api/admin/overview', admin)).json<AdminOverview>();
    expect(overview.counts).toMatchObject({ openReports: 3, overdueReports: 1 });

    t.clock.advance(34 * HOUR);
    expect((await queue()).counts.overdue).toBe(2);
    for (const ticket of [urgent, middle, slow])
      expect((await decide(ticket.ticket, { action: 'dismiss' })).statusCode).toBe(200);
  });

  it('is the admin’s alone', async () => {
    const fan = await signUp(t.app, { role: 'fan' });
    expectError(await getAs(t.app, '/api/admin/reports'), 401, 'UNAUTHENTICATED');
    expectError(await getAs(t.app, '/api/admin/reports', fan.cookie), 403, 'FORBIDDEN');
    const { item } = await creatorWithItem();
    const receipt = await reportOk({ contentId: item.id, reason: 'nudity' });
    expectError(await decide(receipt.ticket, { action: 'dismiss' }, fan.cookie), 403, 'FORBIDDEN');
    expect(await publicStatus(item.id)).toBe(404);
  });
});

describe('a decision', () => {
  it('to remove takes the item down, refunds its fans, answers every report of it and emails creator and reporters', async () => {
    const cast = await paidOrder(t);
    const first = await reportOk({ contentId: cast.item.id, reason: 'intimate_images', email: 'first@example.com' });
    const second = await reportOk({ contentId: cast.item.id, reason: 'nudity', email: 'second@example.com' });
    expectError(
      await decide(first.ticket, { action: 'remove' }),
      400,
      'VALIDATION_FAILED',
      SAFETY_MESSAGES.noteRequired,
    );
    const response = await decide(first.ticket, { action: 'remove', note: 'Shows a person without her consent.' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<SafetyTicket>()).toMatchObject({
      status: 'removed',
      actions: [],
      decisionNote: 'Shows a person without her consent.',
    });
    expect((await ticketIn(second.ticket)).status).toBe('removed');

    expect(await publicStatus(cast.item.id, cast.fan.cookie)).toBe(404);
    const refunds = await t.database.db
      .selectFrom('refunds')
      .selectAll()
      .where('orderId', '=', cast.order.order_id)
      .execute();
    expect(refunds).toHaveLength(1);
    const mine = await studioItem(cast.creator.cookie, cast.item.id);
    expect(mine?.takedown).toEqual({
      state: 'removed',
      reason: 'Shows a person without her consent.',
      reportReason: null,
      decideBy: null,
      canAskForReview: true,
      reviewRequest: null,
    });
    const mail = await t.sentMail();
    expect(mail.filter((m) => m.to === 'first@example.com').map((m) => m.subject)).toContain(
      `Your report ${first.ticket}: we acted on it`,
    );
    expect(mail.filter((m) => m.to === 'second@example.com').map((m) => m.subject)).toContain(
      `Your report ${second.ticket}: we acted on it`,
    );
    expect(mail.some((m) => m.subject === '“Monsoon in Kochi” was removed')).toBe(true);
    const audit = await t.database.db
      .selectFrom('auditLog')
      .select(['action', 'actorEmail'])
      .where('subjectId', '=', cast.item.id)
      .orderBy('createdAt')
      .execute();
    expect(audit.map((row) => row.action)).toEqual(['content.hold', 'content.hide']);

    expectError(await decide(second.ticket, { action: 'dismiss' }), 409, 'CONFLICT', SAFETY_MESSAGES.ticketDecided);
  });

  it('to dismiss gives a held item back and tells the creator', async () => {
    const { item, email } = await creatorWithItem('Holi colours');
    const receipt = await reportOk({ contentId: item.id, reason: 'violence_hate_harassment' });
    expect(await publicStatus(item.id)).toBe(404);
    const response = await decide(receipt.ticket, { action: 'dismiss' });
    expect(response.statusCode, response.body).toBe(200);
    expect(await publicStatus(item.id)).toBe(200);
    expect((await mailTo(email)).map((m) => m.subject)).toContain('“Holi colours” is back on Kholo');
  });

  it('made by two admins at once is made once', async () => {
    const { item } = await creatorWithItem();
    const receipt = await reportOk({ contentId: item.id, reason: 'nudity' });
    const [a, b] = await Promise.all([
      decide(receipt.ticket, { action: 'remove', note: 'Explicit.' }),
      decide(receipt.ticket, { action: 'dismiss' }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const hides = await t.database.db
      .selectFrom('auditLog')
      .select('action')
      .where('subjectId', '=', item.id)
      .where('action', 'in', ['content.hide', 'content.release'])
      .execute();
    expect(hides).toHaveLength(1);
  });

  it('of reports whose item its creator deleted closes them and tells the reporters it is gone', async () => {
    const { item, cookie } = await creatorWithItem();
    // A 7-day-lane report: the item stays in view, and its creator may delete it.
    const receipt = await reportOk({
      contentId: item.id,
      reason: 'other',
      details: 'The title is misleading.',
      email: 'gone@example.com',
    });
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/studio/contents/${item.id}`,
      headers: { cookie },
    });
    expect(deleted.statusCode, deleted.body).toBe(204);
    const row = await ticketIn(receipt.ticket);
    expect(row).toMatchObject({ actions: ['close'], subject: { type: 'content', deleted: true } });
    expectError(
      await decide(receipt.ticket, { action: 'dismiss' }),
      400,
      'BAD_REQUEST',
      SAFETY_MESSAGES.actionNotAllowed,
    );
    expect((await decide(receipt.ticket, { action: 'close', note: 'Deleted by the creator.' })).statusCode).toBe(200);
    expect((await mailTo('gone@example.com')).map((m) => m.subject)).toContain(
      `Your report ${receipt.ticket}: no longer on Kholo`,
    );
  });

  it('refuses actions that do not fit the ticket, and unknown tickets', async () => {
    const { handle } = await creatorWithItem();
    const receipt = await reportOk({ creatorHandle: handle, reason: 'scam_fraud' });
    expectError(
      await decide(receipt.ticket, { action: 'remove', note: 'x' }),
      400,
      'BAD_REQUEST',
      SAFETY_MESSAGES.actionNotAllowed,
    );
    expectError(await decide(receipt.ticket, { action: 'explode' }), 400, 'VALIDATION_FAILED');
    expectError(await decide('R-0000-0000', { action: 'dismiss' }), 404, 'NOT_FOUND', SAFETY_MESSAGES.noTicket);
    // Lower case and without dashes, as read over the phone.
    const spoken = receipt.ticket.toLowerCase().replaceAll('-', '');
    expect((await decide(spoken, { action: 'suspend', note: 'Runs a fake giveaway.' })).statusCode).toBe(200);
    expect((await getAs(t.app, `/api/creators/${handle}`)).statusCode).toBe(404);
  });

  it('to suspend from an item report takes the item down and suspends its creator', async () => {
    const cast = await sellerAndFan(t.app);
    const receipt = await reportOk({ contentId: cast.item.id, reason: 'child_safety' });
    const response = await decide(receipt.ticket, { action: 'suspend', note: 'Child safety.' });
    expect(response.statusCode, response.body).toBe(200);
    expect((await getAs(t.app, `/api/creators/${cast.creator.handle}`)).statusCode).toBe(404);
    expect((await ticketIn(receipt.ticket)).subject).toMatchObject({ type: 'content', hiddenReason: 'Child safety.' });
  });

  it('upholding a third report against one creator suspends her pending review', async () => {
    const creator = await signUp(t.app, { role: 'creator', name: 'Repeat Offender' });
    const items = [];
    for (const title of ['One', 'Two', 'Three']) items.push(await uploadItem(t.app, creator.cookie, { title }));
    for (const [index, item] of items.entries()) {
      const receipt = await reportOk({
        contentId: item.id,
        reason: 'copyright',
        originalUrl: `https://example.com/${index}`,
      });
      expect(
        (await decide(receipt.ticket, { action: 'remove', note: 'Copied from another creator.' })).statusCode,
      ).toBe(200);
      const suspended = await t.database.db
        .selectFrom('creators')
        .select('suspendedReason')
        .where('userId', '=', creator.me.account!.id)
        .executeTakeFirstOrThrow();
      if (index < 2) expect(suspended.suspendedReason).toBeNull();
      else
        expect(suspended.suspendedReason).toBe('Suspended pending review: 3 reports against this account were upheld.');
    }
    expect((await mailTo(creator.body.email)).map((m) => m.subject)).toContain('Your Kholo page is suspended');
  });
});

describe('a review request', () => {
  function askReview(id: string, cookie: string, explanation = 'This is my own photo; I shot it at home in Jaipur.') {
    return t.app.inject({
      method: 'POST',
      url: `/api/studio/contents/${id}/review-request`,
      payload: { explanation },
      headers: { cookie },
    });
  }

  it('goes back into the queue once, and restoring it brings the item back', async () => {
    const { item, cookie, email } = await creatorWithItem('My own photo');
    const receipt = await reportOk({ contentId: item.id, reason: 'copyright', originalUrl: 'https://example.com/c' });
    expectError(await askReview(item.id, cookie), 409, 'CONFLICT', SAFETY_MESSAGES.notRemoved);
    expect((await decide(receipt.ticket, { action: 'remove', note: 'Same as the linked photo.' })).statusCode).toBe(
      200,
    );

    const other = await signUp(t.app, { role: 'creator' });
    expectError(await askReview(item.id, other.cookie), 404, 'NOT_FOUND', SAFETY_MESSAGES.noItem);
    expectError(await askReview(item.id, cookie, 'too short'), 400, 'VALIDATION_FAILED');

    const [a, b] = await Promise.all([askReview(item.id, cookie), askReview(item.id, cookie)]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 409]);
    const review = (a.statusCode === 201 ? a : b).json<TicketReceipt>();
    expect(review.ticket).toMatch(/^A-/);
    expect(review.lane).toBe('grievance');
    expect((await studioItem(cookie, item.id))?.takedown).toMatchObject({
      state: 'removed',
      canAskForReview: false,
      reviewRequest: { ticket: review.ticket, status: 'open' },
    });
    const row = await ticketIn(review.ticket);
    expect(row).toMatchObject({ kind: 'review_request', actions: ['restore', 'keep'] });
    expect(row.details).toBe('This is my own photo; I shot it at home in Jaipur.');

    expect(
      (await decide(review.ticket, { action: 'restore', note: 'The creator showed the original file.' })).statusCode,
    ).toBe(200);
    expect(await publicStatus(item.id)).toBe(200);
    expect((await studioItem(cookie, item.id))?.takedown).toBeNull();
    expect((await mailTo(email)).map((m) => m.subject)).toContain('“My own photo” is back on Kholo');
  });

  it('kept: the item stays down and she is told why', async () => {
    const { item, cookie, email } = await creatorWithItem('Copied');
    const receipt = await reportOk({ contentId: item.id, reason: 'nudity' });
    expect((await decide(receipt.ticket, { action: 'remove', note: 'Explicit.' })).statusCode).toBe(200);
    const review = (await askReview(item.id, cookie)).json<TicketReceipt>();
    expectError(await decide(review.ticket, { action: 'keep' }), 400, 'VALIDATION_FAILED');
    expect((await decide(review.ticket, { action: 'keep', note: 'It is explicit.' })).statusCode).toBe(200);
    expect(await publicStatus(item.id)).toBe(404);
    expect((await mailTo(email)).map((m) => m.subject)).toContain(`Review ${review.ticket}: “Copied” stays removed`);
    expectError(await askReview(item.id, cookie), 409, 'CONFLICT', SAFETY_MESSAGES.reviewAlreadyAsked);
  });
});

describe('the queue and the admin’s other switches', () => {
  function adminAct(url: string, payload: unknown) {
    return t.app.inject({ method: 'POST', url, payload: payload as object, headers: { cookie: admin } });
  }

  it('after a dismissal, new reports of the item wait in the queue without hiding it', async () => {
    const { item } = await creatorWithItem();
    const first = await reportOk({ contentId: item.id, reason: 'nudity' });
    expect((await decide(first.ticket, { action: 'dismiss' })).statusCode).toBe(200);
    const again = await reportOk({ contentId: item.id, reason: 'nudity', email: 'again@example.com' });
    expect(again.held).toBe(false);
    expect(await publicStatus(item.id)).toBe(200);
    expect((await ticketIn(again.ticket)).heldItem).toBe(false);
    const receipt = (await mailTo('again@example.com')).find(
      (m) => m.subject === `We got your report (${again.ticket})`,
    );
    expect(receipt?.text).not.toContain('hidden from everyone');
    // A month later a report holds it again.
    t.clock.advance(DISMISSED_ITEM_SHIELD_MS);
    expect((await decide(again.ticket, { action: 'dismiss' })).statusCode).toBe(200);
    t.clock.advance(DISMISSED_ITEM_SHIELD_MS + 1);
    await reportOk({ contentId: item.id, reason: 'impersonation' });
    expect(await publicStatus(item.id)).toBe(404);
  });

  it('a creator cannot delete an item under review; one taken down keeps its files when she deletes it', async () => {
    const { item, cookie } = await creatorWithItem();
    const receipt = await reportOk({ contentId: item.id, reason: 'nudity' });
    const refused = await t.app.inject({
      method: 'DELETE',
      url: `/api/studio/contents/${item.id}`,
      headers: { cookie },
    });
    expectError(refused, 409, 'CONFLICT', SAFETY_MESSAGES.heldItemDelete);
    expect((await decide(receipt.ticket, { action: 'remove', note: 'Explicit.' })).statusCode).toBe(200);
    const row = await t.database.db
      .selectFrom('contents')
      .selectAll()
      .where('id', '=', item.id)
      .executeTakeFirstOrThrow();
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/studio/contents/${item.id}`,
      headers: { cookie },
    });
    expect(deleted.statusCode, deleted.body).toBe(204);
    const after = await t.database.db
      .selectFrom('contents')
      .selectAll()
      .where('id', '=', item.id)
      .executeTakeFirstOrThrow();
    expect(after.filesRemovedAt).toBeNull();
    expect(await storedKeys(t)).toEqual(expect.arrayContaining([row.mediaKey, row.previewKey]));
  });

  it('reports of an item the admin took down from the Content tab are closed as upheld', async () => {
    const { item } = await creatorWithItem();
    const receipt = await reportOk({
      contentId: item.id,
      reason: 'other',
      details: 'Fake description here.',
      email: 'r@example.com',
    });
    expect((await adminAct('/api/admin/contents/hide', { id: item.id, reason: 'Misleading' })).statusCode).toBe(200);
    expect((await ticketIn(receipt.ticket)).actions).toEqual(['close']);
    expect((await decide(receipt.ticket, { action: 'close', note: 'Taken down.' })).statusCode).toBe(200);
    expect((await ticketIn(receipt.ticket)).status).toBe('removed');
    expect((await mailTo('r@example.com')).map((m) => m.subject)).toContain(
      `Your report ${receipt.ticket}: we acted on it`,
    );
  });

  it('a held item is decided in the Reports tab, not hidden again from the Content tab', async () => {
    const { item } = await creatorWithItem();
    await reportOk({ contentId: item.id, reason: 'nudity' });
    expectError(
      await adminAct('/api/admin/contents/hide', { id: item.id, reason: 'Explicit' }),
      409,
      'CONFLICT',
      SAFETY_MESSAGES.heldItemHide,
    );
  });

  it('a review request of an item the admin showed again meanwhile can only be answered “restored”', async () => {
    const { item, cookie } = await creatorWithItem();
    const receipt = await reportOk({ contentId: item.id, reason: 'nudity' });
    expect((await decide(receipt.ticket, { action: 'remove', note: 'Explicit.' })).statusCode).toBe(200);
    const review = await t.app.inject({
      method: 'POST',
      url: `/api/studio/contents/${item.id}/review-request`,
      payload: { explanation: 'It is a painting of a landscape, nothing explicit.' },
      headers: { cookie },
    });
    expect(review.statusCode, review.body).toBe(201);
    const ticket = review.json<TicketReceipt>().ticket;
    expect((await adminAct('/api/admin/contents/unhide', { id: item.id })).statusCode).toBe(200);
    expect((await ticketIn(ticket)).actions).toEqual(['restore']);
    expect((await decide(ticket, { action: 'restore' })).statusCode).toBe(200);
    expect(await publicStatus(item.id)).toBe(200);
  });

  it('a review that restored an item does not count towards the three that suspend', async () => {
    const creator = await signUp(t.app, { role: 'creator', name: 'Wrongly Reported' });
    const items = [];
    for (const title of ['Uno', 'Dos', 'Tres']) items.push(await uploadItem(t.app, creator.cookie, { title }));
    for (const [index, item] of items.entries()) {
      const receipt = await reportOk({ contentId: item.id, reason: 'nudity' });
      expect((await decide(receipt.ticket, { action: 'remove', note: 'Looked explicit.' })).statusCode).toBe(200);
      if (index === 0) {
        const review = await t.app.inject({
          method: 'POST',
          url: `/api/studio/contents/${item.id}/review-request`,
          payload: { explanation: 'It is a classical sculpture in a museum.' },
          headers: { cookie: creator.cookie },
        });
        expect((await decide(review.json<TicketReceipt>().ticket, { action: 'restore' })).statusCode).toBe(200);
      }
    }
    const row = await t.database.db
      .selectFrom('creators')
      .select('suspendedAt')
      .where('userId', '=', creator.me.account!.id)
      .executeTakeFirstOrThrow();
    expect(row.suspendedAt).toBeNull();
  });

  it('details cannot be added to a report decided already', async () => {
    const { item } = await creatorWithItem();
    const receipt = await reportOk({ contentId: item.id, reason: 'nudity' });
    expect((await decide(receipt.ticket, { action: 'dismiss' })).statusCode).toBe(200);
    const late = await t.app.inject({
      method: 'POST',
      url: `/api/reports/${receipt.ticket}/details`,
      payload: { amendToken: receipt.amendToken, email: 'late@example.com' },
      remoteAddress: freshIp(),
    });
    expectError(late, 409, 'CONFLICT', SAFETY_MESSAGES.amendClosed);
  });
});

describe('a complaint to the Grievance Officer', () => {
  function complain(payload: unknown) {
    return t.app.inject({
      method: 'POST',
      url: '/api/grievances',
      payload: payload as object,
      remoteAddress: freshIp(),
    });
  }

  it('gets a ticket, an acknowledgement at once, and the answer by email', async () => {
    const before = t.clock.now();
    const response = await complain({
      name: 'Anita Rao',
      email: 'anita@example.com',
      topic: 'privacy',
      details: 'Please tell me what data you hold about me.',
    });
    expect(response.statusCode, response.body).toBe(201);
    const receipt = response.json<TicketReceipt>();
    expect(receipt).toMatchObject({ lane: 'grievance', dueAt: before + LANE_DEADLINE_MS.grievance, amendToken: null });
    expect(receipt.ticket).toMatch(/^G-/);
    expect((await mailTo('anita@example.com')).map((m) => m.subject)).toContain(
      `We received your complaint (${receipt.ticket})`,
    );
    const row = await ticketIn(receipt.ticket);
    expect(row).toMatchObject({ kind: 'grievance', topic: 'privacy', actions: ['close'], reporterName: 'Anita Rao' });
    expectError(await decide(receipt.ticket, { action: 'close' }), 400, 'VALIDATION_FAILED');
    expect((await decide(receipt.ticket, { action: 'close', note: 'Your data is in Your data.' })).statusCode).toBe(
      200,
    );
    expect((await mailTo('anita@example.com')).map((m) => m.subject)).toContain(
      `Your complaint ${receipt.ticket}: our answer`,
    );
  });

  it('refuses a complaint without an email or details', async () => {
    for (const payload of [
      { name: 'A', topic: 'other', details: 'Something is wrong here.' },
      { name: 'A', email: 'a@example.com', topic: 'other', details: 'short' },
      { name: 'A', email: 'a@example.com', topic: 'weather', details: 'Something is wrong here.' },
    ]) {
      expectError(await complain(payload), 400, 'VALIDATION_FAILED');
    }
  });
});
