import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

export interface CreatorRow {
  userId: string;
  handle: string;
  name: string;
  bio: string | null;
  avatarKey: string | null;
  walletBalancePaise: number;
  createdAt: number;
  suspendedAt: number | null;
  suspendedReason: string | null;
}

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

/**
 * SQL for creator and fan profiles. Every function takes the executor to run on, so the
 * same queries work inside better-auth's sign-up transaction and on their own.
 */
export const accountsRepository = {
  async findAccountById(db: Kysely<Database>, id: string): Promise<AccountRow | undefined> {
    return db.selectFrom('authUsers').select(['id', 'name', 'email']).where('id', '=', id).executeTakeFirst();
  },

  async findAccountByEmail(db: Kysely<Database>, email: string): Promise<AccountRow | undefined> {
    return db.selectFrom('authUsers').select(['id', 'name', 'email']).where('email', '=', email).executeTakeFirst();
  },

  async findCreator(db: Kysely<Database>, userId: string): Promise<CreatorRow | undefined> {
    return db.selectFrom('creators').selectAll().where('userId', '=', userId).executeTakeFirst();
  },

  async findFan(db: Kysely<Database>, userId: string): Promise<FanRow | undefined> {
    return db.selectFrom('fans').selectAll().where('userId', '=', userId).executeTakeFirst();
  },

  /** Handles equal to base or starting with "base-": everything a new handle from base could collide with. */
  async findHandlesStartingWith(db: Kysely<Database>, base: string): Promise<string[]> {
    const rows = await db
      .selectFrom('creators')
      .select('handle')
      .where((eb) => eb.or([eb('handle', '=', base), eb('handle', 'like', `${base}-%`)]))
      .execute();
    return rows.map((row) => row.handle);
  },

  /**
   * Inserts unless the account already has a profile or the handle was taken a moment ago;
   * ON CONFLICT DO NOTHING keeps a PostgreSQL transaction usable after such a collision.
   * Returns whether the row was written.
   */
  async insertCreatorIfFree(
    db: Kysely<Database>,
    creator: { userId: string; handle: string; name: string; createdAt: number },
  ): Promise<boolean> {
    const inserted = await db
      .insertInto('creators')
      .values({ ...creator, bio: null, avatarKey: null })
      .onConflict((conflict) => conflict.doNothing())
      .returning('userId')
      .executeTakeFirst();
    return inserted !== undefined;
  },

  /** Undoes insertCreatorIfFree inside the same transaction, before anyone could see the row. */
  async deleteCreator(db: Kysely<Database>, userId: string): Promise<void> {
    await db.deleteFrom('creators').where('userId', '=', userId).execute();
  },

  async insertFanIfMissing(db: Kysely<Database>, fan: FanRow): Promise<void> {
    await db
      .insertInto('fans')
      .values(fan)
      .onConflict((conflict) => conflict.column('userId').doNothing())
      .execute();
  },

  async deleteSession(db: Kysely<Database>, sessionId: string): Promise<void> {
    await db.deleteFrom('authSessions').where('id', '=', sessionId).execute();
  },

  /** Reset tokens keep the account id as their value (better-auth's verification table). */
  async deleteResetTokensFor(db: Kysely<Database>, userId: string): Promise<void> {
    await db.deleteFrom('authVerifications').where('value', '=', userId).execute();
  },

  async deleteSessionByToken(db: Kysely<Database>, token: string): Promise<void> {
    await db.deleteFrom('authSessions').where('token', '=', token).execute();
  },
};
