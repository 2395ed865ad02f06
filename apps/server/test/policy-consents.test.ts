import {
  type Me,
  POLICY_MESSAGES,
  POLICY_REMINDER_INTERVAL_MS,
  type PolicyReminderStatus,
  PRIVACY_VERSION,
  TERMS_VERSION,
  UPLOAD_ATTESTATION_REQUIRED,
} from '@kholo/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  POLICY_REMINDER_BATCH,
  POLICY_REMINDER_MESSAGES,
  POLICY_REMINDER_SUBJECT,
  STALLED_RUN_MS,
} from '../src/features/admin/index.js';
import { errorOf, freshIp, getMe, signUp, uniqueEmail } from './accounts-helpers.js';
import {
  adminCookie,
  dataFolders,
  filesUnder,
  pngImage,
  postUpload,
  storedKeys,
  uploadForm,
  uploadItem,
} from './content-helpers.js';
import { postOrder } from './payments-helpers.js';
import { buildTestApp, TEST_ADMIN, type TestApp } from './test-app.js';

/** Issue 24 §4 and §6: Terms versions, their acceptance, the rules' reminder, the upload attestation. */

const DAY = 24 * 60 * 60_000;

let t: TestApp;
let admin: string;
let creator: Awaited<ReturnType<typeof signUp>>;
beforeAll(async () => {
  t = await buildTestApp();
  admin = await adminCookie(t.app);
  creator = await signUp(t.app, { role: 'creator', name: 'Meera Rathore' });
});
afterAll(() => t.close());

function post(url: string, payload: unknown, cookie?: string) {
  return t.app.inject({
    method: 'POST',
    url,
    payload: payload as object,
    remoteAddress: freshIp(),
    headers: cookie === undefined ? {} : { cookie },
  });
}

async function consentOf(email: string) {
  return t.database.db
    .selectFrom('authUsers')
    .select(['termsVersion', 'privacyVersion', 'policiesAcceptedAt'])
    .where('email', '=', email)
    .executeTakeFirstOrThrow();
}

/** What an account made before versions were recorded looks like. */
async function forgetConsent(email: string, to: { termsVersion: string | null } = { termsVersion: null }) {
  await t.database.db
    .updateTable('authUsers')
    .set({ termsVersion: to.termsVersion, privacyVersion: null, policiesAcceptedAt: null })
    .where('email', '=', email)
    .execute();
}

const CURRENT = { termsVersion: TERMS_VERSION, privacyVersion: PRIVACY_VERSION };

describe('every way an account is made records the Terms and Privacy versions', () => {
  it('sign-up', async () => {
    const { me, body } = await signUp(t.app, { role: 'fan', name: 'Ravi Kumar' });
    expect(me.policies).toEqual({ needsAcceptance: false, ...CURRENT });
    expect(await consentOf(body.email)).toEqual({ ...CURRENT, policiesAcceptedAt: t.clock.now() });
  });

  it('a visitor’s checkout, and a first sign-in by code', async () => {
    const item = await uploadItem(t.app, creator.cookie, { pricePaise: '4900' });
    const visitor = uniqueEmail('visitor');
    const order = await postOrder(t.app, undefined, { contentId: item.id, amount: 49, email: visitor });
    expect(order.statusCode, order.body).toBe(200);
    expect(await consentOf(visitor)).toEqual({ ...CURRENT, policiesAcceptedAt: t.clock.now() });

    const email = uniqueEmail('by-code');
    await post('/api/auth/email-code', { email });
    const code = (await t.sentMail())
      .filter((message) => message.to === email)
      .map((message) => /^(\d{6}) is your Kholo code$/.exec(message.subject)?.[1])
      .find((found) => found !== undefined);
    const signedIn = await post('/api/auth/sign-in/code', { email, code, role: 'fan' });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect(signedIn.json<Me>().policies).toEqual({ needsAcceptance: false, ...CURRENT });
    expect(await consentOf(email)).toEqual({ ...CURRENT, policiesAcceptedAt: t.clock.now() });
  });

  it('but not the admin’s, made at start by nobody’s click: the admin is never asked', async () => {
    expect(await consentOf(TEST_ADMIN.email)).toEqual({
      termsVersion: null,
      privacyVersion: null,
      policiesAcceptedAt: null,
    });
    const me = (await getMe(t.app, admin)).json<Me>();
    expect(me.policies).toEqual({ needsAcceptance: false, termsVersion: null, privacyVersion: null });
  });

  it('a visitor has no policies', async () => {
    expect((await getMe(t.app)).json<Me>().policies).toBeNull();
  });
});

describe('an account made before, or under older versions', () => {
  it('is asked, and accepting the current versions records them once (a double click changes nothing)', async () => {
    const { cookie, body } = await signUp(t.app, { role: 'fan', name: 'Old Timer' });
    await forgetConsent(body.email);
    expect((await getMe(t.app, cookie)).json<Me>().policies).toEqual({
      needsAcceptance: true,
      termsVersion: null,
      privacyVersion: null,
    });
    await forgetConsent(body.email, { termsVersion: '2025-01-01' });
    expect((await getMe(t.app, cookie)).json<Me>().policies?.needsAcceptance).toBe(true);

    const acceptedAt = t.clock.now() + 1000;
    t.clock.advance(1000);
    const [first, second] = await Promise.all([
      post('/api/account/accept-policies', CURRENT, cookie),
      post('/api/account/accept-policies', CURRENT, cookie),
    ]);
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    expect(first.json<Me>().policies).toEqual({ needsAcceptance: false, ...CURRENT });
    t.clock.advance(1000);
    expect((await post('/api/account/accept-policies', CURRENT, cookie)).statusCode).toBe(200);
    expect(await consentOf(body.email)).toEqual({ ...CURRENT, policiesAcceptedAt: acceptedAt });
    expect((await getMe(t.app, cookie)).json<Me>().policies?.needsAcceptance).toBe(false);
  });

  it('versions that are not the current ones are refused with 409: the page was old', async () => {
    const { cookie, body } = await signUp(t.app, { role: 'fan', name: 'Stale Tab' });
    await forgetConsent(body.email);
    for (const stale of [
      { termsVersion: '2025-01-01', privacyVersion: PRIVACY_VERSION },
      { termsVersion: TERMS_VERSION, privacyVersion: '2025-01-01' },
    ]) {
      const response = await post('/api/account/accept-policies', stale, cookie);
      expect(response.statusCode).toBe(409);
      expect(errorOf(response)).toMatchObject({ code: 'CONFLICT', message: POLICY_MESSAGES.versionsChanged });
    }
    expect((await getMe(t.app, cookie)).json<Me>().policies?.needsAcceptance).toBe(true);
  });

  it('a malformed body is 400, and nobody signed in is 401', async () => {
    const { cookie } = await signUp(t.app, { role: 'fan', name: 'Typo' });
    for (const payload of [
      {},
      { termsVersion: TERMS_VERSION },
      { ...CURRENT, extra: 1 },
      { termsVersion: 1, privacyVersion: 2 },
    ]) {
      const response = await post('/api/account/accept-policies', payload, cookie);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(errorOf(response).code).toBe('VALIDATION_FAILED');
    }
    expect((await post('/api/account/accept-policies', CURRENT)).statusCode).toBe(401);
  });
});

describe('the upload attestation', () => {
  it('an upload without it, or with anything but true, is refused and leaves nothing behind', async () => {
    const before = await storedKeys(t);
    const rowsBefore = await countContents();
    for (const attested of [null, 'false', 'yes', '']) {
      const response = await postUpload(t.app, creator.cookie, uploadForm({ file: await pngImage(), attested }));
      expect(response.statusCode, String(attested)).toBe(400);
      expect(errorOf(response)).toMatchObject({
        code: 'VALIDATION_FAILED',
        fields: { attested: UPLOAD_ATTESTATION_REQUIRED },
      });
    }
    // With the other fields missing too, the box is named beside them.
    const empty = await postUpload(
      t.app,
      creator.cookie,
      uploadForm({ title: '', attested: null, file: await pngImage() }),
    );
    expect(errorOf(empty).fields).toMatchObject({ attested: UPLOAD_ATTESTATION_REQUIRED });
    expect(await storedKeys(t)).toEqual(before);
    expect(await countContents()).toBe(rowsBefore);
    expect(filesUnder(dataFolders(t.config).staging)).toEqual([]);
  });

  it('an attested upload stores when, and under which Terms', async () => {
    const now = t.clock.now();
    const item = await uploadItem(t.app, creator.cookie, { title: 'Attested' });
    const row = await t.database.db
      .selectFrom('contents')
      .select(['attestedAt', 'attestedTermsVersion'])
      .where('id', '=', item.id)
      .executeTakeFirstOrThrow();
    expect({ ...row, attestedAt: Number(row.attestedAt) }).toEqual({
      attestedAt: now,
      attestedTermsVersion: TERMS_VERSION,
    });
  });
});

async function countContents(): Promise<number> {
  const row = await t.database.db
    .selectFrom('contents')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** `count` accounts written straight into the table (sign-up hashes a password each time: too slow for hundreds). */
async function bulkAccounts(count: number, prefix: string): Promise<string[]> {
  const postgres = t.config.database.kind === 'postgres';
  const now = new Date(t.clock.now()).toISOString();
  const emails: string[] = [];
  for (let index = 0; index < count; index += 1) {
    const email = `${prefix}-${String(index).padStart(4, '0')}@example.in`;
    emails.push(email);
    await sql`insert into auth_users (id, name, email, email_verified, created_at, updated_at)
      values (${`${prefix}-${index}`}, ${'Bulk Person'}, ${email}, ${postgres ? false : 0}, ${now}, ${now})`.execute(
      t.database.db,
    );
  }
  return emails;
}

async function everyAccountEmail(): Promise<string[]> {
  const rows = await t.database.db.selectFrom('authUsers').select(['email', 'deletedAt']).execute();
  return rows.filter((row) => row.deletedAt === null && row.email !== TEST_ADMIN.email).map((row) => row.email);
}

async function reminderCounts(): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  for (const mail of await t.sentMail()) {
    if (mail.subject === POLICY_REMINDER_SUBJECT) counts.set(mail.to, (counts.get(mail.to) ?? 0) + 1);
  }
  return counts;
}

function getStatus(cookie: string | undefined) {
  return t.app.inject({
    method: 'GET',
    url: '/api/admin/policy-reminders',
    headers: cookie === undefined ? {} : { cookie },
  });
}

describe('the rules’ periodic reminder', () => {
  it('only the admin may see or start it', async () => {
    const fan = await signUp(t.app, { role: 'fan', name: 'Curious Fan' });
    expect((await getStatus(undefined)).statusCode).toBe(401);
    expect((await getStatus(fan.cookie)).statusCode).toBe(403);
    expect((await post('/api/admin/policy-reminders', {}, fan.cookie)).statusCode).toBe(403);
    expect((await post('/api/admin/policy-reminders', {}, creator.cookie)).statusCode).toBe(403);
    expect((await post('/api/admin/policy-reminders', {})).statusCode).toBe(401);
    const status = (await getStatus(admin)).json<PolicyReminderStatus>();
    expect(status).toEqual({ lastRun: null, lastSentAt: null, nextDueBy: null, now: t.clock.now() });
  });

  it('goes to every account once, in batches, even when a batch runs twice; not to the admin or a deleted account', async () => {
    await bulkAccounts(POLICY_REMINDER_BATCH * 2 + 37, 'bulk');
    const [deleted] = await bulkAccounts(1, 'gone');
    await t.database.db
      .updateTable('authUsers')
      .set({ deletedAt: t.clock.now() })
      .where('email', '=', deleted!)
      .execute();
    const expected = await everyAccountEmail();
    expect((await reminderCounts()).size).toBe(0);

    // Two starts at once: one runs, the other is told to wait.
    const [one, two] = await Promise.all([
      post('/api/admin/policy-reminders', {}, admin),
      post('/api/admin/policy-reminders', {}, admin),
    ]);
    expect([one.statusCode, two.statusCode].sort()).toEqual([202, 409]);
    const refused = one.statusCode === 409 ? one : two;
    expect(errorOf(refused)).toMatchObject({ code: 'CONFLICT', message: POLICY_REMINDER_MESSAGES.running });
    const started = (one.statusCode === 202 ? one : two).json<PolicyReminderStatus>();
    const runId = started.lastRun!.id;
    expect(started.lastRun).toMatchObject({ startedBy: TEST_ADMIN.email, sent: 0, finishedAt: null });
    expect((await post('/api/admin/policy-reminders', {}, admin)).statusCode).toBe(409);

    // The first batch runs twice (a retry after its commit), then the queue does the rest.
    await t.app.policyReminders.sendBatch({ runId, after: '' });
    await t.app.policyReminders.sendBatch({ runId, after: '' });
    await t.app.jobs.runDue();
    const counts = await reminderCounts();
    expect([...counts.keys()].sort()).toEqual([...expected].sort());
    expect([...counts.values()].every((count) => count === 1)).toBe(true);
    expect(counts.has(TEST_ADMIN.email)).toBe(false);
    expect(counts.has(deleted!)).toBe(false);

    const status = (await getStatus(admin)).json<PolicyReminderStatus>();
    expect(status.lastRun).toMatchObject({ id: runId, sent: expected.length, finishedAt: t.clock.now() });
    expect(status.lastSentAt).toBe(t.clock.now());
    expect(status.nextDueBy).toBe(t.clock.now() + POLICY_REMINDER_INTERVAL_MS);
    expect(POLICY_REMINDER_INTERVAL_MS).toBeLessThanOrEqual(92 * DAY);

    // A batch that comes again after the run finished sends nothing.
    await t.app.policyReminders.sendBatch({ runId, after: '' });
    expect(await reminderCounts()).toEqual(counts);

    const audit = await t.database.db
      .selectFrom('auditLog')
      .select(['action', 'actorEmail', 'subjectId'])
      .where('action', '=', 'policy_reminder.start')
      .execute();
    expect(audit).toEqual([{ action: 'policy_reminder.start', actorEmail: TEST_ADMIN.email, subjectId: runId }]);
  });

  it('a run that stalled (its batch gave up) is resumed by the next start, and sends nobody twice', async () => {
    const emails = await bulkAccounts(5, 'stall');
    t.clock.advance(DAY);
    expect((await post('/api/admin/policy-reminders', {}, admin)).statusCode).toBe(202);
    const runId = (await getStatus(admin)).json<PolicyReminderStatus>().lastRun!.id;
    // Its first batch never runs (as if it used every try); a start within a day still waits.
    t.clock.advance(STALLED_RUN_MS - 1);
    expect((await post('/api/admin/policy-reminders', {}, admin)).statusCode).toBe(409);
    t.clock.advance(1);
    expect((await post('/api/admin/policy-reminders', {}, admin)).statusCode).toBe(202);
    // The resumed batch and the old one both run: each account still gets one email.
    await t.app.jobs.runDue();
    const counts = await reminderCounts();
    for (const email of emails) expect(counts.get(email)).toBe(1);
    const status = (await getStatus(admin)).json<PolicyReminderStatus>();
    expect(status.lastRun).toMatchObject({ id: runId, finishedAt: t.clock.now() });
    const resumed = await t.database.db
      .selectFrom('auditLog')
      .select('subjectId')
      .where('action', '=', 'policy_reminder.resume')
      .execute();
    expect(resumed).toEqual([{ subjectId: runId }]);
  });

  it('the email names the rules, the links, what breaking them leads to and how to report', async () => {
    const fan = await signUp(t.app, { role: 'fan', name: 'Asha Verma' });
    t.clock.advance(DAY);
    expect((await post('/api/admin/policy-reminders', {}, admin)).statusCode).toBe(202);
    await t.app.jobs.runDue();
    const mail = (await t.sentMail()).find(
      (one) => one.to === fan.body.email && one.subject === POLICY_REMINDER_SUBJECT,
    );
    expect(mail).toBeDefined();
    expect(mail!.text).toContain('Hello Asha,');
    expect(mail!.text).toContain('removal of content and to the suspension or termination of the account');
    expect(mail!.text).toContain('use Report on its page');
    expect(mail!.links).toEqual([
      `${t.config.publicUrl}/TermsAndConditions`,
      `${t.config.publicUrl}/PrivacyPolicy`,
      `${t.config.publicUrl}/TermsAndConditions#grievances`,
    ]);
    expect(mail!.headers?.['List-Unsubscribe']).toBeUndefined();
    // Once finished, another run may start.
    expect((await post('/api/admin/policy-reminders', {}, admin)).statusCode).toBe(202);
    await t.app.jobs.runDue();
  });
});
