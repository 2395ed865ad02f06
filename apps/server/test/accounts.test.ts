import { HANDLE_PATTERN, type Me, PRIVACY_VERSION, TERMS_VERSION } from '@kholo/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accountTableCounts,
  countRows,
  errorOf,
  freshIp,
  getMe,
  PASSWORD,
  postSignUp,
  sessionCountFor,
  signIn,
  signUp,
  uniqueEmail,
  VISITOR,
} from './accounts-helpers.js';
import { startApp } from '../src/start-up.js';
import { buildTestApp, TEST_ADMIN, type TestApp } from './test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

const INVALID_CREDENTIALS = { error: { code: 'INVALID_CREDENTIALS', message: 'Invalid email or password.' } };
const EMAIL_TAKEN = {
  error: { code: 'EMAIL_TAKEN', message: 'An account with this email already exists. Please log in instead.' },
};

describe('sign-up', () => {
  it('makes a creator with a profile (handle from the name, empty wallet) and a session cookie', async () => {
    const email = uniqueEmail('asha');
    const { response, me, cookie } = await signUp(t.app, { role: 'creator', name: 'Asha Verma', email });
    expect(response.headers['cache-control']).toBe('no-store');
    expect(cookie).toMatch(/^kholo\.session_token=.+/);

    const id = me.account!.id;
    expect(me).toEqual({
      account: { id, name: 'Asha Verma', email, isAdmin: false, hasPassword: true, emailVerified: false },
      creator: {
        id,
        handle: 'asha-verma',
        name: 'Asha Verma',
        email,
        bio: null,
        avatarUrl: null,
        walletBalancePaise: 0,
        createdAt: t.clock.now(),
        suspendedReason: null,
        instagramBioDone: false,
      },
      fan: null,
      policies: { needsAcceptance: false, termsVersion: TERMS_VERSION, privacyVersion: PRIVACY_VERSION },
    });
    const row = await t.database.db.selectFrom('creators').selectAll().where('userId', '=', id).executeTakeFirst();
    expect(row).toMatchObject({ handle: 'asha-verma', walletBalancePaise: 0 });
    expect(await t.database.db.selectFrom('fans').select('userId').where('userId', '=', id).execute()).toEqual([]);

    // The cookie alone is enough for /api/me to know her.
    const again = await getMe(t.app, cookie);
    expect(again.statusCode).toBe(200);
    expect(again.headers['cache-control']).toBe('no-store');
    expect(again.json()).toEqual(me);
  });

  it('makes a fan with a fan record and no creator profile', async () => {
    const email = uniqueEmail('ravi');
    const { me, cookie } = await signUp(t.app, { role: 'fan', name: 'Ravi Kumar', email });
    const id = me.account!.id;
    expect(me).toEqual({
      account: { id, name: 'Ravi Kumar', email, isAdmin: false, hasPassword: true, emailVerified: false },
      creator: null,
      fan: { id, name: 'Ravi Kumar', email, createdAt: t.clock.now() },
      policies: { needsAcceptance: false, termsVersion: TERMS_VERSION, privacyVersion: PRIVACY_VERSION },
    });
    const fan = await t.database.db.selectFrom('fans').selectAll().where('userId', '=', id).executeTakeFirst();
    expect(fan).toEqual({ userId: id, name: 'Ravi Kumar', createdAt: t.clock.now() });
    expect(await t.database.db.selectFrom('creators').select('userId').where('userId', '=', id).execute()).toEqual([]);
    expect((await getMe(t.app, cookie)).json<Me>().fan?.id).toBe(id);
  });

  it('trims the name and lowercases the email', async () => {
    const email = uniqueEmail('mixed');
    const { me } = await signUp(t.app, { name: '  Meera Iyer  ', email: `  ${email.toUpperCase()} ` });
    expect(me.account).toMatchObject({ name: 'Meera Iyer', email });
  });

  it('answers a visitor with everything null and sets no cookie', async () => {
    const response = await getMe(t.app);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(VISITOR);
    expect(response.headers['set-cookie']).toBeUndefined();

    const forged = await getMe(t.app, 'kholo.session_token=not-a-real-token.signature');
    expect(forged.statusCode).toBe(200);
    expect(forged.json()).toEqual(VISITOR);
  });
});

describe('handles', () => {
  it('gives the same name a numeric suffix', async () => {
    const first = await signUp(t.app, { name: 'Kiran Rao' });
    const second = await signUp(t.app, { name: 'Kiran Rao' });
    const third = await signUp(t.app, { name: 'KIRAN  rao!' });
    expect([first.me.creator?.handle, second.me.creator?.handle, third.me.creator?.handle]).toEqual([
      'kiran-rao',
      'kiran-rao-2',
      'kiran-rao-3',
    ]);
  });

  it.each([
    ['Zoë D’Souza', 'zoe-d-souza'],
    ['Ángel Núñez', 'angel-nunez'],
    ['  --Sam_99-- ', 'sam-99'],
  ])('derives %j → %s', async (name, handle) => {
    const { me } = await signUp(t.app, { name });
    expect(me.creator?.handle).toBe(handle);
  });

  it('falls back to "creator" for a name with no Latin letters, still unique', async () => {
    const first = await signUp(t.app, { name: 'प्रिया शर्मा' });
    const second = await signUp(t.app, { name: '🙂🙂' });
    expect(first.me.creator?.handle).toBe('creator');
    expect(second.me.creator?.handle).toBe('creator-2');
    expect(first.me.creator?.name).toBe('प्रिया शर्मा');
  });

  it('keeps every handle to lowercase a–z, 0–9 and single dashes, at most 40 characters', async () => {
    const { me } = await signUp(t.app, { name: `Ünïcødé ${'very long name '.repeat(4)}` });
    const handle = me.creator!.handle;
    expect(handle).toMatch(HANDLE_PATTERN);
    expect(handle.length).toBeLessThanOrEqual(40);
    const handles = await t.database.db.selectFrom('creators').select('handle').execute();
    for (const row of handles) expect(row.handle).toMatch(/^[a-z0-9-]+$/);
  });
});

describe('one email, both roles', () => {
  it('a creator who logs in through the fan dialog becomes a fan and stays a creator', async () => {
    const { me: created, body } = await signUp(t.app, { role: 'creator', name: 'Nisha Gupta' });
    const response = await signIn(t.app, { email: body.email, password: PASSWORD, role: 'fan' });
    expect(response.statusCode).toBe(200);
    const me = response.json<Me>();
    expect(me.creator).toEqual(created.creator);
    expect(me.fan).toEqual({
      id: created.account!.id,
      name: 'Nisha Gupta',
      email: body.email,
      createdAt: t.clock.now(),
    });
    expect(await countFor('fans', created.account!.id)).toBe(1);

    // Logging in through the fan dialog again adds nothing.
    const twice = await signIn(t.app, { email: body.email, password: PASSWORD, role: 'fan' });
    expect(twice.statusCode).toBe(200);
    expect(await countFor('fans', created.account!.id)).toBe(1);
  });

  it('a fan who logs in through the creator dialog is signed in as she is: no creator profile until she asks (ADR 022)', async () => {
    const { me: created, body } = await signUp(t.app, { role: 'fan', name: 'Dev Malhotra' });
    const response = await signIn(t.app, { email: body.email, password: PASSWORD, role: 'creator' });
    expect(response.statusCode).toBe(200);
    const me = response.json<Me>();
    expect(me.fan).toEqual(created.fan);
    expect(me.creator).toBeNull();
    expect(await countFor('creators', created.account!.id)).toBe(0);
  });

  it('a login without a role changes no profile', async () => {
    const { me: created, body } = await signUp(t.app, { role: 'fan', name: 'Tara Singh' });
    const response = await signIn(t.app, { email: body.email, password: PASSWORD });
    expect(response.statusCode).toBe(200);
    expect(response.json<Me>().creator).toBeNull();
    expect(await countFor('creators', created.account!.id)).toBe(0);
  });

  it.each([
    ['the same case', (email: string) => email],
    ['another case', (email: string) => email.toUpperCase()],
    ['spaces around it', (email: string) => `  ${email} `],
  ])('refuses a second sign-up with the same email in %s (409), writing nothing', async (_label, variant) => {
    const { body } = await signUp(t.app, { role: 'creator' });
    const before = await accountTableCounts(t.database);
    for (const role of ['creator', 'fan'] as const) {
      const response = await postSignUp(t.app, {
        ...body,
        role,
        email: variant(body.email),
        password: 'another pass 1',
      });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual(EMAIL_TAKEN);
      expect(response.headers['set-cookie']).toBeUndefined();
    }
    expect(await accountTableCounts(t.database)).toEqual(before);
    // The first password still works: the refused sign-up did not overwrite anything.
    expect((await signIn(t.app, { email: body.email, password: PASSWORD })).statusCode).toBe(200);
    expect((await signIn(t.app, { email: body.email, password: 'another pass 1' })).statusCode).toBe(401);
  });
});

describe('the admin account', () => {
  it('exists from the start, without a creator or fan profile', async () => {
    const admin = await t.database.db
      .selectFrom('authUsers')
      .select('id')
      .where('email', '=', TEST_ADMIN.email)
      .executeTakeFirstOrThrow();
    expect(await countFor('creators', admin.id)).toBe(0);
    expect(await countFor('fans', admin.id)).toBe(0);
    // The session sign-up opened while creating it was removed.
    expect(await sessionCountFor(t.database, TEST_ADMIN.email)).toBe(0);
  });

  it('is never an address someone registered through the public dialogs', async () => {
    const { body } = await signUp(t.app, { role: 'fan', email: 'ops@kholo.test' });
    const config = { ...t.config, auth: { ...t.config.auth, adminEmail: body.email } };
    await expect(startApp({ config, database: t.database, clock: t.clock, mailer: t.mailer })).rejects.toThrow(
      'ADMIN_EMAIL ops@kholo.test belongs to an account that signed up as a creator or fan',
    );
  });

  it('logs in through the admin door and /api/me says isAdmin', async () => {
    const response = await signIn(t.app, { ...TEST_ADMIN, email: TEST_ADMIN.email.toUpperCase(), role: 'admin' });
    expect(response.statusCode).toBe(200);
    const me = response.json<Me>();
    expect(me.account).toMatchObject({ email: TEST_ADMIN.email, isAdmin: true });
    expect(me.creator).toBeNull();
    expect(me.fan).toBeNull();
    const cookie = response.cookies.find((c) => c.name === 'kholo.session_token');
    const again = await getMe(t.app, `${cookie!.name}=${cookie!.value}`);
    expect(again.json<Me>().account?.isAdmin).toBe(true);
  });

  it.each(['creator', 'fan'])('cannot sign up as a %s with the admin email, in any case', async (role) => {
    const before = await accountTableCounts(t.database);
    for (const email of [TEST_ADMIN.email, TEST_ADMIN.email.toUpperCase()]) {
      const response = await postSignUp(t.app, { role, name: 'Mallory', email, password: 'mallory password' });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual(EMAIL_TAKEN);
    }
    expect(await accountTableCounts(t.database)).toEqual(before);
    // The admin's password is still the original one.
    expect((await signIn(t.app, { ...TEST_ADMIN, role: 'admin' })).statusCode).toBe(200);
  });

  it.each(['creator', 'fan'])('cannot log in through the %s door, and no session is kept', async (role) => {
    const sessionsBefore = await sessionCountFor(t.database, TEST_ADMIN.email);
    const response = await signIn(t.app, { ...TEST_ADMIN, role });
    expect(response.statusCode).toBe(403);
    expect(errorOf(response)).toEqual({ code: 'FORBIDDEN', message: 'The admin account signs in at /admin.' });
    expect(response.headers['set-cookie']).toBeUndefined();
    expect(await sessionCountFor(t.database, TEST_ADMIN.email)).toBe(sessionsBefore);
    const admin = await t.database.db
      .selectFrom('authUsers')
      .select('id')
      .where('email', '=', TEST_ADMIN.email)
      .executeTakeFirstOrThrow();
    expect(await countFor('creators', admin.id)).toBe(0);
    expect(await countFor('fans', admin.id)).toBe(0);
  });

  it('refuses a creator at the admin door (403) and keeps no session', async () => {
    const { body } = await signUp(t.app, { role: 'creator' });
    const sessionsBefore = await sessionCountFor(t.database, body.email);
    const response = await signIn(t.app, { email: body.email, password: PASSWORD, role: 'admin' });
    expect(response.statusCode).toBe(403);
    expect(errorOf(response)).toEqual({ code: 'FORBIDDEN', message: 'This account is not the Kholo admin account.' });
    expect(response.headers['set-cookie']).toBeUndefined();
    expect(await sessionCountFor(t.database, body.email)).toBe(sessionsBefore);
  });

  it('answers a wrong password at the admin door like any other login', async () => {
    const response = await signIn(t.app, {
      email: TEST_ADMIN.email,
      password: 'not the admin password',
      role: 'admin',
    });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual(INVALID_CREDENTIALS);
  });
});

describe('validation', () => {
  const valid = { role: 'creator', name: 'Priya Sharma', email: 'valid@example.com', password: PASSWORD };

  it.each([
    ['a missing name', { ...valid, name: undefined }, 'name', 'Please enter your name.'],
    ['a blank name', { ...valid, name: '   ' }, 'name', 'Please enter your name.'],
    ['a name that is a number', { ...valid, name: 7 }, 'name', 'Please enter your name.'],
    ['a too-long name', { ...valid, name: 'x'.repeat(81) }, 'name', 'Please keep your name under 80 characters.'],
    ['a missing email', { ...valid, email: undefined }, 'email', 'Please enter your email address.'],
    ['an empty email', { ...valid, email: '  ' }, 'email', 'Please enter your email address.'],
    ['an email that is a number', { ...valid, email: 12345 }, 'email', 'Please enter your email address.'],
    [
      'an invalid email',
      { ...valid, email: 'priya-at-example' },
      'email',
      'Please enter a valid email address, like name@example.com.',
    ],
    ['a too-long email', { ...valid, email: `${'a'.repeat(250)}@x.in` }, 'email', 'That email address is too long.'],
    ['a missing password', { ...valid, password: undefined }, 'password', 'Please enter a password.'],
    ['a password that is a number', { ...valid, password: 12345678 }, 'password', 'Please enter a password.'],
    [
      'a 7-character password',
      { ...valid, password: 'abc1234' },
      'password',
      'Your password needs at least 8 characters.',
    ],
    [
      'a 129-character password',
      { ...valid, password: 'x'.repeat(128) + 'y' },
      'password',
      'Please keep your password under 128 characters.',
    ],
    [
      'the common password password123',
      { ...valid, password: 'password123' },
      'password',
      'This password is too common and easy to guess. Please choose another one.',
    ],
    [
      'the common password 12345678',
      { ...valid, password: '12345678' },
      'password',
      'This password is too common and easy to guess. Please choose another one.',
    ],
    ['a missing role', { ...valid, role: undefined }, 'role', undefined],
    ['the admin role', { ...valid, role: 'admin' }, 'role', undefined],
    ['an unknown extra field', { ...valid, isAdmin: true }, '_', undefined],
  ])('sign-up refuses %s with a field error and writes nothing', async (_label, payload, field, message) => {
    const before = await accountTableCounts(t.database);
    const response = await postSignUp(t.app, payload);
    expect(response.statusCode).toBe(400);
    const error = errorOf(response);
    expect(error.code).toBe('VALIDATION_FAILED');
    expect(error.fields).toBeDefined();
    expect(Object.keys(error.fields!)).toEqual([field]);
    if (message !== undefined) expect(error.fields![field]).toBe(message);
    else expect(error.fields![field]).toEqual(expect.any(String));
    expect(response.headers['set-cookie']).toBeUndefined();
    expect(await accountTableCounts(t.database)).toEqual(before);
  });

  it('accepts exactly 8 and exactly 128 characters', async () => {
    for (const password of ['tiger-8!', 'p'.repeat(64) + 'q'.repeat(64)]) {
      const response = await postSignUp(t.app, { ...valid, email: uniqueEmail(), password });
      expect(response.statusCode).toBe(200);
    }
  });

  it('reports every invalid field of an empty body at once', async () => {
    const before = await countRows(t.database, 'auth_users');
    const response = await postSignUp(t.app, {});
    expect(response.statusCode).toBe(400);
    expect(Object.keys(errorOf(response).fields!).sort()).toEqual(['email', 'name', 'password', 'role']);
    expect(await countRows(t.database, 'auth_users')).toBe(before);
  });

  it.each([
    ['a missing email', { password: PASSWORD }, 'email', 'Please enter your email address.'],
    ['a missing password', { email: 'a@example.com' }, 'password', 'Please enter your password.'],
    ['an empty password', { email: 'a@example.com', password: '' }, 'password', 'Please enter your password.'],
    ['an email that is a number', { email: 42, password: PASSWORD }, 'email', 'Please enter your email address.'],
    ['an unknown role', { email: 'a@example.com', password: PASSWORD, role: 'owner' }, 'role', undefined],
    ['an unknown extra field', { email: 'a@example.com', password: PASSWORD, remember: true }, '_', undefined],
  ])('login refuses %s with a field error and opens no session', async (_label, payload, field, message) => {
    const sessionsBefore = await countRows(t.database, 'auth_sessions');
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload,
      remoteAddress: freshIp(),
    });
    expect(response.statusCode).toBe(400);
    const error = errorOf(response);
    expect(error.code).toBe('VALIDATION_FAILED');
    expect(Object.keys(error.fields!)).toEqual([field]);
    if (message !== undefined) expect(error.fields![field]).toBe(message);
    expect(await countRows(t.database, 'auth_sessions')).toBe(sessionsBefore);
  });
});

describe('login', () => {
  it('opens a session for the right password, whatever the case of the email', async () => {
    const { body, me: created } = await signUp(t.app, { role: 'creator' });
    const response = await signIn(t.app, { email: `  ${body.email.toUpperCase()}  `, password: PASSWORD });
    expect(response.statusCode).toBe(200);
    expect(response.json<Me>().account?.id).toBe(created.account!.id);
    const cookie = response.cookies.find((c) => c.name === 'kholo.session_token');
    expect(cookie?.value).toBeTruthy();
    expect((await getMe(t.app, `kholo.session_token=${cookie!.value}`)).json<Me>().account?.email).toBe(body.email);
  });

  it('answers a wrong password and an unknown email the same way, with no cookie', async () => {
    const { body } = await signUp(t.app);
    const sessionsBefore = await countRows(t.database, 'auth_sessions');
    const wrong = await signIn(t.app, { email: body.email, password: 'wrong password here' });
    const unknown = await signIn(t.app, { email: uniqueEmail('nobody'), password: PASSWORD });
    const wrongCase = await signIn(t.app, { email: body.email, password: PASSWORD.toUpperCase() });
    for (const response of [wrong, unknown, wrongCase]) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual(INVALID_CREDENTIALS);
      expect(response.headers['set-cookie']).toBeUndefined();
    }
    expect(await countRows(t.database, 'auth_sessions')).toBe(sessionsBefore);
  });

  it('refuses a login posted from another website (403) and opens no session', async () => {
    const { body } = await signUp(t.app);
    const sessionsBefore = await sessionCountFor(t.database, body.email);
    const response = await signIn(
      t.app,
      { email: body.email, password: PASSWORD },
      { headers: { origin: 'https://evil.example' } },
    );
    expect(response.statusCode).toBe(403);
    expect(errorOf(response).code).toBe('FORBIDDEN');
    expect(response.headers['set-cookie']).toBeUndefined();
    expect(await sessionCountFor(t.database, body.email)).toBe(sessionsBefore);

    // The same request from Kholo's own origin works.
    const own = await signIn(
      t.app,
      { email: body.email, password: PASSWORD },
      { headers: { origin: t.config.publicUrl } },
    );
    expect(own.statusCode).toBe(200);
  });

  it('refuses a sign-up posted from another website', async () => {
    const before = await countRows(t.database, 'auth_users');
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      payload: { role: 'creator', name: 'Eve', email: uniqueEmail(), password: PASSWORD },
      headers: { origin: 'https://evil.example' },
      remoteAddress: freshIp(),
    });
    expect(response.statusCode).toBe(403);
    expect(await countRows(t.database, 'auth_users')).toBe(before);
  });
});

describe('simultaneous sign-ups', () => {
  it('with one email create one account; the others get 409 EMAIL_TAKEN', async () => {
    const email = uniqueEmail('race');
    const responses = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        postSignUp(t.app, { role: i % 2 === 0 ? 'creator' : 'fan', name: `Racer ${i}`, email, password: PASSWORD }),
      ),
    );
    const statuses = responses.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([200, 409, 409, 409, 409, 409, 409, 409]);
    for (const response of responses.filter((r) => r.statusCode === 409)) {
      expect(response.json()).toEqual(EMAIL_TAKEN);
    }

    const users = await t.database.db.selectFrom('authUsers').select('id').where('email', '=', email).execute();
    expect(users).toHaveLength(1);
    const id = users[0]!.id;
    const credentials = await sql<{ n: number | string }>`
      select count(*) as n from auth_accounts where user_id = ${id}`.execute(t.database.db);
    expect(Number(credentials.rows[0]?.n)).toBe(1);
    // Exactly one profile, belonging to the winner, and only the winner holds a session.
    expect((await countFor('creators', id)) + (await countFor('fans', id))).toBe(1);
    expect(await sessionCountFor(t.database, email)).toBe(1);
  });

  it('with one name all succeed, each with its own handle', async () => {
    const responses = await Promise.all(
      Array.from({ length: 6 }, () =>
        postSignUp(t.app, { role: 'creator', name: 'Simran Kaur', email: uniqueEmail('simran'), password: PASSWORD }),
      ),
    );
    expect(responses.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
    const handles = responses.map((r) => r.json<Me>().creator!.handle).sort();
    expect(handles).toEqual([
      'simran-kaur',
      'simran-kaur-2',
      'simran-kaur-3',
      'simran-kaur-4',
      'simran-kaur-5',
      'simran-kaur-6',
    ]);
  });

  it('logins through both doors at once give one creator profile and one fan record', async () => {
    const { body, me } = await signUp(t.app, { role: 'fan', name: 'Both Doors' });
    const responses = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        signIn(t.app, { email: body.email, password: PASSWORD, role: i % 2 === 0 ? 'creator' : 'fan' }),
      ),
    );
    expect(responses.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
    // The creator door makes no creator (ADR 022); the fan door's record is written once.
    expect(await countFor('creators', me.account!.id)).toBe(0);
    expect(await countFor('fans', me.account!.id)).toBe(1);
  });
});

describe('a sign-up that fails half-way', () => {
  /**
   * Makes the database refuse (`fail`) or silently drop (`skip`) the creators row for one name,
   * the only way to break sign-up between the account insert and the profile insert.
   */
  async function withCreatorTrigger(name: string, action: 'fail' | 'skip', run: () => Promise<void>): Promise<void> {
    const { db } = t.database;
    const trigger = `kholo_test_${action}`;
    if (t.database.engine === 'sqlite') {
      const body = action === 'fail' ? sql`RAISE(ABORT, 'refused by test trigger')` : sql`RAISE(IGNORE)`;
      await sql`CREATE TRIGGER ${sql.id(trigger)} BEFORE INSERT ON creators WHEN NEW.name = ${sql.lit(name)}
        BEGIN SELECT ${body}; END`.execute(db);
    } else {
      const body = action === 'fail' ? `RAISE EXCEPTION 'refused by test trigger'` : 'RETURN NULL';
      await sql
        .raw(
          `CREATE FUNCTION ${trigger}() RETURNS trigger AS $$ BEGIN IF NEW.name = '${name}' THEN ${body}; END IF; RETURN NEW; END $$ LANGUAGE plpgsql`,
        )
        .execute(db);
      await sql`CREATE TRIGGER ${sql.id(trigger)} BEFORE INSERT ON creators FOR EACH ROW EXECUTE FUNCTION ${sql.id(trigger)}()`.execute(
        db,
      );
    }
    try {
      await run();
    } finally {
      if (t.database.engine === 'sqlite') await sql`DROP TRIGGER ${sql.id(trigger)}`.execute(db);
      else {
        await sql`DROP TRIGGER ${sql.id(trigger)} ON creators`.execute(db);
        await sql`DROP FUNCTION ${sql.id(trigger)}()`.execute(db);
      }
    }
  }

  it('rolls the account back when the profile cannot be written (500), so the email stays free', async () => {
    const email = uniqueEmail('boom');
    await withCreatorTrigger('Trigger Boom', 'fail', async () => {
      const before = await accountTableCounts(t.database);
      const response = await postSignUp(t.app, { role: 'creator', name: 'Trigger Boom', email, password: PASSWORD });
      expect(response.statusCode).toBe(500);
      expect(errorOf(response)).toEqual({
        code: 'INTERNAL',
        message: 'Something went wrong on our side. Please try again in a moment.',
      });
      expect(response.headers['set-cookie']).toBeUndefined();
      expect(await accountTableCounts(t.database)).toEqual(before);
    });
    // Nothing half-made blocks a second try.
    const retry = await signUp(t.app, { role: 'creator', name: 'Trigger Boom', email });
    expect(retry.me.creator?.handle).toBe('trigger-boom');
  });

  it('rolls the account back when no handle can be reserved (409 CONFLICT)', async () => {
    const email = uniqueEmail('ghost');
    await withCreatorTrigger('Ghost Writer', 'skip', async () => {
      const before = await accountTableCounts(t.database);
      const response = await postSignUp(t.app, { role: 'creator', name: 'Ghost Writer', email, password: PASSWORD });
      expect(response.statusCode).toBe(409);
      expect(errorOf(response).code).toBe('CONFLICT');
      expect(await accountTableCounts(t.database)).toEqual(before);

      // The same failure when an existing fan says yes to "Start selling?": no creator row.
      const fan = await signUp(t.app, { role: 'fan', name: 'Ghost Writer' });
      const started = await t.app.inject({
        method: 'POST',
        url: '/api/creators/start-selling',
        headers: { cookie: fan.cookie },
        payload: { handle: 'ghost-writer' },
      });
      expect(started.statusCode).toBe(409);
      expect(await countFor('creators', fan.me.account!.id)).toBe(0);
    });
  });
});

describe('better-auth endpoints Kholo does not use', () => {
  it.each([
    ['POST', '/api/auth/delete-user'],
    ['POST', '/api/auth/change-password'],
    ['POST', '/api/auth/change-email'],
    ['POST', '/api/auth/update-user'],
    ['POST', '/api/auth/revoke-sessions'],
    ['GET', '/api/auth/list-sessions'],
    ['GET', '/api/auth/get-session'],
    ['GET', '/api/auth/reset-password/sometoken1234567890abcd?callbackURL=https://evil.example'],
  ] as const)('%s %s is not reachable, even signed in', async (method, url) => {
    const { cookie, me } = await signUp(t.app);
    const response = await t.app.inject({
      method,
      url,
      headers: { cookie },
      ...(method === 'POST' ? { payload: { newPassword: 'hijacked password', currentPassword: PASSWORD } } : {}),
    });
    expect(response.statusCode).toBe(404);
    expect(errorOf(response).code).toBe('NOT_FOUND');
    expect((await getMe(t.app, cookie)).json<Me>().account?.id).toBe(me.account!.id);
  });
});

async function countFor(table: 'creators' | 'fans', userId: string): Promise<number> {
  const rows = await t.database.db.selectFrom(table).select('userId').where('userId', '=', userId).execute();
  return rows.length;
}
