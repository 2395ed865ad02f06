import type { AdminJobList } from '@kholo/contracts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { JOB_ADMIN_MESSAGES } from '../src/features/admin/index.js';
import { EMAIL_RETRY } from '../src/features/email/index.js';
import { freshIp, signUp, uniqueEmail } from './accounts-helpers.js';
import { adminCookie, getAs } from './content-helpers.js';
import { buildTestApp, passTime, type TestApp } from './test-app.js';

/**
 * Background work as the app wires it: email through the queue while the mail server is away,
 * the admin's Jobs API, and periodic work. The queue's own promises are in jobs-contract.test.ts.
 */

const SECOND = 1000;
const MINUTE = 60 * SECOND;

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await buildTestApp();
  admin = await adminCookie(t.app);
});
afterAll(() => t.close());
beforeEach(async () => {
  // Whatever an earlier test left queued runs now, on a working mail server, and is forgotten.
  t.mailer.failing = false;
  await passTime(t, 24 * 60 * MINUTE);
  await t.app.jobs.runDue();
  for (const job of (await jobsList('failed')).items) await post('/api/admin/jobs/discard', { id: job.id });
  t.mailer.messages.length = 0;
});

function requestReset(email: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/request-password-reset',
    payload: { email },
    remoteAddress: freshIp(),
  });
}

async function jobsList(state?: string): Promise<AdminJobList> {
  const response = await getAs(t.app, `/api/admin/jobs${state === undefined ? '' : `?state=${state}`}`, admin);
  expect(response.statusCode).toBe(200);
  return response.json<AdminJobList>();
}

/** As the admin unless another cookie (or null: nobody) is given. */
function post(url: string, payload: unknown, cookie: string | null = admin) {
  return t.app.inject({ method: 'POST', url, payload: payload as object, headers: cookie === null ? {} : { cookie } });
}

/** Time passes in steps, with the job runner looking at each, as it would every second. */
async function waitOutSteps(totalMs: number, stepMs: number): Promise<void> {
  for (let passed = 0; passed < totalMs; passed += stepMs) {
    await passTime(t, stepMs);
    await t.app.jobs.runDue();
  }
}

describe('email while the mail server is away', () => {
  it('answers a reset request at once, and the link arrives once the mail server is back eight seconds later', async () => {
    const { body } = await signUp(t.app);
    t.mailer.failing = true;
    const response = await requestReset(body.email);
    expect(response.statusCode).toBe(200);

    await t.app.jobs.runDue();
    expect(t.mailer.messages).toEqual([]);
    const [waiting] = (await jobsList('retry')).items;
    expect(waiting).toMatchObject({
      name: 'send-email',
      description: `Email to ${body.email}: Reset your Kholo password`,
      attempts: 1,
      maxAttempts: EMAIL_RETRY.attempts,
    });
    expect(waiting?.lastError).toContain('ECONNREFUSED');
    // The admin's view never shows the message itself: the link in it is a password.
    expect(JSON.stringify(await jobsList())).not.toContain('reset-password?token');

    await passTime(t, 8 * SECOND);
    t.mailer.failing = false;
    await waitOutSteps(30 * SECOND, SECOND);
    const sent = await t.sentMail();
    expect(sent.map((message) => [message.to, message.subject])).toEqual([[body.email, 'Reset your Kholo password']]);
    expect((await jobsList()).items).toEqual([]);
  });

  it('delays mail through ten minutes of outage and delivers each message once, in the end', async () => {
    const { body } = await signUp(t.app);
    const other = await signUp(t.app);
    t.mailer.failing = true;
    await requestReset(body.email);
    await requestReset(other.body.email);
    await waitOutSteps(10 * MINUTE, 5 * SECOND);
    expect(t.mailer.messages).toEqual([]);
    expect((await jobsList('failed')).items).toEqual([]);
    expect((await jobsList('retry')).counts.retry).toBe(2);

    t.mailer.failing = false;
    // The next tries come at most about 17 minutes after the outage began (the sixth retry's ceiling).
    await waitOutSteps(20 * MINUTE, 30 * SECOND);
    expect(t.mailer.messages.map((message) => message.to).sort((a, b) => a.localeCompare(b))).toEqual(
      [body.email, other.body.email].sort((a, b) => a.localeCompare(b)),
    );
  });

  it('keeps a message that failed every try for hours as failed, counts it on the dashboard, and the admin retries it', async () => {
    const { body } = await signUp(t.app);
    t.mailer.failing = true;
    await requestReset(body.email);
    await waitOutSteps(5 * 60 * MINUTE, 2 * MINUTE);

    const failed = await jobsList('failed');
    expect(failed.items).toHaveLength(1);
    const [job] = failed.items;
    expect(job).toMatchObject({
      state: 'failed',
      attempts: EMAIL_RETRY.attempts,
      maxAttempts: EMAIL_RETRY.attempts,
      description: `Email to ${body.email}: Reset your Kholo password`,
    });
    expect(job?.lastError).toContain('ECONNREFUSED');
    const overview = await getAs(t.app, '/api/admin/overview', admin);
    expect(overview.json<{ counts: { failedJobs: number } }>().counts.failedJobs).toBe(1);

    t.mailer.failing = false;
    const retried = await post('/api/admin/jobs/retry', { id: job!.id });
    expect(retried.statusCode).toBe(200);
    expect(retried.json()).toEqual({ id: job!.id });
    // Twice is refused: it is no longer failed.
    const again = await post('/api/admin/jobs/retry', { id: job!.id });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ error: { code: 'CONFLICT', message: JOB_ADMIN_MESSAGES.notFailed } });

    const sent = await t.sentMail();
    expect(sent.map((message) => message.to)).toEqual([body.email]);
    expect((await jobsList()).counts).toEqual({ queued: 0, retry: 0, running: 0, failed: 0 });
    const logs = await getAs(t.app, '/api/admin/logs', admin);
    expect(JSON.stringify(logs.json())).toContain('job.retry');
  });
});

describe('the admin Jobs API', () => {
  it('discards a failed job for good, in the audit log, and refuses what is not there', async () => {
    const { body } = await signUp(t.app);
    t.mailer.failing = true;
    await requestReset(body.email);
    await waitOutSteps(5 * 60 * MINUTE, 5 * MINUTE);
    const [job] = (await jobsList('failed')).items;
    expect(job).toBeDefined();

    const discarded = await post('/api/admin/jobs/discard', { id: job!.id });
    expect(discarded.statusCode).toBe(200);
    expect((await jobsList()).items).toEqual([]);
    const gone = await post('/api/admin/jobs/discard', { id: job!.id });
    expect(gone.statusCode).toBe(409);
    expect(gone.json()).toMatchObject({ error: { code: 'CONFLICT', message: JOB_ADMIN_MESSAGES.notFound } });
    expect((await post('/api/admin/jobs/retry', { id: 'no-such-job' })).statusCode).toBe(409);
    expect(JSON.stringify((await getAs(t.app, '/api/admin/logs', admin)).json())).toContain('job.discard');
    t.mailer.failing = false;
    expect(await t.sentMail()).toEqual([]);
  });

  it('lists by state, and refuses a bad state, a missing id, and anyone but the admin', async () => {
    const { body, cookie } = await signUp(t.app, { email: uniqueEmail('fan'), role: 'fan' });
    t.mailer.failing = true;
    await requestReset(body.email);
    await t.app.jobs.runDue();
    expect((await jobsList('retry')).items.map((job) => job.state)).toEqual(['retry']);
    expect((await jobsList('queued')).items).toEqual([]);

    const badState = await getAs(t.app, '/api/admin/jobs?state=done', admin);
    expect(badState.statusCode).toBe(400);
    expect(badState.json()).toMatchObject({
      error: { fields: { state: 'State must be queued, retry, running or failed.' } },
    });
    const noId = await post('/api/admin/jobs/retry', {});
    expect(noId.statusCode).toBe(400);
    expect(noId.json()).toMatchObject({ error: { fields: { id: 'Please say which one.' } } });
    const wrongType = await post('/api/admin/jobs/discard', { id: 42 });
    expect(wrongType.statusCode).toBe(400);

    for (const who of [null, cookie]) {
      expect([401, 403]).toContain((await getAs(t.app, '/api/admin/jobs', who ?? undefined)).statusCode);
      const [job] = (await jobsList('retry')).items;
      const refused = await post('/api/admin/jobs/discard', { id: job!.id }, who);
      expect([401, 403]).toContain(refused.statusCode);
      expect((await jobsList('retry')).items).toHaveLength(1);
    }
  });

  it('gives the development outbox’s failure switch to the admin only, and checks what it is set to', async () => {
    const withOutbox = await buildTestApp({}, { outbox: true });
    try {
      const owner = await adminCookie(withOutbox.app);
      const fan = await signUp(withOutbox.app, { email: uniqueEmail('fan'), role: 'fan' });
      const set = (payload: unknown, cookie?: string) =>
        withOutbox.app.inject({
          method: 'POST',
          url: '/__outbox/failure',
          payload: payload as object,
          headers: cookie === undefined ? {} : { cookie },
        });
      expect([401, 403]).toContain((await set({ failure: 'reject' })).statusCode);
      expect((await set({ failure: 'reject' }, fan.cookie)).statusCode).toBe(403);
      expect((await set({ failure: 'sometimes' }, owner)).statusCode).toBe(400);
      expect((await set({ failure: 'reject', extra: 1 }, owner)).statusCode).toBe(400);
      expect((await getAs(withOutbox.app, '/__outbox/failure', owner)).json()).toEqual({ failure: 'none' });
      expect((await set({ failure: 'reject' }, owner)).json()).toEqual({ failure: 'reject' });

      // A refused recipient fails at once: no retries, straight to the admin's Failed list.
      await withOutbox.app.inject({
        method: 'POST',
        url: '/api/auth/request-password-reset',
        payload: { email: fan.body.email },
        remoteAddress: freshIp(),
      });
      await withOutbox.app.jobs.runDue();
      const failed = await getAs(withOutbox.app, '/api/admin/jobs?state=failed', owner);
      expect(failed.json<AdminJobList>().items).toMatchObject([
        { attempts: 1, maxAttempts: 1, lastError: expect.stringContaining('550') as unknown },
      ]);
    } finally {
      await withOutbox.close();
    }
  });
});

describe('periodic work', () => {
  it('sweeps leases whose holder died, every five minutes, through the queue', async () => {
    const { db } = t.database;
    await db
      .insertInto('leases')
      .values({ name: 'order:crashed', holder: 'dead', expiresAt: Date.now() - 1 })
      .execute();
    await t.app.jobs.runDue();
    await passTime(t, 5 * MINUTE);
    await t.app.jobs.runDue();
    expect(await db.selectFrom('leases').selectAll().where('name', '=', 'order:crashed').execute()).toEqual([]);
  });
});
