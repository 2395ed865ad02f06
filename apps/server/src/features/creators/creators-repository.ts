import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { CreatorRow } from '../accounts/accounts-repository.js';

/** SQL for creator profiles as pages and the studio see them. */
export function createCreatorsRepository(db: Kysely<Database>) {
  return {
    async findById(userId: string): Promise<CreatorRow | undefined> {
      return db.selectFrom('creators').selectAll().where('userId', '=', userId).executeTakeFirst();
    },

    async findByHandle(handle: string): Promise<CreatorRow | undefined> {
      return db.selectFrom('creators').selectAll().where('handle', '=', handle).executeTakeFirst();
    },

    /** SPEC §7's last lookup, by lowercase name; the oldest profile wins when names repeat. */
    async findByLowercaseName(name: string): Promise<CreatorRow | undefined> {
      return db
        .selectFrom('creators')
        .selectAll()
        .where(sql<string>`lower(name)`, '=', name.toLowerCase())
        .orderBy('createdAt', 'asc')
        .limit(1)
        .executeTakeFirst();
    },

    async isHandleTakenByOther(handle: string, userId: string): Promise<boolean> {
      const row = await db
        .selectFrom('creators')
        .select('userId')
        .where('handle', '=', handle)
        .where('userId', '!=', userId)
        .executeTakeFirst();
      return row !== undefined;
    },

    /**
     * Throws the database's unique violation when the handle was taken in the meantime. A new
     * name is the account's name too (the header and emails use it), in the same transaction.
     */
    async updateProfile(
      userId: string,
      changes: { name?: string; bio?: string | null; handle?: string },
    ): Promise<CreatorRow | undefined> {
      return db.transaction().execute(async (trx) => {
        const row = await trx
          .updateTable('creators')
          .set(changes)
          .where('userId', '=', userId)
          .returningAll()
          .executeTakeFirst();
        if (row !== undefined && changes.name !== undefined) {
          await trx.updateTable('authUsers').set({ name: changes.name }).where('id', '=', userId).execute();
        }
        return row;
      });
    },

    /** Sets the new avatar and answers the key it replaced, in one statement pair inside a transaction. */
    async replaceAvatarKey(userId: string, avatarKey: string): Promise<{ previous: string | null } | undefined> {
      return db.transaction().execute(async (trx) => {
        const current = await trx
          .selectFrom('creators')
          .select('avatarKey')
          .where('userId', '=', userId)
          .executeTakeFirst();
        if (current === undefined) return undefined;
        await trx.updateTable('creators').set({ avatarKey }).where('userId', '=', userId).execute();
        return { previous: current.avatarKey };
      });
    },
  };
}

export type CreatorsRepository = ReturnType<typeof createCreatorsRepository>;
