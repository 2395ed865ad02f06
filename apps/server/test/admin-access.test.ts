import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../src/db/connect.js';
import { errorOf } from './accounts-helpers.js';
import { adminCookie } from './content-helpers.js';
import { sellerAndFan } from './payments-helpers.js';
import { buildTestApp, TEST_ADMIN, type TestApp } from './test-app.js';

let t: TestApp;
let admin: string;
let cast: Awaited<ReturnType<typeof sellerAndFan>>;
beforeAll(async () => {
  t = await buildTestApp();
  admin = await adminCookie(t.app);
  cast = await sellerAndFan(t.app);
});
afterAll(() => t.close());

function call(
  method: 'GET' | 'POST',
  url: string,
  cookie: string | undefined,
  payload?: unknown,
  headers: Record<string, string> = {},
) {
  return t.app.inject({
    method,
    url,
    ...(payload === undefined ? {} : { payload: payload as object }),
    headers: { ...headers, ...(cookie === undefined ? {} : { cookie }) },
  });
}

/** Every table a moderation action could touch. */
async function moderationSnapshot(database: DatabaseHandle) {
  const { db } = database;
  return {
    contents: await db
      .selectFrom('contents')
      .select(['id', 'hiddenAt', 'hiddenReason', 'updatedAt'])
      .orderBy('id')
      .execute(),
    creators: await db
      .selectFrom('creators')
      .select(['userId', 'suspendedAt', 'suspendedReason'])
      .orderBy('userId')
      .execute(),
    audit: await db.selectFrom('auditLog').selectAll().orderBy('id').execute(),
  };
}

const READS = [
  '/api/admin/overview',
  '/api/admin/payments',
  '/api/admin/contents',
  '/api/admin/creators',
  '/api/admin/logs',
];

function actions() {
  return [
    { url: '/api/admin/contents/hide', payload: { id: cast.item.id, reason: 'Breaks the Terms' } },
    { url: '/api/admin/contents/unhide', payload: { id: cast.item.id } },
    { url: '/api/admin/creators/suspend', payload: { id: cast.creator.id, reason: 'Fraud reports' } },
    { url: '/api/admin/creators/reinstate', payload: { id: cast.creator.id } },
  ];
}

describe('admin routes: only the admin session counts, never the x-admin-email header', () => {
  it.each(READS)('GET %s', async (url) => {
    const anonymous = await call('GET', url, undefined);
    expect(anonymous.statusCode).toBe(401);
    expect(errorOf(anonymous).code).toBe('UNAUTHENTICATED');
    const forgedAlone = await call('GET', url, undefined, undefined, { 'x-admin-email': TEST_ADMIN.email });
    expect(forgedAlone.statusCode).toBe(401);
    for (const cookie of [cast.fan.cookie, cast.creator.cookie]) {
      const forged = await call('GET', url, cookie, undefined, { 'x-admin-email': TEST_ADMIN.email });
      expect(forged.statusCode).toBe(403);
      expect(errorOf(forged)).toEqual({ code: 'FORBIDDEN', message: 'Only the Kholo admin can do this.' });
    }
    const real = await call('GET', url, admin, undefined, { 'x-admin-email': 'someone-else@example.com' });
    expect(real.statusCode).toBe(200);
    expect(real.headers['cache-control']).toBe('no-store');
  });

  it('POST moderation actions: refused without the admin session, and nothing changes', async () => {
    const before = await moderationSnapshot(t.database);
    for (const { url, payload } of actions()) {
      const anonymous = await call('POST', url, undefined, payload);
      expect(anonymous.statusCode, url).toBe(401);
      const forgedAlone = await call('POST', url, undefined, payload, { 'x-admin-email': TEST_ADMIN.email });
      expect(forgedAlone.statusCode, url).toBe(401);
      expect(errorOf(forgedAlone).code).toBe('UNAUTHENTICATED');
      for (const cookie of [cast.fan.cookie, cast.creator.cookie]) {
        const forged = await call('POST', url, cookie, payload, { 'x-admin-email': TEST_ADMIN.email });
        expect(forged.statusCode, url).toBe(403);
        expect(errorOf(forged).code).toBe('FORBIDDEN');
      }
      // A form posted from another site, even with the admin's cookie.
      const crossSite = await call('POST', url, admin, payload, { origin: 'https://evil.example' });
      expect(crossSite.statusCode, url).toBe(403);
    }
    expect(await moderationSnapshot(t.database)).toEqual(before);
  });

  it('the real admin gets 200 from every action, in order', async () => {
    for (const { url, payload } of actions()) {
      const response = await call('POST', url, admin, payload, { 'x-admin-email': 'forged@example.com' });
      expect(response.statusCode, `${url} ${response.body}`).toBe(200);
      expect(response.headers['cache-control']).toBe('no-store');
    }
    const audit = await t.database.db
      .selectFrom('auditLog')
      .select(['action', 'actorEmail'])
      .orderBy('createdAt')
      .execute();
    expect(audit.map((row) => row.action).sort()).toEqual(
      ['content.hide', 'content.unhide', 'creator.reinstate', 'creator.suspend'].sort(),
    );
    expect(new Set(audit.map((row) => row.actorEmail))).toEqual(new Set([TEST_ADMIN.email]));
  });
});

describe('admin actions: input is checked before anything changes', () => {
  const longReason = 'x'.repeat(600);
  const cases: [string, string, unknown, Record<string, string>][] = [
    ['hide without an id', '/api/admin/contents/hide', { reason: 'Breaks the Terms' }, { id: 'Please say which one.' }],
    [
      'hide with a blank id',
      '/api/admin/contents/hide',
      { id: '   ', reason: 'Breaks the Terms' },
      { id: 'Please say which one.' },
    ],
    [
      'hide with a numeric id',
      '/api/admin/contents/hide',
      { id: 42, reason: 'Breaks the Terms' },
      { id: 'Please say which one.' },
    ],
    [
      'hide with a 101-character id',
      '/api/admin/contents/hide',
      { id: 'a'.repeat(101), reason: 'Breaks the Terms' },
      { id: 'That is not a Kholo id.' },
    ],
    ['hide without a reason', '/api/admin/contents/hide', { id: 'ITEM' }, { reason: 'Please give a reason.' }],
    [
      'hide with a blank reason',
      '/api/admin/contents/hide',
      { id: 'ITEM', reason: '  ' },
      { reason: 'Please give a reason.' },
    ],
    [
      'hide with a number for a reason',
      '/api/admin/contents/hide',
      { id: 'ITEM', reason: 12345 },
      { reason: 'Please give a reason.' },
    ],
    [
      'hide with a 600-character reason',
      '/api/admin/contents/hide',
      { id: 'ITEM', reason: longReason },
      { reason: 'Please keep the reason under 500 characters.' },
    ],
    ['unhide without an id', '/api/admin/contents/unhide', {}, { id: 'Please say which one.' }],
    ['unhide with an array id', '/api/admin/contents/unhide', { id: ['ITEM'] }, { id: 'Please say which one.' }],
    [
      'suspend without an id',
      '/api/admin/creators/suspend',
      { reason: 'Fraud reports' },
      { id: 'Please say which one.' },
    ],
    ['suspend without a reason', '/api/admin/creators/suspend', { id: 'CREATOR' }, { reason: 'Please give a reason.' }],
    [
      'suspend with a 600-character reason',
      '/api/admin/creators/suspend',
      { id: 'CREATOR', reason: longReason },
      { reason: 'Please keep the reason under 500 characters.' },
    ],
    ['reinstate without an id', '/api/admin/creators/reinstate', {}, { id: 'Please say which one.' }],
    ['reinstate with a null id', '/api/admin/creators/reinstate', { id: null }, { id: 'Please say which one.' }],
  ];

  it.each(cases)('%s → 400 with the field message', async (_name, url, payload, fields) => {
    const resolved = JSON.parse(
      JSON.stringify(payload)
        .replace('"ITEM"', JSON.stringify(cast.item.id))
        .replace('"CREATOR"', JSON.stringify(cast.creator.id)),
    ) as unknown;
    const before = await moderationSnapshot(t.database);
    const response = await call('POST', url, admin, resolved);
    expect(response.statusCode).toBe(400);
    const error = errorOf(response);
    expect(error.code).toBe('VALIDATION_FAILED');
    expect(error.fields).toEqual(fields);
    expect(await moderationSnapshot(t.database)).toEqual(before);
  });

  it('a body that is not JSON is refused', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/admin/contents/hide',
      payload: 'id=1&reason=spam',
      headers: { cookie: admin, 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(response.statusCode).toBe(415);
  });
});
