import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.js';
import { prepareQueryTakeFirst } from '../../lib/prepared.js';

/** What a request to her page reads every time: who she is, whether her page is up, and its version. */
export interface PageCreatorKey {
  userId: string;
  contentVersion: number;
  suspendedAt: number | null;
  deletedAt: number | null;
}

/** The profile her page shows, read when her page's version changed. */
export interface PageProfileRow {
  userId: string;
  handle: string;
  name: string;
  bio: string | null;
  avatarKey: string | null;
}

const KEY_COLUMNS = ['userId', 'contentVersion', 'suspendedAt', 'deletedAt'] as const;

/**
 * SQL for the public creator page (ADR 026): the lookups it makes on every request, each compiled
 * once (lib/prepared.ts), on the root handle (they never run in a transaction).
 */
export function createCreatorPageRepository(db: Kysely<Database>) {
  const byHandle = prepareQueryTakeFirst(db, ['handle'], (args: { handle: string }) =>
    db.selectFrom('creators').select(KEY_COLUMNS).where('handle', '=', args.handle),
  );
  const byId = prepareQueryTakeFirst(db, ['userId'], (args: { userId: string }) =>
    db.selectFrom('creators').select(KEY_COLUMNS).where('userId', '=', args.userId),
  );
  const byLowercaseName = prepareQueryTakeFirst(db, ['name'], (args: { name: string }) =>
    db
      .selectFrom('creators')
      .select(KEY_COLUMNS)
      .where(sql<string>`lower(name)`, '=', args.name)
      // Every deleted creator is "Deleted account": never found by that name.
      .where('deletedAt', 'is', null)
      .orderBy('createdAt', 'asc')
      .limit(1),
  );
  const profile = prepareQueryTakeFirst(db, ['userId'], (args: { userId: string }) =>
    db
      .selectFrom('creators')
      .select(['userId', 'handle', 'name', 'bio', 'avatarKey'])
      .where('userId', '=', args.userId),
  );
  return {
    findKeyByHandle: (handle: string): Promise<PageCreatorKey | undefined> => byHandle({ handle }),
    findKeyById: (userId: string): Promise<PageCreatorKey | undefined> => byId({ userId }),
    /** SPEC §7's last lookup, by lowercase name; the oldest profile wins when names repeat. */
    findKeyByLowercaseName: (name: string): Promise<PageCreatorKey | undefined> =>
      byLowercaseName({ name: name.toLowerCase() }),
    findProfile: (userId: string): Promise<PageProfileRow | undefined> => profile({ userId }),
  };
}

export type CreatorPageRepository = ReturnType<typeof createCreatorPageRepository>;

/**
 * Raises her page's version (ADR 026). Every write that changes what her public page shows calls
 * this, or raises `content_version` in its own UPDATE of her row, on the same `db` as the write
 * (its transaction), so no process can see the change with the old version.
 */
export async function raisePageVersion(db: Kysely<Database>, creatorId: string): Promise<void> {
  await db
    .updateTable('creators')
    .set((eb) => ({ contentVersion: eb('contentVersion', '+', 1) }))
    .where('userId', '=', creatorId)
    .execute();
}

/** raisePageVersion for the creator of item `contentId`. */
export async function raisePageVersionOfItem(db: Kysely<Database>, contentId: string): Promise<void> {
  await db
    .updateTable('creators')
    .set((eb) => ({ contentVersion: eb('contentVersion', '+', 1) }))
    .where('userId', '=', (eb) =>
      eb.selectFrom('contents').select('contents.creatorId').where('contents.id', '=', contentId),
    )
    .execute();
}
