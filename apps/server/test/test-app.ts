import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import pg from 'pg';
import type { AppDependencies } from '../src/app.js';
import { type Config, loadConfig } from '../src/config.js';
import { connectDatabase, type DatabaseHandle, type DatabaseLogger } from '../src/db/connect.js';
import { migrateToLatest } from '../src/db/migrate.js';
import { detectVideoTools, type VideoTools } from '../src/features/media/index.js';
import { startApp } from '../src/start-up.js';
import type { Clock } from '../src/lib/clock.js';
import type { Mailer, MailMessage } from '../src/providers/mail/mailer.js';
import { createLocalStorage } from '../src/providers/storage/local-storage.js';
import { createS3Storage } from '../src/providers/storage/s3-storage.js';
import type { Storage } from '../src/providers/storage/storage.js';
import { createTestBucket, s3Environment, TEST_STORAGE_IS_S3 } from './s3-test-bucket.js';

export interface TestApp {
  app: FastifyInstance;
  config: Config;
  database: DatabaseHandle;
  clock: FakeClock;
  mailer: CapturingMailer;
  /** The app's storage (local disk, or S3 under TEST_STORAGE=s3), for tests to look inside. */
  storage: Storage;
  /** Runs the jobs due now (queued email among them) and returns every message sent so far. */
  sentMail(): Promise<MailMessage[]>;
  close(): Promise<void>;
}

/**
 * Keeps every message instead of sending it; tests read them through `sentMail()`, which runs the
 * queued email jobs first. `failing` stands in for a mail server that cannot be reached.
 */
export class CapturingMailer implements Mailer {
  readonly messages: MailMessage[] = [];
  failing = false;
  send(message: MailMessage): Promise<void> {
    if (this.failing)
      return Promise.reject(new Error('connect ECONNREFUSED 127.0.0.1:587 (the test mail server is down)'));
    this.messages.push(message);
    return Promise.resolve();
  }
  close(): Promise<void> {
    return Promise.resolve();
  }
}

/** The admin every test app starts with. */
export const TEST_ADMIN = { email: 'admin@kholo.test', password: 'admin-password-for-tests' } as const;

/** Database failures outside a request show up in the test output. */
export const testLogger: DatabaseLogger = {
  error: (details, message) => {
    console.error(message, details);
  },
};

/**
 * Moves pg-boss's idea of time: pg-boss compares its jobs' times with the database's clock, which
 * a FakeClock cannot move, so every job's times move back by `ms` instead (the same thing seen
 * from the jobs). SQLite's queue reads the app's clock and needs nothing.
 */
export async function shiftPgBossTimes(database: DatabaseHandle, schema: string, ms: number): Promise<void> {
  const shift = sql.lit(`${ms} milliseconds`);
  await sql`update ${sql.table(`${schema}.job`)}
    set start_after = start_after - ${shift}::interval,
        started_on = started_on - ${shift}::interval,
        created_on = created_on - ${shift}::interval`.execute(database.db);
}

/** Time passes for the app: its clock, and on PostgreSQL its jobs' times too. */
export async function passTime(t: Pick<TestApp, 'clock' | 'config' | 'database'>, ms: number): Promise<void> {
  t.clock.advance(ms);
  if (t.config.database.kind === 'postgres') await shiftPgBossTimes(t.database, t.config.jobs.pgSchema, ms);
}

export class FakeClock implements Clock {
  constructor(private current = Date.UTC(2026, 10, 21, 6, 0)) {}
  now(): number {
    return this.current;
  }
  advance(ms: number): void {
    this.current += ms;
  }
}

/**
 * A fresh database for one test file: a SQLite file in a temp folder, or, when
 * TEST_DATABASE_URL is set (npm run test:pg), a schema of its own in that PostgreSQL.
 */
export async function createTestDatabase(): Promise<{
  settings: Config['database'];
  dataDir: string;
  /** pg-boss's schema for this database (PostgreSQL only), dropped with it. */
  jobsSchema: string | null;
  drop(): Promise<void>;
}> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'kholo-test-'));
  const baseUrl = process.env['TEST_DATABASE_URL'];
  if (baseUrl === undefined || baseUrl === '') {
    return {
      settings: { kind: 'sqlite', file: path.join(dataDir, 'kholo.db') },
      dataDir,
      jobsSchema: null,
      drop: () => fs.rm(dataDir, { recursive: true, force: true }),
    };
  }

  const schema = `test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.searchParams.set('options', `-c search_path=${schema}`);
  return {
    settings: { kind: 'postgres', url: url.toString() },
    dataDir,
    jobsSchema: `${schema}_jobs`,
    async drop() {
      const client = new pg.Client({ connectionString: baseUrl });
      await client.connect();
      await client.query(`DROP SCHEMA ${schema} CASCADE`);
      await client.query(`DROP SCHEMA IF EXISTS ${schema}_jobs CASCADE`);
      await client.end();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * A migrated database of its own, for tests below the app (stores, repositories, leases);
 * `close()` disconnects and drops it.
 */
export async function createMigratedTestDatabase(): Promise<{ database: DatabaseHandle; close: () => Promise<void> }> {
  const testDatabase = await createTestDatabase();
  const database = connectDatabase(testDatabase.settings, testLogger);
  await migrateToLatest(database);
  return {
    database,
    close: async () => {
      await database.close();
      await testDatabase.drop();
    },
  };
}

const TEST_AUTH_SECRET = 'test-secret-test-secret-test-secret-0123';

/** The configuration every test app runs with, on a test database of its own. */
export function testConfig(
  testDatabase: Awaited<ReturnType<typeof createTestDatabase>>,
  environment: Record<string, string | undefined> = {},
): Config {
  return {
    ...loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: testDatabase.dataDir,
      AUTH_SECRET: TEST_AUTH_SECRET,
      ADMIN_EMAIL: TEST_ADMIN.email,
      ADMIN_PASSWORD: TEST_ADMIN.password,
      // Tests run reconciler passes themselves, with the fake clock.
      RECONCILE_INTERVAL_SECONDS: '0',
      ...(testDatabase.jobsSchema === null ? {} : { JOBS_PG_SCHEMA: testDatabase.jobsSchema }),
      ...environment,
    }),
    database: testDatabase.settings,
  };
}

const detectedVideoTools = new Map<string, Promise<VideoTools | null>>();

/**
 * ffmpeg as the app would detect it, asked once per test process: detection starts two
 * programs, which was 40% of building a test app, and hundreds of apps are built per run.
 */
function videoToolsOnThisMachine(paths: { ffmpeg: string; ffprobe: string }): Promise<VideoTools | null> {
  const key = `${paths.ffmpeg}\n${paths.ffprobe}`;
  let detected = detectedVideoTools.get(key);
  if (detected === undefined) {
    detected = detectVideoTools(paths);
    detectedVideoTools.set(key, detected);
  }
  return detected;
}

/**
 * PAYOUTS=manual: the admin pays each withdrawal by hand and marks it paid (the spec's flow, kept
 * as a mode). UPI IDs are still checked with the payouts simulator.
 */
export const MANUAL_PAYOUTS: Pick<Config, 'payouts'> = {
  payouts: {
    mode: 'manual',
    cashfree: null,
    simulatorDelayMs: 2000,
    autoLimitPaise: 50_000_00,
    dailyLimitPaise: 1_00_000_00,
  },
};

export async function buildTestApp(
  overrides: Partial<Config> = {},
  options: {
    logger?: FastifyBaseLogger;
    /** Storage or video tools of the test's own (`videoTools: null` is a machine without ffmpeg). */
    deps?: Pick<AppDependencies, 'storage' | 'videoTools' | 'paymentTiming' | 'webRenderer'>;
    /** The real development outbox (files in DATA_DIR/outbox, its test switch) instead of `mailer`. */
    outbox?: boolean;
  } = {},
): Promise<TestApp> {
  const testDatabase = await createTestDatabase();
  const config: Config = {
    ...testConfig(testDatabase, TEST_STORAGE_IS_S3 ? s3Environment() : {}),
    ...overrides,
  };
  // Under TEST_STORAGE=s3 each app gets a bucket of its own, so files never see each other's objects.
  const bucket = config.s3 === null ? null : await createTestBucket(config.s3);
  if (bucket !== null) config.s3 = bucket.settings;
  // A second view of the same bucket or folder (storage holds no state of its own), so tests can
  // look at what the app stored while the app wires its own storage exactly as in production.
  const s3View = options.deps?.storage === undefined && config.s3 !== null ? createS3Storage(config.s3) : null;
  const storage = options.deps?.storage ?? s3View ?? createLocalStorage(path.join(config.dataDir, 'storage'));
  const database = connectDatabase(config.database, testLogger);
  await migrateToLatest(database);
  const clock = new FakeClock();
  const mailer = new CapturingMailer();
  const videoTools =
    options.deps?.videoTools !== undefined || config.media.ffmpeg === null
      ? {}
      : { videoTools: await videoToolsOnThisMachine(config.media.ffmpeg) };
  const app = await startApp(
    {
      paymentTiming: { timeoutMs: 2000, retryDelaysMs: [0, 0] },
      ...videoTools,
      ...options.deps,
      config,
      database,
      clock,
      ...(options.outbox === true ? {} : { mailer }),
      // Jobs run when a test says (sentMail, app.jobs.runDue), never behind its back.
      runJobs: false,
    },
    options.logger,
  );
  return {
    app,
    config,
    database,
    clock,
    mailer,
    storage,
    async sentMail() {
      await app.jobs.runDue();
      return mailer.messages;
    },
    async close() {
      await app.close();
      s3View?.destroy();
      await bucket?.drop();
      await testDatabase.drop();
    },
  };
}
