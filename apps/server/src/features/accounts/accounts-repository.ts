import type { Locale } from '@kholo/contracts';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.js';
import { prepareQueryTakeFirst } from '../../lib/prepared.js';
import { type Joinable, joinable } from '../../lib/transactions.js';

export interface FanRow {
  userId: string;
  name: string;
  createdAt: number;
}

export interface AccountRow {
  id: string;
  name: string;
  email: string;
}

export interface EmailCodeRow {
  id: string;
  email: string;
  codeHash: string;
  createdAt: number;
  expiresAt: number;
}

/** A session found by its token, with its account. */
export interface SessionRow extends AccountRow {
  sessionId: string;
  expiresAt: string | Date;
}

/**
 * SQL for accounts, their sessions and reset links (better-auth's tables), and fan records.
 * `within(trx)` runs the same queries inside a transaction the caller holds, such as
 * better-auth's sign-up transaction.
 */
export function createAccountsRepository(db: Kysely<Database>): AccountsRepository {
  return joinable(accountQueries, db);
}

export type AccountsRepository = Joinable<ReturnType<typeof accountQueries>>;

function accountQueries(db: Kysely<Database>) {
  const sessionByToken = prepareQueryTakeFirst(db, ['token'], (args: { token: string }) =>
    db
      .selectFrom('authSessions')
      .innerJoin('authUsers', 'authUsers.id', 'authSessions.userId')
      .select([
        'authSessions.id as sessionId',
        'authSessions.expiresAt',
        'authUsers.id',
        'authUsers.name',
        'authUsers.email',
      ])
      .where('authSessions.token', '=', args.token),
  );
  return {
    async findAccountById(id: string): Promise<AccountRow | undefined> {
      return db.selectFrom('authUsers').select(['id', 'name', 'email']).where('id', '=', id).executeTakeFirst();
    },

    async findAccountByEmail(email: string): Promise<AccountRow | undefined> {
      return db.selectFrom('authUsers').select(['id', 'name', 'email']).where('email', '=', email).executeTakeFirst();
    },

    /** Whether the account has a creator profile or a fan record (the admin has neither). */
    async hasCreatorOrFanProfile(userId: string): Promise<boolean> {
      const [creator, fan] = await Promise.all([
        db.selectFrom('creators').select('userId').where('userId', '=', userId).executeTakeFirst(),
        db.selectFrom('fans').select('userId').where('userId', '=', userId).executeTakeFirst(),
      ]);
      return creator !== undefined || fan !== undefined;
    },

    async findFan(userId: string): Promise<FanRow | undefined> {
      return db.selectFrom('fans').selectAll().where('userId', '=', userId).executeTakeFirst();
    },

    async insertFanIfMissing(fan: FanRow): Promise<void> {
      await db
        .insertInto('fans')
        .values(fan)
        .onConflict((conflict) => conflict.column('userId').doNothing())
        .execute();
    },

    /** On every signed-in request (session.ts's fast read), so it is compiled once. */
    async findSessionByToken(token: string): Promise<SessionRow | undefined> {
      return sessionByToken({ token });
    },

    async deleteSession(sessionId: string): Promise<void> {
      await db.deleteFrom('authSessions').where('id', '=', sessionId).execute();
    },

    /** Reset tokens keep the account id as their value (better-auth's verification table). */
    async deleteResetTokensFor(userId: string): Promise<void> {
      await db.deleteFrom('authVerifications').where('value', '=', userId).execute();
    },

    async deleteSessionByToken(token: string): Promise<void> {
      await db.deleteFrom('authSessions').where('token', '=', token).execute();
    },

    /** Every session of the account but `keep`: when she first proves her email, whoever else was in leaves. */
    async deleteOtherSessions(userId: string, keepSessionId: string | null): Promise<void> {
      let query = db.deleteFrom('authSessions').where('userId', '=', userId);
      if (keepSessionId !== null) query = query.where('id', '!=', keepSessionId);
      await query.execute();
    },

    /** Whether she can log in with a password (a credential with a hash), and has proved her email. */
    async credentialsOf(userId: string): Promise<{ hasPassword: boolean; emailVerified: boolean }> {
      const row = await db
        .selectFrom('authUsers')
        .leftJoin('authAccounts', (join) =>
          join
            .onRef('authAccounts.userId', '=', 'authUsers.id')
            .on('authAccounts.providerId', '=', 'credential')
            .on('authAccounts.password', 'is not', null),
        )
        .select(['authUsers.emailVerified', 'authAccounts.id as credentialId'])
        .where('authUsers.id', '=', userId)
        .executeTakeFirst();
      return {
        hasPassword: row?.credentialId !== null && row?.credentialId !== undefined,
        emailVerified: row?.emailVerified === true || row?.emailVerified === 1,
      };
    },

    /** The Terms and Privacy versions the account accepted (null before it ever did). */
    async findPolicyConsent(
      userId: string,
    ): Promise<{ termsVersion: string | null; privacyVersion: string | null } | undefined> {
      return db
        .selectFrom('authUsers')
        .select(['termsVersion', 'privacyVersion'])
        .where('id', '=', userId)
        .executeTakeFirst();
    },

    /** Her emails' language (migration 0026); setting the one she has changes nothing. */
    async setLocale(userId: string, locale: Locale): Promise<void> {
      await db.updateTable('authUsers').set({ locale }).where('id', '=', userId).execute();
    },

    /**
     * Records that the account accepted these versions. A repeat (a double click) changes nothing,
     * so `policiesAcceptedAt` keeps the first acceptance of them.
     */
    async recordPolicyConsent(
      userId: string,
      versions: { termsVersion: string; privacyVersion: string },
      now: number,
    ): Promise<void> {
      await db
        .updateTable('authUsers')
        .set({ ...versions, policiesAcceptedAt: now })
        .where('id', '=', userId)
        .where((eb) =>
          eb.or([
            eb('termsVersion', 'is', null),
            eb('privacyVersion', 'is', null),
            eb('termsVersion', '!=', versions.termsVersion),
            eb('privacyVersion', '!=', versions.privacyVersion),
          ]),
        )
        .execute();
    },

    /** Every password of the account (a squatter's, when she first proves the email, ADR 022). */
    async deletePasswords(userId: string): Promise<void> {
      await db.deleteFrom('authAccounts').where('userId', '=', userId).where('providerId', '=', 'credential').execute();
    },

    /** An account that holds no order at all (a visitor's whose order could not be made); its fan record goes with it. */
    async deleteAccountWithoutOrders(userId: string): Promise<void> {
      const holdsNoOrder = () => sql<boolean>`not exists (select 1 from orders where orders.fan_id = ${userId})`;
      await db.deleteFrom('fans').where('userId', '=', userId).where(holdsNoOrder()).execute();
      await db.deleteFrom('authUsers').where('id', '=', userId).where(holdsNoOrder()).execute();
    },

    /** Whether the account deleted itself (ADR 024): nothing may act for it any more. */
    async isDeleted(userId: string): Promise<boolean> {
      const row = await db.selectFrom('authUsers').select('deletedAt').where('id', '=', userId).executeTakeFirst();
      return row !== undefined && row.deletedAt !== null;
    },

    /**
     * Marks the account deleted, the first statement of its deletion: it locks the row, so of two
     * deletions at once one waits here and then finds it deleted. False when it already was.
     */
    async markDeleted(userId: string, now: number): Promise<boolean> {
      const result = await db
        .updateTable('authUsers')
        .set({ deletedAt: now })
        .where('id', '=', userId)
        .where('deletedAt', 'is', null)
        .executeTakeFirst();
      return result.numUpdatedRows === 1n;
    },

    /**
     * Erases what names a deleted account and ends every way into it (ADR 024): its name and email
     * become `erased`'s, and its sessions, passwords, reset links and sign-in codes go. Her fan
     * record stays (her orders point at it) under the erased name.
     */
    async eraseAccount(userId: string, previousEmail: string, erased: { name: string; email: string }): Promise<void> {
      // `false` as a literal: 0 on SQLite and a boolean on PostgreSQL (ADR 008). `image` is
      // better-auth's profile picture, never set by Kholo, erased in case.
      await sql`update auth_users
        set name = ${erased.name}, email = ${erased.email}, email_verified = ${sql.lit(false)}, image = null
        where id = ${userId}`.execute(db);
      await db.deleteFrom('authSessions').where('userId', '=', userId).execute();
      await db.deleteFrom('authAccounts').where('userId', '=', userId).execute();
      await db.deleteFrom('authVerifications').where('value', '=', userId).execute();
      await db.deleteFrom('emailCodes').where('email', '=', previousEmail).execute();
      await db.updateTable('fans').set({ name: erased.name }).where('userId', '=', userId).execute();
    },

    async insertEmailCode(row: EmailCodeRow): Promise<void> {
      await db.insertInto('emailCodes').values(row).execute();
    },

    /** Keeps only the newest of the email's codes (so at most two live once the next is stored). */
    async deleteAllButNewestEmailCode(email: string): Promise<void> {
      const newest = await db
        .selectFrom('emailCodes')
        .select('id')
        .where('email', '=', email)
        .orderBy('createdAt', 'desc')
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst();
      if (newest === undefined) return;
      await db.deleteFrom('emailCodes').where('email', '=', email).where('id', '!=', newest.id).execute();
    },

    /** A wrong guess counts against every live code of the email; those that reach `max` are deleted. */
    async countWrongGuess(email: string, max: number): Promise<void> {
      await db
        .updateTable('emailCodes')
        .set((eb) => ({ wrongGuesses: eb('wrongGuesses', '+', 1) }))
        .where('email', '=', email)
        .execute();
      await db.deleteFrom('emailCodes').where('email', '=', email).where('wrongGuesses', '>=', max).execute();
    },

    async findLiveEmailCodes(email: string, now: number): Promise<Pick<EmailCodeRow, 'id' | 'codeHash'>[]> {
      return db
        .selectFrom('emailCodes')
        .select(['id', 'codeHash'])
        .where('email', '=', email)
        .where('expiresAt', '>', now)
        .execute();
    },

    /** True when this call deleted it: of two requests with the same code, one wins. */
    async deleteEmailCode(id: string): Promise<boolean> {
      const result = await db.deleteFrom('emailCodes').where('id', '=', id).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    async deleteEmailCodesFor(email: string): Promise<void> {
      await db.deleteFrom('emailCodes').where('email', '=', email).execute();
    },

    async deleteExpiredEmailCodes(email: string, now: number): Promise<void> {
      await db.deleteFrom('emailCodes').where('email', '=', email).where('expiresAt', '<=', now).execute();
    },
  };
}
