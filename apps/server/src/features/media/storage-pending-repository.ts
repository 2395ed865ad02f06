import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { previewBaseKey } from './preview-sizes.js';

/**
 * A pending key's `created_at` once a sweep has taken it for removal: older than any cutoff, so
 * a sweep that dies half-way leaves it for the next one, and never equal to a writer's claim
 * time, so the writer's commit sees that its key was taken (see forgetClaim).
 */
const TAKEN_BY_SWEEP = 0;

/** Keys a writer recorded at one moment, before writing their objects. */
export interface StorageClaim {
  keys: readonly string[];
  claimedAt: number;
}

/**
 * SQL for the journal of storage keys in flight (`storage_pending`): a key is recorded before its
 * object is written, or in the same transaction that gives up the row pointing at it, and
 * forgotten once the row is committed or the object is gone. Pass a transaction to take part in it.
 */
export function createStoragePendingRepository(db: Kysely<Database>) {
  return {
    /** Records the keys; a key already recorded (someone else's object) is a unique violation. */
    async add(keys: readonly string[], now: number): Promise<void> {
      if (keys.length === 0) return;
      await db
        .insertInto('storagePending')
        .values(keys.map((key) => ({ key, createdAt: now })))
        .execute();
    },

    async forget(keys: readonly string[]): Promise<void> {
      if (keys.length === 0) return;
      await db.deleteFrom('storagePending').where('key', 'in', keys).execute();
    },

    /**
     * Forgets a writer's claimed keys as its row commits; false when a sweep has taken any of them
     * meanwhile (their objects are being removed), and the row must then not be committed.
     */
    async forgetClaim(claim: StorageClaim): Promise<boolean> {
      if (claim.keys.length === 0) return true;
      const result = await db
        .deleteFrom('storagePending')
        .where('key', 'in', claim.keys)
        .where('createdAt', '=', claim.claimedAt)
        .executeTakeFirst();
      return result.numDeletedRows === BigInt(claim.keys.length);
    },

    /**
     * Takes the given keys for removal and answers those whose objects may go: the ones no row
     * names. Each key is journaled (again, if a commit had already forgotten it) as taken, so it
     * stays recorded until its object is removed. The upsert waits for any transaction still
     * holding that journal row, and a writer yet to commit then finds its claim taken (see
     * forgetClaim): so the check below sees every row that will ever name these keys. That is
     * what makes an error after COMMIT was sent safe to handle by discarding: a row that did
     * commit keeps its files. A key a row names belongs to that row and leaves the journal.
     */
    async takeForRemoval(keys: readonly string[]): Promise<string[]> {
      if (keys.length === 0) return [];
      await db
        .insertInto('storagePending')
        .values(keys.map((key) => ({ key, createdAt: TAKEN_BY_SWEEP })))
        .onConflict((conflict) => conflict.column('key').doUpdateSet({ createdAt: TAKEN_BY_SWEEP }))
        .execute();
      const referenced = await findReferenced(db, keys);
      if (referenced.length > 0) await db.deleteFrom('storagePending').where('key', 'in', referenced).execute();
      const named = new Set(referenced);
      return keys.filter((key) => !named.has(key));
    },

    /**
     * Takes up to `limit` keys recorded at or before `cutoff` for removal, oldest first, so a
     * writer still holding one can no longer commit a row pointing at it. Answers the keys taken.
     */
    async takeRecordedBefore(cutoff: number, limit: number): Promise<string[]> {
      const candidates = await db
        .selectFrom('storagePending')
        .select('key')
        .where('createdAt', '<=', cutoff)
        .orderBy('createdAt')
        .orderBy('key')
        .limit(limit)
        .execute();
      if (candidates.length === 0) return [];
      const taken = await db
        .updateTable('storagePending')
        .set({ createdAt: TAKEN_BY_SWEEP })
        .where(
          'key',
          'in',
          candidates.map((row) => row.key),
        )
        .where('createdAt', '<=', cutoff)
        .returning('key')
        .execute();
      return taken.map((row) => row.key);
    },
  };
}

export type StoragePendingRepository = ReturnType<typeof createStoragePendingRepository>;

/**
 * The keys among `keys` that a row still points at: an item's files (unless given up with
 * files_removed_at) and a creator's avatar. An object named here must never be removed.
 */
async function findReferenced(db: Kysely<Database>, keys: readonly string[]): Promise<string[]> {
  // A preview's other widths are named by no column: each belongs to the row its base preview's
  // key is on (preview-sizes.ts), so it is looked up by that key.
  const baseOf = new Map<string, string>();
  for (const key of keys) {
    const base = previewBaseKey(key);
    if (base !== null) baseOf.set(key, base);
  }
  const lookup = baseOf.size === 0 ? keys : [...new Set([...keys, ...baseOf.values()])];
  const rows = await referencedKeysQuery(db, lookup).execute();
  const named = new Set(rows.map((row) => row.key).filter((key): key is string => key !== null));
  return keys.filter((key) => named.has(key) || named.has(baseOf.get(key) ?? ''));
}

/**
 * The query behind findReferenced, on its own so a test can read its plan: every discard runs it,
 * so each column it looks up must be indexed (0003, 0007), or it reads whole tables.
 */
export function referencedKeysQuery(db: Kysely<Database>, keys: readonly string[]) {
  const itemFiles = (column: 'mediaKey' | 'previewKey' | 'displayKey') =>
    db.selectFrom('contents').select(`${column} as key`).where('filesRemovedAt', 'is', null).where(column, 'in', keys);
  return db
    .selectFrom('creators')
    .select('avatarKey as key')
    .where('avatarKey', 'in', keys)
    .union(itemFiles('mediaKey'))
    .union(itemFiles('previewKey'))
    .union(itemFiles('displayKey'));
}
