import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

/** How soon a waiting caller first asks again whether the lease is free. */
const FIRST_POLL_MS = 25;
/** Each try is a write; a long wait (a slow provider behind a double click) backs off to this. */
const MAX_POLL_MS = 500;

/** The lease stayed with another holder for the whole wait. */
export class LeaseBusyError extends Error {
  override name = 'LeaseBusyError';
  constructor(readonly leaseName: string) {
    super(`the lease "${leaseName}" is held by another process`);
  }
}

/**
 * Runs `work` while holding the named lease, so only one process (on any machine sharing the
 * database) runs work under that name at a time. A holder that dies lets its lease run out
 * after `ttlMs`, so `ttlMs` must exceed the longest the work can take. Waits up to `waitMs`
 * for a lease held by someone else, then throws LeaseBusyError.
 *
 * Expiry uses the wall clock, not the app's Clock: whether a holder is still alive is a
 * matter of real time, even in a test that moves business time.
 */
export async function withLease<T>(
  db: Kysely<Database>,
  name: string,
  ttlMs: number,
  work: () => Promise<T>,
  options: { waitMs: number },
): Promise<T> {
  const holder = randomUUID();
  const deadline = Date.now() + options.waitMs;
  let pollMs = FIRST_POLL_MS;
  while (!(await tryAcquire(db, name, holder, ttlMs))) {
    if (Date.now() >= deadline) throw new LeaseBusyError(name);
    await sleep(Math.min(pollMs, Math.max(0, deadline - Date.now())));
    pollMs = Math.min(pollMs * 2, MAX_POLL_MS);
  }
  try {
    return await work();
  } finally {
    await db.deleteFrom('leases').where('name', '=', name).where('holder', '=', holder).execute();
  }
}

/** withLease bound to a database, for services that receive what they use rather than `db`. */
export type HoldLease = <T>(
  name: string,
  ttlMs: number,
  work: () => Promise<T>,
  options: { waitMs: number },
) => Promise<T>;

export function leasesOn(db: Kysely<Database>): HoldLease {
  return (name, ttlMs, work, options) => withLease(db, name, ttlMs, work, options);
}

/**
 * Deletes the leases whose time has run out; returns how many. A holder that crashed never lets
 * go, and its row would stay until someone wanted that same name again (an order lease names
 * one buyer and item, so that may be never). Only rows already free to take are deleted, so
 * this never takes a lease from a live holder.
 */
export async function deleteExpiredLeases(db: Kysely<Database>, now: number = Date.now()): Promise<number> {
  const result = await db.deleteFrom('leases').where('expiresAt', '<=', now).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Takes the lease when nobody holds it or its holder's time has run out; one atomic statement. */
async function tryAcquire(db: Kysely<Database>, name: string, holder: string, ttlMs: number): Promise<boolean> {
  const now = Date.now();
  const row = await db
    .insertInto('leases')
    .values({ name, holder, expiresAt: now + ttlMs })
    .onConflict((conflict) =>
      conflict
        .column('name')
        .doUpdateSet({ holder, expiresAt: now + ttlMs })
        .where('leases.expiresAt', '<=', now),
    )
    .returning('holder')
    .executeTakeFirst();
  // No row back: the conflict's WHERE kept the live holder's row untouched.
  return row?.holder === holder;
}
