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
  return async (work, options) => {
    const transaction = db.transaction();
    const hooks: (() => void)[] = [];
    const result = await (
      options === undefined ? transaction : transaction.setIsolationLevel(options.isolation)
    ).execute((trx) => {
      commitHooks.set(trx, hooks);
      return work(trx);
    });
    for (const hook of hooks) hook();
    return result;
  };
}

const commitHooks = new WeakMap<Kysely<Database>, (() => void)[]>();

/**
 * Calls `hook` once what `executor` wrote is committed: after the transaction when `executor` is
 * one a Transact opened, at once otherwise (plain `db` has committed already; a library's own
 * transaction gives no signal, and the hook's caller must cope with being early). The hook must
 * not throw. For nudging work that reads the commit (the job runner), never for correctness.
 */
export function afterCommit(executor: Kysely<Database>, hook: () => void): void {
  const hooks = commitHooks.get(executor);
  if (hooks === undefined) queueMicrotask(hook);
  else hooks.push(hook);
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
