import type { Compilable, CompiledQuery, Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

/** Values a prepared query takes, by name. */
type Arguments = Record<string, string | number>;

/** A query built and compiled once; each call runs it with new values and nothing else. */
export type PreparedQuery<Args extends Arguments, Row> = (args: Args) => Promise<Row[]>;

/**
 * Marks where an argument goes while the query is compiled: a NUL-led string, which no caller's
 * value can equal by accident, as every argument is put back by position before each run.
 */
const SLOT = '\u0000kholo-prepared:';

/**
 * The statement name each prepared query's SQL runs under on PostgreSQL (db/connect.ts): a named
 * statement is parsed and planned once per connection, where Kysely's unnamed ones are parsed and
 * planned again on every run. Keyed by the SQL text, so the same text always has the same name.
 */
const statementNames = new Map<string, string>();

/** The name a prepared query's SQL is run under on PostgreSQL, or undefined for any other SQL. */
export function preparedStatementName(sql: string): string | undefined {
  return statementNames.get(sql);
}

/**
 * Builds `build`'s query once (at its first run, so a repository joined to a transaction that
 * never runs it pays nothing), with a placeholder for each of `names`, and compiles it once: a
 * query on the request path then costs its run and not the query builder's work (building, the
 * camel-case plugin's rewrite and compiling, a large share of a small request; issue 25). Runs
 * through `db`'s executor, so the plugins still map its rows, on SQLite (whose driver reuses the
 * statement for the same SQL, db/connect.ts) and PostgreSQL (where it runs as a named statement,
 * parsed and planned once per connection) alike. `db` is the root handle: prepared queries are
 * for reads outside transactions.
 */
export function prepareQuery<Args extends Arguments, Row>(
  db: Kysely<Database>,
  names: readonly (keyof Args & string)[],
  build: (args: Args) => Compilable<Row>,
): PreparedQuery<Args, Row> {
  let prepared: { compiled: CompiledQuery<Row>; sources: ({ argument: string } | { value: unknown })[] } | undefined;
  function prepare() {
    const placeholders = Object.fromEntries(names.map((name) => [name, `${SLOT}${name}`])) as unknown as Args;
    const compiled = build(placeholders).compile();
    // Each parameter either stays as compiled (a constant the query holds) or is one argument.
    const sources = compiled.parameters.map((value) =>
      typeof value === 'string' && value.startsWith(SLOT) ? { argument: value.slice(SLOT.length) } : { value },
    );
    const unused = names.filter((name) => !sources.some((source) => 'argument' in source && source.argument === name));
    if (unused.length > 0) throw new Error(`prepared query does not use ${unused.join(', ')}: ${compiled.sql}`);
    if (!statementNames.has(compiled.sql))
      statementNames.set(compiled.sql, `kholo_prepared_${statementNames.size + 1}`);
    return { compiled, sources };
  }
  return async (args) => {
    prepared ??= prepare();
    const { compiled, sources } = prepared;
    const parameters = sources.map((source) => ('argument' in source ? args[source.argument] : source.value));
    const result = await db.executeQuery<Row>({ ...compiled, parameters });
    return result.rows;
  };
}

/** As prepareQuery, for a query that finds at most one row. */
export function prepareQueryTakeFirst<Args extends Arguments, Row>(
  db: Kysely<Database>,
  names: readonly (keyof Args & string)[],
  build: (args: Args) => Compilable<Row>,
): (args: Args) => Promise<Row | undefined> {
  const run = prepareQuery(db, names, build);
  return async (args) => (await run(args))[0];
}
