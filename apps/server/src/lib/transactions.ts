import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

/**
 * Runs `work` in one database transaction. Services that must change several repositories'
 * rows together receive one (wired as `transactionsOn(db)`) and join each repository to it
 * with `within(trx)`; they never build SQL with `trx` themselves.
 */
export type Transact = <T>(
  work: (trx: Kysely<Database>) => Promise<T>,
  /** 'repeatable read': one snapshot for several reads on PostgreSQL (SQLite's transactions already are). */
  options?: { isolation: 'repeatable read' },
) => Promise<T>;

export function transactionsOn(db: Kysely<Database>): Transact {
  return (work, options) => {
    const transaction = db.transaction();
    return (options === undefined ? transaction : transaction.setIsolationLevel(options.isolation)).execute(work);
  };
}

/** A repository whose queries can also run inside a transaction the caller holds. */
export type Joinable<R> = R & {
  /** The same queries on `trx`, a transaction opened by a Transact or by a library (sign-up). */
  within(trx: Kysely<Database>): Joinable<R>;
};

/** Makes the repository that `queries` builds joinable; it is still built once, on `db`. */
export function joinable<R extends object>(queries: (db: Kysely<Database>) => R, db: Kysely<Database>): Joinable<R> {
  return { ...queries(db), within: (trx: Kysely<Database>) => joinable(queries, trx) };
}
