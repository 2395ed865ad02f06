import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
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

    async findSessionByToken(token: string): Promise<SessionRow | undefined> {
      return db
        .selectFrom('authSessions')
        .innerJoin('authUsers', 'authUsers.id', 'authSessions.userId')
        .select([
          'authSessions.id as sessionId',
          'authSessions.expiresAt',
          'authUsers.id',
          'authUsers.name',
          'authUsers.email',
        ])
        .where('authSessions.token', '=', token)
        .executeTakeFirst();
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
  };
}
