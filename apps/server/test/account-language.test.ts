import type { Locale } from '@kholo/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorOf, freshIp, PASSWORD, signUp, uniqueEmail } from './accounts-helpers.js';
import { uploadItem } from './content-helpers.js';
import { postOrder } from './payments-helpers.js';
import { connectDatabase } from '../src/db/connect.js';
import { migrateToLatest } from '../src/db/migrate.js';
import { migrations } from '../src/db/migrations/index.js';
import { buildTestApp, createTestDatabase, type TestApp, testLogger } from './test-app.js';

/** Issue 26 §5: the account's language (migration 0026), set at sign-up and by the header's switch. */

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

async function localeOf(email: string): Promise<Locale | undefined> {
  const row = await t.database.db
    .selectFrom('authUsers')
    .select('locale')
    .where('email', '=', email)
    .executeTakeFirst();
  return row?.locale;
}

function post(url: string, payload: object, headers: Record<string, string> = {}) {
  return t.app.inject({ method: 'POST', url, payload, headers, remoteAddress: freshIp() });
}

function putLanguage(body: unknown, cookie?: string) {
  return t.app.inject({
    method: 'PUT',
    url: '/api/me/language',
    ...(body === undefined ? {} : { payload: body as object }),
    headers: cookie === undefined ? {} : { cookie },
  });
}

/** The six digits of the newest code emailed to `email`, whichever language it is in. */
async function codeSentTo(email: string): Promise<string> {
  const mail = (await t.sentMail()).filter((message) => message.to === email).at(-1);
  const code = /^(\d{6}) /.exec(mail?.subject ?? '')?.[1];
  if (code === undefined) throw new Error(`no code to ${email}`);
  return code;
}

describe('migration 0026', () => {
  it('starts every existing account in English, and holds only en or hi', async () => {
    const testDatabase = await createTestDatabase();
    const database = connectDatabase(testDatabase.settings, testLogger);
    const { db } = database;
    try {
      const before = Object.fromEntries(Object.entries(migrations).filter(([name]) => name < '0026'));
      await migrateToLatest(database, before);
      const at = '2026-11-25T06:00:00.000Z';
      await sql`insert into auth_users (id, name, email, email_verified, created_at, updated_at)
        values ('u1', 'Meera Rathore', 'meera@example.com', ${sql.lit(false)}, ${at}, ${at})`.execute(db);
      expect(await migrateToLatest(database)).toEqual({ applied: ['0026-account-locale'] });
      expect(await db.selectFrom('authUsers').select(['id', 'locale']).execute()).toEqual([{ id: 'u1', locale: 'en' }]);
      await expect(sql`update auth_users set locale = 'fr' where id = 'u1'`.execute(db)).rejects.toThrow(/check/i);
      await sql`update auth_users set locale = 'hi' where id = 'u1'`.execute(db);
      expect(await db.selectFrom('authUsers').select('locale').executeTakeFirst()).toEqual({ locale: 'hi' });
    } finally {
      await database.close();
      await testDatabase.drop();
    }
  });
});

describe('the language an account starts with', () => {
  it('is the browser’s at password sign-up', async () => {
    const hindi = uniqueEmail('hindi');
    const english = uniqueEmail('english');
    await post(
      '/api/auth/sign-up/email',
      { role: 'fan', name: 'Kavita', email: hindi, password: PASSWORD },
      { 'accept-language': 'hi-IN,hi;q=0.9,en;q=0.8' },
    );
    await post(
      '/api/auth/sign-up/email',
      { role: 'creator', name: 'Anil', email: english, password: PASSWORD },
      { 'accept-language': 'en-IN,en;q=0.9' },
    );
    expect(await localeOf(hindi)).toBe('hi');
    expect(await localeOf(english)).toBe('en');
  });

  it('is the switch’s cookie over the browser’s languages', async () => {
    const email = uniqueEmail('cookie');
    const response = await post(
      '/api/auth/sign-up/email',
      { role: 'fan', name: 'Kavita', email, password: PASSWORD },
      { 'accept-language': 'hi-IN', cookie: 'kholo_lang=en' },
    );
    expect(response.statusCode).toBe(200);
    expect(await localeOf(email)).toBe('en');
    const other = uniqueEmail('cookie-hi');
    await post(
      '/api/auth/sign-up/email',
      { role: 'fan', name: 'Kavita', email: other, password: PASSWORD },
      { 'accept-language': 'en-US', cookie: 'kholo_lang=hi' },
    );
    expect(await localeOf(other)).toBe('hi');
  });

  it('is English when the request names no language of ours', async () => {
    const email = uniqueEmail('none');
    await post('/api/auth/sign-up/email', { role: 'fan', name: 'Kavita', email, password: PASSWORD });
    expect(await localeOf(email)).toBe('en');
  });

  it('is the request’s when a sign-in code makes the account', async () => {
    const email = uniqueEmail('code');
    const hindi = { 'accept-language': 'hi-IN' };
    expect((await post('/api/auth/email-code', { email }, hindi)).statusCode).toBe(200);
    const code = await codeSentTo(email);
    const response = await post('/api/auth/sign-in/code', { email, code, role: 'fan' }, hindi);
    expect(response.statusCode).toBe(200);
    expect(await localeOf(email)).toBe('hi');
  });

  it('is the request’s when a visitor’s checkout makes the account', async () => {
    const creator = await signUp(t.app, { role: 'creator', name: 'Meera Rathore' });
    const item = await uploadItem(t.app, creator.cookie, { pricePaise: '4900', title: 'Golden hour' });
    const email = uniqueEmail('checkout');
    const response = await postOrder(t.app, 'kholo_lang=hi', { contentId: item.id, amount: 49, email });
    expect(response.statusCode).toBe(200);
    expect(await localeOf(email)).toBe('hi');
    const english = uniqueEmail('checkout-en');
    await postOrder(t.app, undefined, { contentId: item.id, amount: 49, email: english });
    expect(await localeOf(english)).toBe('en');
  });

  it('does not change an existing account’s when she signs in from a Hindi browser', async () => {
    const { body } = await signUp(t.app, { role: 'fan' });
    expect(await localeOf(body.email)).toBe('en');
    await post('/api/auth/email-code', { email: body.email }, { 'accept-language': 'hi-IN' });
    const code = await codeSentTo(body.email);
    await post('/api/auth/sign-in/code', { email: body.email, code, role: 'fan' }, { 'accept-language': 'hi-IN' });
    expect(await localeOf(body.email)).toBe('en');
  });

  it('becomes the language she chose with the switch before signing in, by password or by code', async () => {
    const { body } = await signUp(t.app, { role: 'fan' });
    expect(await localeOf(body.email)).toBe('en');
    const byPassword = await post(
      '/api/auth/sign-in/email',
      { email: body.email, password: PASSWORD, role: 'fan' },
      { cookie: 'kholo_lang=hi', 'accept-language': 'en-US' },
    );
    expect(byPassword.statusCode).toBe(200);
    expect(await localeOf(body.email)).toBe('hi');

    await post('/api/auth/email-code', { email: body.email }, { cookie: 'kholo_lang=en' });
    const code = await codeSentTo(body.email);
    const byCode = await post(
      '/api/auth/sign-in/code',
      { email: body.email, code, role: 'fan' },
      { cookie: 'kholo_lang=en', 'accept-language': 'hi-IN' },
    );
    expect(byCode.statusCode).toBe(200);
    expect(await localeOf(body.email)).toBe('en');
  });

  it('keeps her stored language when the cookie holds something else, and a wrong password changes nothing', async () => {
    const { body } = await signUp(t.app, { role: 'fan' }, { cookie: 'kholo_lang=hi' });
    expect(await localeOf(body.email)).toBe('hi');
    const wrong = await post(
      '/api/auth/sign-in/email',
      { email: body.email, password: `${PASSWORD}x`, role: 'fan' },
      { cookie: 'kholo_lang=en' },
    );
    expect(wrong.statusCode).toBe(401);
    expect(await localeOf(body.email)).toBe('hi');
    await post(
      '/api/auth/sign-in/email',
      { email: body.email, password: PASSWORD, role: 'fan' },
      { cookie: 'kholo_lang=fr' },
    );
    expect(await localeOf(body.email)).toBe('hi');
  });
});

describe('PUT /api/me/language', () => {
  it('stores her choice, answers 204, and answers the same when repeated', async () => {
    const { cookie, body } = await signUp(t.app, { role: 'creator' });
    const first = await putLanguage({ locale: 'hi' }, cookie);
    expect(first.statusCode).toBe(204);
    expect(first.body).toBe('');
    expect(await localeOf(body.email)).toBe('hi');
    const again = await putLanguage({ locale: 'hi' }, cookie);
    expect(again.statusCode).toBe(204);
    expect(await localeOf(body.email)).toBe('hi');
    expect((await putLanguage({ locale: 'en' }, cookie)).statusCode).toBe(204);
    expect(await localeOf(body.email)).toBe('en');
  });

  it('changes only her own account', async () => {
    const her = await signUp(t.app, { role: 'fan' });
    const other = await signUp(t.app, { role: 'fan' });
    await putLanguage({ locale: 'hi' }, her.cookie);
    expect(await localeOf(her.body.email)).toBe('hi');
    expect(await localeOf(other.body.email)).toBe('en');
  });

  it('refuses a visitor with 401', async () => {
    const response = await putLanguage({ locale: 'hi' });
    expect(response.statusCode).toBe(401);
    expect(errorOf(response).code).toBe('UNAUTHENTICATED');
  });

  it.each([
    ['another language', { locale: 'fr' }],
    ['a tag instead of ours', { locale: 'hi-IN' }],
    ['a number', { locale: 1 }],
    ['no locale', {}],
    ['an extra field', { locale: 'hi', name: 'x' }],
    ['an array', ['hi']],
  ])('refuses %s with 400 and changes nothing', async (_name, body) => {
    const { cookie, body: account } = await signUp(t.app, { role: 'fan' });
    const response = await putLanguage(body, cookie);
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).message).not.toBe('');
    expect(await localeOf(account.email)).toBe('en');
  });

  it('says which values it takes', async () => {
    const { cookie } = await signUp(t.app, { role: 'fan' });
    const response = await putLanguage({ locale: 'fr' }, cookie);
    expect(JSON.stringify(response.json())).toContain('locale must be \\"en\\" (English) or \\"hi\\" (Hindi).');
  });

  it('refuses another site’s page (the Origin check)', async () => {
    const { cookie, body } = await signUp(t.app, { role: 'fan' });
    const response = await t.app.inject({
      method: 'PUT',
      url: '/api/me/language',
      payload: { locale: 'hi' },
      headers: { cookie, origin: 'https://evil.example' },
    });
    expect(response.statusCode).toBe(403);
    expect(await localeOf(body.email)).toBe('en');
  });

  it('is in her data export', async () => {
    const { cookie } = await signUp(t.app, { role: 'fan' });
    await putLanguage({ locale: 'hi' }, cookie);
    const exported = await t.app.inject({ method: 'GET', url: '/api/account/data', headers: { cookie } });
    expect(exported.statusCode).toBe(200);
    expect(exported.json<{ account: { locale: string } }>().account.locale).toBe('hi');
  });
});
