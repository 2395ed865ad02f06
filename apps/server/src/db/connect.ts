import fs from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import {
  CamelCasePlugin,
  CompiledQuery,
  type DatabaseConnection,
  type Driver,
  Kysely,
  PostgresDialect,
  type QueryCompiler,
  type SelectModifier,
  type SelectQueryNode,
  SqliteDialect,
  type SqliteDialectConfig,
  SqliteDriver,
  SqliteQueryCompiler,
  sql,
} from 'kysely';
import type pg from 'pg';
import type { Config } from '../config.js';
import { preparedStatementName } from '../lib/prepared.js';
import type { Database } from './schema.js';

export type DatabaseEngine = 'sqlite' | 'postgres';

export interface DatabaseHandle {
  db: Kysely<Database>;
  engine: DatabaseEngine;
  close(): Promise<void>;
}

/** Where the database reports failures that belong to no request. */
export interface DatabaseLogger {
  error(details: object, message: string): void;
}

export function connectDatabase(settings: Config['database'], logger: DatabaseLogger): DatabaseHandle {
  const db = new Kysely<Database>({
    dialect: settings.kind === 'sqlite' ? sqliteDialect(settings.file) : postgresDialect(settings.url, logger),
    plugins: [new CamelCasePlugin()],
  });
  return { db, engine: settings.kind, close: () => db.destroy() };
}

function sqliteDialect(file: string): SqliteDialect {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const database = new SqliteDatabase(file, { timeout: 5000 });
  // FULL: a committed payment survives power loss, not just a process crash.
  database.pragma('journal_mode = WAL');
  database.pragma('synchronous = FULL');
  database.pragma('foreign_keys = ON');
  return new ImmediateSqliteDialect({ database: withStatementCache(database) });
}

/** Beyond this many distinct statements the cache starts again (it never does in practice). */
const STATEMENT_CACHE_SIZE = 500;

/**
 * Kysely prepares every query afresh, and preparing is a measurable share of a small request
 * (a creator page runs five). better-sqlite3 statements are reusable and each runs to the end
 * synchronously, so one per SQL text is safe to share. The app's queries are a fixed set of
 * shapes with their values as parameters, so the cache stays small.
 */
function withStatementCache(database: SqliteDatabase.Database): SqliteDialectConfig['database'] {
  const statements = new Map<string, SqliteDatabase.Statement>();
  return {
    close: () => database.close(),
    prepare(sql: string) {
      let statement = statements.get(sql);
      if (statement === undefined) {
        if (statements.size >= STATEMENT_CACHE_SIZE) statements.clear();
        statement = database.prepare(sql);
        statements.set(sql, statement);
      }
      return statement;
    },
  };
}

/**
 * SQLite transactions that take the write lock when they begin. Kysely's plain BEGIN reads
 * first and asks for the lock at the first write; when another process (WEB_CONCURRENCY, or a
 * second server on the same file) has written meanwhile, SQLite cannot wait for it and fails
 * at once with SQLITE_BUSY. BEGIN IMMEDIATE waits its turn under the busy timeout instead.
 */
class ImmediateSqliteDialect extends SqliteDialect {
  constructor(private readonly settings: SqliteDialectConfig) {
    super(settings);
  }
  override createDriver(): Driver {
    return new ImmediateSqliteDriver(this.settings);
  }
  override createQueryCompiler(): QueryCompiler {
    return new SqliteWithoutRowLocksCompiler();
  }
}

const ROW_LOCKS: ReadonlySet<SelectModifier> = new Set([
  'ForUpdate',
  'ForNoKeyUpdate',
  'ForShare',
  'ForKeyShare',
  'NoWait',
  'SkipLocked',
]);

/**
 * SQLite has no row locks, and needs none here: every transaction begins IMMEDIATE, holding the
 * one write lock to its end, which is more than any FOR SHARE or FOR UPDATE asks for. So a
 * repository writes `.forShare()` once for PostgreSQL, and SQLite leaves the clause out (with
 * its NOWAIT or SKIP LOCKED, which SQLite could not parse either).
 */
class SqliteWithoutRowLocksCompiler extends SqliteQueryCompiler {
  protected override visitSelectQuery(node: SelectQueryNode): void {
    const { endModifiers } = node;
    super.visitSelectQuery(
      endModifiers === undefined
        ? node
        : {
            ...node,
            endModifiers: endModifiers.filter(
              (modifier) => modifier.modifier === undefined || !ROW_LOCKS.has(modifier.modifier),
            ),
          },
    );
  }
}

class ImmediateSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }
}

/** COUNT(*) and BIGINT columns come back as numbers; a value beyond 2^53 would be a bug, so it fails loudly. */
function parseBigint(value: string): number {
  const parsed = Number(value);
  if (!Number.isSafeInteger(parsed)) throw new RangeError(`BIGINT ${value} does not fit in a JavaScript number`);
  return parsed;
}

function postgresDialect(url: string, logger: DatabaseLogger): PostgresDialect {
  // pg is imported when the first connection is needed, so the default (SQLite) start-up never
  // loads it; Kysely accepts the pool as a promise for this.
  return new PostgresDialect({
    pool: async () => {
      const { default: postgres } = await import('pg');
      const bigintAsNumber: pg.CustomTypesConfig['getTypeParser'] = (oid, format) =>
        oid === postgres.types.builtins.INT8 && format !== 'binary'
          ? parseBigint
          : (postgres.types.getTypeParser(oid, format) as (value: string) => unknown);
      const pool = new postgres.Pool({
        connectionString: url,
        max: 10,
        connectionTimeoutMillis: 5000,
        idleTimeoutMillis: 30_000,
        // Per-pool parsers rather than pg.types.setTypeParser, which would change every pool in the process.
        types: { getTypeParser: bigintAsNumber },
      });
      // An idle client dies when PostgreSQL restarts or the network drops; without a listener pg
      // rethrows that as an uncaught error and the whole process exits. The pool replaces the client.
      pool.on('error', (error) => {
        logger.error({ err: error }, 'an idle PostgreSQL connection failed; the pool will replace it');
      });
      pool.on('connect', runPreparedAsNamed);
      return pool;
    },
  });
}

/**
 * Kysely sends every query as an unnamed statement, which PostgreSQL parses and plans again on
 * each run. The hot reads compiled once by lib/prepared.ts run instead as named statements, which
 * each connection parses and plans once (pg sends the Parse only the first time): less work for
 * the database on every signed-in page (ADR 026). Every other query is sent as before.
 */
function runPreparedAsNamed(client: pg.PoolClient): void {
  const query = client.query.bind(client);
  const named = (...args: unknown[]): unknown => {
    const [text, values, callback] = args;
    const name = typeof text === 'string' && callback === undefined ? preparedStatementName(text) : undefined;
    if (name === undefined || !Array.isArray(values)) return Reflect.apply(query, client, args);
    return Reflect.apply(query, client, [{ name, text, values }]);
  };
  client.query = named as typeof client.query;
}

/** A real round trip, used by the health check. */
export async function pingDatabase(db: Kysely<Database>): Promise<void> {
  await sql`select 1`.execute(db);
}
