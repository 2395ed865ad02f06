import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.js';
import { type Joinable, joinable } from '../../lib/transactions.js';
import { createStoragePendingRepository, type StorageClaim } from '../media/index.js';

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
  /** Her account was deleted (ADR 024). */
  deletedAt: number | null;
  /** When she ticked the checklist's Instagram-bio step; null until then. */
  instagramBioDoneAt: number | null;
}

/** A handle a creator gave up, held for her until `heldUntil`. */
export interface HandleHold {
  handle: string;
  /** The creator who gave it up. */
  userId: string;
  heldUntil: number;
}

export type ProfileUpdate =
  { outcome: 'updated'; row: CreatorRow } | { outcome: 'no-creator' } | { outcome: 'handle-held' };

/** Thrown inside the profile transaction to roll it back; never leaves this file. */
class HandleHeld extends Error {}

async function findHandleHold(db: Kysely<Database>, handle: string, now: number): Promise<HandleHold | undefined> {
  return db
    .selectFrom('releasedHandles')
    .select(['handle', 'userId', 'heldUntil'])
    .where('handle', '=', handle)
    .where('heldUntil', '>', now)
    .executeTakeFirst();
}

/**
 * SQL for creator profiles as pages and the studio see them, and for the handles creators gave
 * up. `within(trx)` runs the same queries in a transaction the caller holds: sign-up's own.
 */
export function createCreatorsRepository(db: Kysely<Database>): CreatorsRepository {
  return joinable(creatorQueries, db);
}

export type CreatorsRepository = Joinable<ReturnType<typeof creatorQueries>>;

function creatorQueries(db: Kysely<Database>) {
  return {
    async findById(userId: string): Promise<CreatorRow | undefined> {
      return db.selectFrom('creators').selectAll().where('userId', '=', userId).executeTakeFirst();
    },

    /** Records the Instagram-bio step once: a second tick keeps the first time. */
    async markInstagramBioDone(userId: string, now: number): Promise<void> {
      await db
        .updateTable('creators')
        .set({ instagramBioDoneAt: now })
        .where('userId', '=', userId)
        .where('instagramBioDoneAt', 'is', null)
        .execute();
    },

    async findByHandle(handle: string): Promise<CreatorRow | undefined> {
      return db.selectFrom('creators').selectAll().where('handle', '=', handle).executeTakeFirst();
    },

    /** SPEC §7's last lookup, by lowercase name; the oldest profile wins when names repeat. */
    async findByLowercaseName(name: string): Promise<CreatorRow | undefined> {
      return (
        db
          .selectFrom('creators')
          .selectAll()
          .where(sql<string>`lower(name)`, '=', name.toLowerCase())
          // Every deleted creator is "Deleted account": never found by that name.
          .where('deletedAt', 'is', null)
          .orderBy('createdAt', 'asc')
          .limit(1)
          .executeTakeFirst()
      );
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

    /** The hold on a handle a creator gave up, while it lasts (until after `now`). */
    async findHandleHold(handle: string, now: number): Promise<HandleHold | undefined> {
      return findHandleHold(db, handle, now);
    },

    /**
     * Handles equal to base or starting with "base-" that are held at `now`: a new creator's
     * automatic handle must not be one of them.
     */
    async findHeldHandlesStartingWith(base: string, now: number): Promise<string[]> {
      const rows = await db
        .selectFrom('releasedHandles')
        .select('handle')
        .where((eb) => eb.or([eb('handle', '=', base), eb('handle', 'like', `${base}-%`)]))
        .where('heldUntil', '>', now)
        .execute();
      return rows.map((row) => row.handle);
    },

    /** Handles equal to base or starting with "base-": everything a new handle from base could collide with. */
    async findHandlesStartingWith(base: string): Promise<string[]> {
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
    async insertIfFree(creator: { userId: string; handle: string; name: string; createdAt: number }): Promise<boolean> {
      const inserted = await db
        .insertInto('creators')
        .values({ ...creator, bio: null, avatarKey: null })
        .onConflict((conflict) => conflict.doNothing())
        .returning('userId')
        .executeTakeFirst();
      return inserted !== undefined;
    },

    /** Undoes insertIfFree inside the same transaction, before anyone could see the row. */
    async delete(userId: string): Promise<void> {
      await db.deleteFrom('creators').where('userId', '=', userId).execute();
    },

    /**
     * A new name is the account's name too (the header and emails use it), and a given-up
     * handle is recorded as held until `release.heldUntil`, all in one transaction. Answers
     * 'handle-held' (and changes nothing) when the new handle is held for another creator;
     * throws the database's unique violation when a live creator has it.
     */
    async updateProfile(
      userId: string,
      changes: { name?: string; bio?: string | null; handle?: string },
      release: { now: number; heldUntil: number },
    ): Promise<ProfileUpdate> {
      try {
        return await db.transaction().execute(async (trx): Promise<ProfileUpdate> => {
          // Locked, so the handle recorded as given up is the one this update replaces.
          const current = await trx
            .selectFrom('creators')
            .select('handle')
            .where('userId', '=', userId)
            .forUpdate()
            .executeTakeFirst();
          if (current === undefined) return { outcome: 'no-creator' };
          const row = await trx
            .updateTable('creators')
            // Her page shows her profile: its version rises with it (ADR 026).
            .set((eb) => ({ ...changes, contentVersion: eb('contentVersion', '+', 1) }))
            .where('userId', '=', userId)
            .returningAll()
            .executeTakeFirstOrThrow();
          if (row.handle !== current.handle) {
            // Asked after the update, never before: the update holds the handle's slot in the
            // unique index, so on PostgreSQL it first waits for a creator giving this handle up
            // at this moment to commit, and this (read-committed) statement then sees her
            // hold. Checked first, the hold could commit between the check and the update.
            const hold = await findHandleHold(trx, row.handle, release.now);
            if (hold !== undefined && hold.userId !== userId) throw new HandleHeld();
            // Taken back by its creator, or its hold ran out: the record has done its work.
            await trx.deleteFrom('releasedHandles').where('handle', '=', row.handle).execute();
            const given = { userId, releasedAt: release.now, heldUntil: release.heldUntil };
            await trx
              .insertInto('releasedHandles')
              .values({ handle: current.handle, ...given })
              .onConflict((conflict) => conflict.column('handle').doUpdateSet(given))
              .execute();
          }
          if (changes.name !== undefined) {
            await trx.updateTable('authUsers').set({ name: changes.name }).where('id', '=', userId).execute();
          }
          return { outcome: 'updated', row };
        });
      } catch (error) {
        if (error instanceof HandleHeld) return { outcome: 'handle-held' };
        throw error;
      }
    },

    /**
     * A deleted account's profile (ADR 024), inside the caller's transaction (`within(trx)`): her
     * name becomes `erased.name`, bio and avatar go, and her handle is given up as a handle change
     * gives one up (held for her until `release.heldUntil`, so nobody can pose as her at her old
     * address meanwhile) and replaced by `erased.handle`, which no one can choose. The avatar's key
     * enters the pending journal for removal; answered for the caller to remove after the commit.
     * Undefined when the account has no creator profile.
     */
    async eraseProfile(
      userId: string,
      erased: { name: string; handle: string },
      release: { now: number; heldUntil: number },
    ): Promise<{ avatarKey: string | null } | undefined> {
      const current = await db
        .selectFrom('creators')
        .select(['handle', 'avatarKey'])
        .where('userId', '=', userId)
        .forUpdate()
        .executeTakeFirst();
      if (current === undefined) return undefined;
      await db
        .updateTable('creators')
        .set((eb) => ({
          name: erased.name,
          handle: erased.handle,
          bio: null,
          avatarKey: null,
          deletedAt: release.now,
          contentVersion: eb('contentVersion', '+', 1),
        }))
        .where('userId', '=', userId)
        .execute();
      const given = { userId, releasedAt: release.now, heldUntil: release.heldUntil };
      await db
        .insertInto('releasedHandles')
        .values({ handle: current.handle, ...given })
        .onConflict((conflict) => conflict.column('handle').doUpdateSet(given))
        .execute();
      if (current.avatarKey !== null) await createStoragePendingRepository(db).add([current.avatarKey], release.now);
      return { avatarKey: current.avatarKey };
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
            .set((eb) => ({ avatarKey: avatar.key, contentVersion: eb('contentVersion', '+', 1) }))
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
