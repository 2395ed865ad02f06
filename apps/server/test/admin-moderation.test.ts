import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {
  ADMIN_MESSAGES,
  type AdminContent,
  type AdminCreator,
  type ContentDetail,
  type CreatorPage,
  type FanUnlocks,
  type StudioContents,
} from '@kholo/contracts';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { errorOf, getMe } from './accounts-helpers.js';
import { adminCookie, getAs, getFile, pngImage, postUpload, uploadForm, uploadItem } from './content-helpers.js';
import { expectLedgerHolds, newFan, paidOrder, postOrder } from './payments-helpers.js';
import { buildTestApp, TEST_ADMIN, type TestApp } from './test-app.js';
import { multipartBody } from './content-helpers.js';

let t: TestApp;
let admin: string;
let adminId: string;
let dist: string;
beforeAll(async () => {
  // A built web app of one page, so share previews (the <head> of /u/… and /content/…) can be read.
  dist = await fs.mkdtemp(path.join(os.tmpdir(), 'kholo-dist-'));
  await fs.writeFile(
    path.join(dist, 'index.html'),
    '<!doctype html><html lang="en-IN"><head><meta name="kholo-config" content="{}" /></head><body><div id="root"></div></body></html>',
  );
  t = await buildTestApp({ webDistDir: dist, publicUrl: 'https://kholo.example' });
  admin = await adminCookie(t.app);
  const row = await t.database.db
    .selectFrom('authUsers')
    .select('id')
    .where('email', '=', TEST_ADMIN.email)
    .executeTakeFirstOrThrow();
  adminId = row.id;
});
afterEach(async () => {
  await expectLedgerHolds(t.app);
});
afterAll(async () => {
  await t.close();
  await fs.rm(dist, { recursive: true, force: true });
});

function act(url: string, payload: unknown) {
  return t.app.inject({ method: 'POST', url, payload: payload as object, headers: { cookie: admin } });
}
const hide = (id: string, reason = 'Shows a stranger without consent') =>
  act('/api/admin/contents/hide', { id, reason });
const unhide = (id: string) => act('/api/admin/contents/unhide', { id });
const suspend = (id: string, reason = 'Sells other people’s photos') =>
  act('/api/admin/creators/suspend', { id, reason });
const reinstate = (id: string) => act('/api/admin/creators/reinstate', { id });

function expectError(response: LightMyRequestResponse, status: number, code: string, message: string) {
  expect(response.statusCode, response.body).toBe(status);
  expect(errorOf(response)).toMatchObject({ code, message });
}

async function auditOf(subjectId: string) {
  const rows = await t.database.db
    .selectFrom('auditLog')
    .selectAll()
    .where('subjectId', '=', subjectId)
    .orderBy('createdAt')
    .orderBy('action')
    .execute();
  return rows.map((row) => ({
    ...row,
    before: row.before === null ? null : (JSON.parse(row.before) as unknown),
    after: row.after === null ? null : (JSON.parse(row.after) as unknown),
  }));
}

/** The link-preview tags the server puts into a page's <head>. */
async function shareTitle(url: string): Promise<string | null> {
  const page = await getAs(t.app, url);
  expect(page.statusCode).toBe(200);
  return /<meta property="og:title" content="([^"]*)" \/>/.exec(page.body)?.[1] ?? null;
}

async function pageOf(handle: string, cookie?: string) {
  const response = await getAs(t.app, `/api/creators/${handle}`, cookie);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<CreatorPage>();
}

describe('hiding an item that breaks the Terms', () => {
  it('takes it off Kholo for visitors and fans, even one holding an unlock, and unhide brings it back', async () => {
    const cast = await paidOrder(t);
    const other = await uploadItem(t.app, cast.creator.cookie, { title: 'Backwaters at dawn' });
    const reason = 'Shows a stranger without consent';
    const hidden = await hide(cast.item.id, reason);
    expect(hidden.statusCode, hidden.body).toBe(200);
    expect(hidden.json<AdminContent>()).toMatchObject({
      id: cast.item.id,
      hiddenAt: t.clock.now(),
      hiddenReason: reason,
      creatorId: cast.creator.id,
      creatorHandle: cast.creator.handle,
      // Her access was still running: she is refunded, so the sale is undone (refunds.test.ts).
      unlocks: 0,
    });

    // Public lists and counts.
    for (const cookie of [undefined, cast.fan.cookie]) {
      const page = await pageOf(cast.creator.handle, cookie);
      expect(page.items.map((item) => item.id)).toEqual([other.id]);
      expect(page.totalCount).toBe(1);
    }
    // The fan paid, but the item broke the Terms: gone from her purchases and every route.
    const unlocks = await getAs(t.app, '/api/fan/unlocks', cast.fan.cookie);
    expect(unlocks.json<FanUnlocks>().items).toEqual([]);
    for (const suffix of ['', '/media', '/download', '/preview']) {
      for (const cookie of [undefined, cast.fan.cookie]) {
        const response = await getAs(t.app, `/api/contents/${cast.item.id}${suffix}`, cookie);
        expectError(response, 404, 'NOT_FOUND', 'Content not found.');
      }
    }
    // New orders are refused, from her and from anyone else.
    const stranger = await newFan(t.app, 'Kabir Singh');
    for (const cookie of [stranger.cookie, cast.fan.cookie]) {
      expectError(await postOrder(t.app, cookie, { contentId: cast.item.id }), 404, 'NOT_FOUND', 'Content not found.');
    }
    // Share cards say nothing of it.
    expect(await shareTitle(`/content/${cast.item.id}`)).toBeNull();

    // Its creator still sees it, with the reason; so does the admin.
    const studio = await getAs(t.app, '/api/studio/contents', cast.creator.cookie);
    const mine = studio.json<StudioContents>().items.find((item) => item.id === cast.item.id);
    expect(mine).toMatchObject({ hiddenReason: reason, access: { kind: 'owner' } });
    expect((await getFile(t.app, `/api/contents/${cast.item.id}/media`, cast.creator.cookie)).statusCode).toBe(200);
    const asAdmin = await getAs(t.app, `/api/contents/${cast.item.id}`, admin);
    expect(asAdmin.json<ContentDetail>().item.access).toEqual({ kind: 'admin' });
    const list = await getAs(t.app, '/api/admin/contents', admin);
    expect(list.json<{ items: AdminContent[] }>().items.find((item) => item.id === cast.item.id)).toMatchObject({
      hiddenAt: t.clock.now(),
      hiddenReason: reason,
    });

    // Hiding twice is a conflict and writes nothing more.
    expectError(await hide(cast.item.id), 409, 'CONFLICT', 'This item is already hidden.');

    t.clock.advance(60_000);
    const shown = await unhide(cast.item.id);
    expect(shown.statusCode, shown.body).toBe(200);
    expect(shown.json<AdminContent>()).toMatchObject({ id: cast.item.id, hiddenAt: null, hiddenReason: null });
    expectError(await unhide(cast.item.id), 409, 'CONFLICT', 'This item is not hidden.');

    // Everything is back: the page, orders, share cards. Not the fan's unlock: the hide refunded
    // her, so she would have to buy it again.
    expect((await pageOf(cast.creator.handle)).totalCount).toBe(2);
    const detail = await getAs(t.app, `/api/contents/${cast.item.id}`, cast.fan.cookie);
    expect(detail.statusCode).toBe(200);
    expect(detail.json<ContentDetail>().item.access).toEqual({ kind: 'locked', accessEndedAt: null });
    expect((await getFile(t.app, `/api/contents/${cast.item.id}/download`, cast.fan.cookie)).statusCode).toBe(404);
    expect((await getAs(t.app, '/api/fan/unlocks', cast.fan.cookie)).json<FanUnlocks>().items).toHaveLength(0);
    expect((await postOrder(t.app, stranger.cookie, { contentId: cast.item.id })).statusCode).toBe(200);
    expect(await shareTitle(`/content/${cast.item.id}`)).toContain('Monsoon in Kochi');
    const studioAfter = await getAs(t.app, '/api/studio/contents', cast.creator.cookie);
    expect(studioAfter.json<StudioContents>().items.find((item) => item.id === cast.item.id)?.hiddenReason).toBeNull();

    // One audit row per change: who, what, when, before and after.
    expect(await auditOf(cast.item.id)).toEqual([
      expect.objectContaining({
        actorId: adminId,
        actorEmail: TEST_ADMIN.email,
        action: 'content.hide',
        before: { hiddenAt: null, hiddenReason: null },
        after: { hiddenAt: t.clock.now() - 60_000, hiddenReason: reason, refundedFans: 1, refundedPaise: 14_900 },
        reason,
        createdAt: t.clock.now() - 60_000,
      }),
      expect.objectContaining({
        actorEmail: TEST_ADMIN.email,
        action: 'content.unhide',
        before: { hiddenAt: t.clock.now() - 60_000, hiddenReason: reason },
        after: { hiddenAt: null, hiddenReason: null },
        reason: null,
        createdAt: t.clock.now(),
      }),
    ]);
    // The Logs tab shows them, newest first.
    const logs = await getAs(t.app, '/api/admin/logs', admin);
    const audit = logs.json<{ audit: { action: string; subjectId: string }[] }>().audit;
    expect(audit.filter((row) => row.subjectId === cast.item.id).map((row) => row.action)).toEqual([
      'content.unhide',
      'content.hide',
    ]);
  });

  it('an unknown or deleted item is a 404, and the reason is stored trimmed', async () => {
    const cast = await paidOrder(t);
    expectError(await hide('no-such-item'), 404, 'NOT_FOUND', 'There is no item with that id.');
    expectError(await unhide('no-such-item'), 404, 'NOT_FOUND', 'There is no item with that id.');
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/studio/contents/${cast.item.id}`,
      headers: { cookie: cast.creator.cookie },
    });
    expect(removed.statusCode).toBe(204);
    expectError(await hide(cast.item.id), 404, 'NOT_FOUND', 'There is no item with that id.');
    expect(await auditOf(cast.item.id)).toEqual([]);
    // Deleted (not hidden) items stay open to the fan who paid.
    expect((await getAs(t.app, `/api/contents/${cast.item.id}`, cast.fan.cookie)).statusCode).toBe(200);

    const item = await uploadItem(t.app, cast.creator.cookie);
    const response = await hide(item.id, '   Spam   ');
    expect(response.json<AdminContent>().hiddenReason).toBe('Spam');
  });

  it('ten simultaneous hides: exactly one changes the item and writes the audit row', async () => {
    const cast = await paidOrder(t);
    const responses = await Promise.all(Array.from({ length: 10 }, () => hide(cast.item.id)));
    const codes = responses.map((response) => response.statusCode).sort();
    expect(codes).toEqual([200, ...Array<number>(9).fill(409)]);
    for (const response of responses.filter((one) => one.statusCode === 409)) {
      expect(errorOf(response).message).toBe('This item is already hidden.');
    }
    expect(await auditOf(cast.item.id)).toHaveLength(1);

    const unhides = await Promise.all(Array.from({ length: 10 }, () => unhide(cast.item.id)));
    expect(unhides.map((response) => response.statusCode).sort()).toEqual([200, ...Array<number>(9).fill(409)]);
    expect((await auditOf(cast.item.id)).map((row) => row.action)).toEqual(['content.hide', 'content.unhide']);
  });
});

describe('suspending a creator', () => {
  it('takes her page down and stops uploads and sales; fans who paid keep access; reinstate restores it all', async () => {
    const cast = await paidOrder(t);
    const second = await uploadItem(t.app, cast.creator.cookie, { title: 'Backwaters at dawn' });
    const reason = 'Sells other people’s photos';
    const response = await suspend(cast.creator.id, reason);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<AdminCreator>()).toMatchObject({
      id: cast.creator.id,
      handle: cast.creator.handle,
      suspendedAt: t.clock.now(),
      suspendedReason: reason,
      contentCount: 2,
    });

    // The page is gone for everyone, by handle and by id; her share card too.
    for (const cookie of [undefined, cast.fan.cookie, cast.creator.cookie, admin]) {
      for (const name of [cast.creator.handle, cast.creator.id]) {
        expectError(
          await getAs(t.app, `/api/creators/${name}`, cookie),
          404,
          'NOT_FOUND',
          ADMIN_MESSAGES.creatorUnavailable,
        );
      }
    }
    expect(ADMIN_MESSAGES.creatorUnavailable).toBe('This creator’s page is not available.');
    expect(await shareTitle(`/u/${cast.creator.handle}`)).toBeNull();
    expect(await shareTitle(`/content/${cast.item.id}`)).toBeNull();

    // Uploads are refused with the spec's kind of message, before the file is read.
    const upload = await postUpload(t.app, cast.creator.cookie, uploadForm({ file: await pngImage() }));
    expectError(upload, 403, 'FORBIDDEN', 'Your creator account is suspended. Please contact support.');
    const { payload, headers } = multipartBody([
      { name: 'file', value: await pngImage(), fileName: 'me.png', contentType: 'image/png' },
    ]);
    const avatar = await t.app.inject({
      method: 'POST',
      url: '/api/studio/avatar',
      payload,
      headers: { ...headers, cookie: cast.creator.cookie },
    });
    expectError(avatar, 403, 'FORBIDDEN', ADMIN_MESSAGES.suspended);
    expect((await getAs(t.app, '/api/studio/contents', cast.creator.cookie)).json<StudioContents>().items).toHaveLength(
      2,
    );

    // Nothing of hers can be bought; visitors and other fans do not see her items.
    const stranger = await newFan(t.app, 'Kabir Singh');
    for (const id of [cast.item.id, second.id]) {
      expectError(await postOrder(t.app, stranger.cookie, { contentId: id }), 404, 'NOT_FOUND', 'Content not found.');
      for (const cookie of [undefined, stranger.cookie]) {
        expectError(await getAs(t.app, `/api/contents/${id}`, cookie), 404, 'NOT_FOUND', 'Content not found.');
        expectError(await getAs(t.app, `/api/contents/${id}/preview`, cookie), 404, 'NOT_FOUND', 'Content not found.');
      }
    }
    // The fan who paid keeps her 14 days.
    const detail = await getAs(t.app, `/api/contents/${cast.item.id}`, cast.fan.cookie);
    expect(detail.statusCode, detail.body).toBe(200);
    expect(detail.json<ContentDetail>()).toMatchObject({
      item: { access: { kind: 'unlocked' } },
      creator: { id: cast.creator.id },
    });
    expect((await getFile(t.app, `/api/contents/${cast.item.id}/media`, cast.fan.cookie)).statusCode).toBe(200);
    expect((await getAs(t.app, `/api/contents/${cast.item.id}/preview`, cast.fan.cookie)).statusCode).toBe(200);
    expect((await getAs(t.app, '/api/fan/unlocks', cast.fan.cookie)).json<FanUnlocks>().items).toHaveLength(1);
    // Her dashboard says why.
    const me = await getMe(t.app, cast.creator.cookie);
    expect(me.json<{ creator: { suspendedReason: string | null } }>().creator.suspendedReason).toBe(reason);

    // The admin's list shows it; suspending twice is a conflict.
    const creators = await getAs(t.app, '/api/admin/creators', admin);
    expect(creators.json<{ items: AdminCreator[] }>().items.find((one) => one.id === cast.creator.id)).toMatchObject({
      suspendedAt: t.clock.now(),
      suspendedReason: reason,
    });
    expectError(await suspend(cast.creator.id), 409, 'CONFLICT', 'This creator is already suspended.');

    t.clock.advance(60_000);
    const back = await reinstate(cast.creator.id);
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json<AdminCreator>()).toMatchObject({ suspendedAt: null, suspendedReason: null });
    expectError(await reinstate(cast.creator.id), 409, 'CONFLICT', 'This creator is not suspended.');

    const page = await pageOf(cast.creator.handle);
    expect(page.totalCount).toBe(2);
    expect(await shareTitle(`/u/${cast.creator.handle}`)).toContain('Meera Rathore');
    expect((await postOrder(t.app, stranger.cookie, { contentId: second.id })).statusCode).toBe(200);
    expect((await getAs(t.app, `/api/contents/${second.id}`, stranger.cookie)).statusCode).toBe(200);
    expect((await uploadItem(t.app, cast.creator.cookie)).id).toEqual(expect.any(String));
    expect(
      (await getMe(t.app, cast.creator.cookie)).json<{ creator: { suspendedReason: string | null } }>().creator
        .suspendedReason,
    ).toBeNull();

    expect(await auditOf(cast.creator.id)).toEqual([
      expect.objectContaining({
        actorId: adminId,
        actorEmail: TEST_ADMIN.email,
        action: 'creator.suspend',
        before: { suspendedAt: null, suspendedReason: null },
        after: { suspendedAt: t.clock.now() - 60_000, suspendedReason: reason },
        reason,
      }),
      expect.objectContaining({
        action: 'creator.reinstate',
        before: { suspendedAt: t.clock.now() - 60_000, suspendedReason: reason },
        after: { suspendedAt: null, suspendedReason: null },
        reason: null,
      }),
    ]);
  });

  it('a hidden item of a suspended creator is closed even to the fan who paid', async () => {
    const cast = await paidOrder(t);
    expect((await suspend(cast.creator.id)).statusCode).toBe(200);
    expect((await hide(cast.item.id)).statusCode).toBe(200);
    expectError(
      await getAs(t.app, `/api/contents/${cast.item.id}`, cast.fan.cookie),
      404,
      'NOT_FOUND',
      'Content not found.',
    );
    expect((await unhide(cast.item.id)).statusCode).toBe(200);
    // The hide refunded her, so her access ended for good: bringing the item back does not reopen it.
    expect((await getAs(t.app, `/api/contents/${cast.item.id}`, cast.fan.cookie)).statusCode).toBe(404);
    expect((await reinstate(cast.creator.id)).statusCode).toBe(200);
  });

  it('unknown creators are 404, a fan is not a creator, and the admin cannot suspend herself', async () => {
    const fan = await newFan(t.app);
    for (const id of ['no-such-creator', fan.id]) {
      expectError(await suspend(id), 404, 'NOT_FOUND', 'There is no creator with that id.');
      expectError(await reinstate(id), 404, 'NOT_FOUND', 'There is no creator with that id.');
    }
    expectError(await suspend(adminId), 409, 'CONFLICT', 'You cannot suspend your own account.');
    expect(await auditOf(adminId)).toEqual([]);
    expect(await auditOf(fan.id)).toEqual([]);
  });

  it('ten simultaneous suspensions: exactly one changes her and writes the audit row', async () => {
    const cast = await paidOrder(t);
    const responses = await Promise.all(Array.from({ length: 10 }, () => suspend(cast.creator.id)));
    expect(responses.map((response) => response.statusCode).sort()).toEqual([200, ...Array<number>(9).fill(409)]);
    expect(await auditOf(cast.creator.id)).toHaveLength(1);
    expect((await reinstate(cast.creator.id)).statusCode).toBe(200);
  });
});
