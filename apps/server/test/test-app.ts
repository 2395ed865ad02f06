import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import pg from 'pg';
import { type AppDependencies, buildApp } from '../src/app.js';
import { type Config, loadConfig } from '../src/config.js';
import { connectDatabase, type DatabaseHandle, type DatabaseLogger } from '../src/db/connect.js';
import { migrateToLatest } from '../src/db/migrate.js';
import type { Clock } from '../src/lib/clock.js';
import type { Mailer, MailMessage } from '../src/providers/mail/mailer.js';

export interface TestApp {
  app: FastifyInstance;
  config: Config;
  database: DatabaseHandle;
  clock: FakeClock;
  mailer: CapturingMailer;
  close(): Promise<void>;
}

/** Keeps every message instead of sending it; tests read them (mail goes out after the response). */
export class CapturingMailer implements Mailer {
  readonly messages: MailMessage[] = [];
  send(message: MailMessage): Promise<void> {
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
  drop(): Promise<void>;
}> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'kholo-test-'));
  const baseUrl = process.env['TEST_DATABASE_URL'];
  if (baseUrl === undefined || baseUrl === '') {
    return {
      settings: { kind: 'sqlite', file: path.join(dataDir, 'kholo.db') },
      dataDir,
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
    async drop() {
      const client = new pg.Client({ connectionString: baseUrl });
      await client.connect();
      await client.query(`DROP SCHEMA ${schema} CASCADE`);
      await client.end();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}

export async function buildTestApp(
  overrides: Partial<Config> = {},
  options: {
    logger?: FastifyBaseLogger;
    /** Storage or video tools of the test's own (`videoTools: null` is a machine without ffmpeg). */
    deps?: Pick<AppDependencies, 'storage' | 'videoTools' | 'paymentTiming'>;
  } = {},
): Promise<TestApp> {
  const testDatabase = await createTestDatabase();
  const config: Config = {
    ...loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: testDatabase.dataDir,
      AUTH_SECRET: 'test-secret-test-secret-test-secret-0123',
      ADMIN_EMAIL: TEST_ADMIN.email,
      ADMIN_PASSWORD: TEST_ADMIN.password,
      // Tests run reconciler passes themselves, with the fake clock.
      RECONCILE_INTERVAL_SECONDS: '0',
    }),
    database: testDatabase.settings,
    ...overrides,
  };
  const database = connectDatabase(config.database, testLogger);
  await migrateToLatest(database);
  const clock = new FakeClock();
  const mailer = new CapturingMailer();
  const app = await buildApp(
    { paymentTiming: { timeoutMs: 2000, retryDelaysMs: [0, 0] }, ...options.deps, config, database, clock, mailer },
    options.logger,
  );
  return {
    app,
    config,
    database,
    clock,
    mailer,
    async close() {
      await app.close();
      await testDatabase.drop();
    },
  };
}
