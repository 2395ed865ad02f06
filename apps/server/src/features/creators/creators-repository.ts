import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { CreatorRow } from '../accounts/accounts-repository.js';
import { createStoragePendingRepository, type StorageClaim } from '../media/storage-pending-repository.js';

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

    /**
     * Sets the new avatar in one transaction with the storage journal: the new key (claimed before
     * its object was written) leaves it, the replaced key enters it for removal. Answers the key
     * replaced; undefined when there is no such creator. Throws when a sweep took the new key
     * meanwhile (its object is being removed), so no row points at a file that is going.
     */
    async replaceAvatarKey(userId: string, avatar: StorageClaim & { key: string }, now: number) {
      return db.transaction().execute(async (trx) => {
        const pending = createStoragePendingRepository(trx);
        // Compare-and-set, so two changes at once on PostgreSQL cannot both replace the same old
        // key and leave one new file unreferenced.
        for (;;) {
          const current = await trx
            .selectFrom('creators')
            .select('avatarKey')
            .where('userId', '=', userId)
            .executeTakeFirst();
          if (current === undefined) return undefined;
          const previous = current.avatarKey;
          const updated = await trx
            .updateTable('creators')
            .set({ avatarKey: avatar.key })
            .where('userId', '=', userId)
            .where('avatarKey', previous === null ? 'is' : '=', previous)
            .executeTakeFirst();
          if (updated.numUpdatedRows === 0n) continue;
          if (!(await pending.forgetClaim(avatar))) {
            throw new Error(`the storage sweep took avatar ${avatar.key} before its row was committed`);
          }
          if (previous !== null && previous !== avatar.key) await pending.add([previous], now);
          return { previous };
        }
      });
    },
  };
}

export type CreatorsRepository = ReturnType<typeof createCreatorsRepository>;
