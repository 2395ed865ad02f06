import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { connectDatabase, type DatabaseHandle } from '../src/db/connect.js';
import { migrateToLatest } from '../src/db/migrate.js';
import {
  createJobs,
  createPgBossJobStore,
  createSchedules,
  createSqliteJobStore,
  type Jobs,
  type JobKind,
  type JobSender,
  type JobStore,
  type ListedState,
  PermanentJobError,
} from '../src/features/jobs/index.js';
import { transactionsOn } from '../src/lib/transactions.js';
import { createTestDatabase, FakeClock, shiftPgBossTimes, testLogger } from './test-app.js';

/**
 * The promises every job store keeps (features/jobs/job-store.ts), checked on the store this
 * run's database uses: the SQLite table by default, pg-boss under npm run test:pg. Each "process"
 * is a runner with its own store and connection on the one database; time is a fake clock, and on
 * PostgreSQL, where pg-boss reads the database's clock, moving it also moves every job's times back.
 */

const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };
const echo = z.object({ n: z.number().int() });

let testDatabase: Awaited<ReturnType<typeof createTestDatabase>>;
let primary: DatabaseHandle;
const clock = new FakeClock();
const opened: { jobs: Jobs; database: DatabaseHandle | null }[] = [];
let nameCount = 0;

beforeAll(async () => {
  testDatabase = await createTestDatabase();
  primary = connectDatabase(testDatabase.settings, testLogger);
  await migrateToLatest(primary);
});

afterEach(async () => {
  for (const { jobs, database } of opened.splice(0)) {
    await jobs.stop(0);
    await database?.close();
  }
});

afterAll(async () => {
  await primary.close();
  await testDatabase.drop();
});

/** A fresh job name, so tests sharing the database never see each other's jobs. */
function uniqueName(stem: string): string {
  nameCount += 1;
  return `${stem}-${nameCount}`;
}

async function storeOn(database: DatabaseHandle): Promise<JobStore> {
  const { settings } = testDatabase;
  return settings.kind === 'sqlite'
    ? createSqliteJobStore(database.db, clock)
    : createPgBossJobStore({
        connectionString: settings.url,
        schema: testDatabase.jobsSchema!,
        poolSize: 2,
        logger: testLogger,
      });
}

/**
 * One process's runner: `define` registers its kinds before it is prepared. The first process
 * uses the shared connection; others open their own, as another process would.
 */
async function openProcess(define: (jobs: Jobs) => void, options: { ownConnection?: boolean } = {}): Promise<Jobs> {
  const database = options.ownConnection === true ? connectDatabase(testDatabase.settings, testLogger) : null;
  const handle = database ?? primary;
  const jobs = createJobs({
    store: await storeOn(handle),
    db: handle.db,
    schedules: createSchedules(handle.db),
    transaction: transactionsOn(handle.db),
    clock,
    logger: quiet,
    pollIntervalMs: 50,
    concurrency: 4,
  });
  define(jobs);
  opened.push({ jobs, database });
  await jobs.start({ work: false });
  return jobs;
}

/** The admin's list, narrowed to one test's jobs (the database is shared by the whole file). */
async function listed(jobs: Jobs, name: string, state?: ListedState) {
  return (await jobs.admin.list({ limit: 100, ...(state === undefined ? {} : { state }) })).filter(
    (job) => job.name === name,
  );
}

/** One process with one kind of `echo` job, queued through the returned sender. */
async function processWith(
  kind: Omit<JobKind<z.infer<typeof echo>>, 'payload'>,
): Promise<{ jobs: Jobs; send: JobSender<z.infer<typeof echo>> }> {
  let send!: JobSender<z.infer<typeof echo>>;
  const jobs = await openProcess((j) => {
    send = j.define({ ...kind, payload: echo });
  });
  return { jobs, send };
}

/** Moves time on: the app's clock, and on PostgreSQL every job's times by the same amount back. */
async function advance(ms: number): Promise<void> {
  clock.advance(ms);
  if (testDatabase.jobsSchema !== null) await shiftPgBossTimes(primary, testDatabase.jobsSchema, ms);
}

describe('jobs: the contract every store keeps', () => {
  it('queues a job with the transaction that queued it: rolled back, there is none; committed, it runs once', async () => {
    const seen: number[] = [];
    const name = uniqueName('outbox');
    const { jobs, send } = await processWith({
      name,
      retry: { attempts: 1, backoffSeconds: 1 },
      timeoutSeconds: 60,
      handle: async ({ n }) => {
        seen.push(n);
      },
      describe: ({ n }) => `echo ${n}`,
    });
    const transaction = transactionsOn(primary.db);

    await expect(
      transaction(async (trx) => {
        await send.within(trx).enqueue({ n: 1 });
        throw new Error('the change that needed the job failed');
      }),
    ).rejects.toThrow('the change that needed the job failed');
    await transaction(async (trx) => {
      await send.within(trx).enqueue({ n: 2 });
    });

    expect(await listed(jobs, name)).toMatchObject([{ name, state: 'queued', description: 'echo 2' }]);
    expect(await jobs.runDue()).toBe(1);
    expect(seen).toEqual([2]);
    expect(await jobs.runDue()).toBe(0);
    expect(seen).toEqual([2]);
  });

  it('keeps one job per key waiting, even when two processes queue it at once; once it started, another may wait', async () => {
    let release!: () => void;
    const started: number[] = [];
    const name = uniqueName('keyed');
    const kind = (j: Jobs) =>
      j.define({
        name,
        payload: echo,
        retry: { attempts: 1, backoffSeconds: 1 },
        timeoutSeconds: 60,
        handle: async ({ n }) => {
          started.push(n);
          if (n === 1) await new Promise<void>((resolve) => (release = resolve));
        },
        describe: ({ n }) => `echo ${n}`,
      });
    let send!: ReturnType<Jobs['define']>;
    let sendElsewhere!: ReturnType<Jobs['define']>;
    const jobs = await openProcess((j) => {
      send = kind(j);
    });
    await openProcess(
      (j) => {
        sendElsewhere = kind(j);
      },
      { ownConnection: true },
    );

    const ids = await Promise.all([
      send.enqueue({ n: 1 }, { key: 'creator-7' }),
      sendElsewhere.enqueue({ n: 1 }, { key: 'creator-7' }),
    ]);
    expect(ids.filter((id) => id !== null)).toHaveLength(1);
    expect(await send.enqueue({ n: 3 }, { key: 'creator-7' })).toBeNull();
    await expect(send.enqueue({ n: 3 }, { key: '' })).rejects.toThrow('a job key must be 1 to 200 characters');
    await expect(send.enqueue({ n: 3 }, { key: 'k'.repeat(201) })).rejects.toThrow('1 to 200 characters');
    // Other keys, and jobs with no key, are not held back.
    expect(await send.enqueue({ n: 4 }, { key: 'creator-8' })).not.toBeNull();
    expect(await send.enqueue({ n: 5 })).not.toBeNull();
    expect(await send.enqueue({ n: 6 })).not.toBeNull();

    const running = jobs.runDue();
    await expect.poll(() => started.length).toBe(4);
    // The keyed job is running now, no longer waiting: one more may wait behind it.
    expect(await send.enqueue({ n: 10 }, { key: 'creator-7' })).not.toBeNull();
    expect(await send.enqueue({ n: 11 }, { key: 'creator-7' })).toBeNull();
    release();
    await running;
    await jobs.runDue();
    expect([...started].sort((a, b) => a - b)).toEqual([1, 4, 5, 6, 10]);
  });

  it('retries after the exponential backoff, with jitter, on a fake clock, and succeeds on the third try', async () => {
    const tries: number[] = [];
    const name = uniqueName('flaky');
    const { jobs, send } = await processWith({
      name,
      retry: { attempts: 3, backoffSeconds: 10 },
      timeoutSeconds: 60,
      handle: async (_payload, run) => {
        tries.push(run.attempt);
        if (run.attempt < 3) throw new Error(`mail server unreachable (try ${run.attempt})`);
      },
      describe: () => 'flaky',
    });
    await send.enqueue({ n: 1 });

    expect(await jobs.runDue()).toBe(1);
    expect(await listed(jobs, name, 'retry')).toMatchObject([
      { name, attempts: 1, maxAttempts: 3, lastError: 'mail server unreachable (try 1)' },
    ]);
    // First retry waits 10 to 20 s.
    await advance(9_000);
    expect(await jobs.runDue()).toBe(0);
    await advance(11_000);
    expect(await jobs.runDue()).toBe(1);
    // Second retry waits 20 to 40 s.
    await advance(19_000);
    expect(await jobs.runDue()).toBe(0);
    await advance(21_000);
    expect(await jobs.runDue()).toBe(1);
    expect(tries).toEqual([1, 2, 3]);
    expect(await listed(jobs, name)).toEqual([]);
  });

  it('keeps a job that failed every attempt as failed with its last error; the admin retries it once, or discards it', async () => {
    let failing = true;
    let deliveries = 0;
    const name = uniqueName('doomed');
    const { jobs, send } = await processWith({
      name,
      retry: { attempts: 2, backoffSeconds: 1 },
      timeoutSeconds: 60,
      handle: async ({ n }, run) => {
        if (failing) throw new Error(`550 mailbox unavailable (job ${n}, try ${run.attempt})`);
        deliveries += 1;
      },
      describe: ({ n }) => `message ${n}`,
    });
    const retried = await send.enqueue({ n: 1 });
    const discarded = await send.enqueue({ n: 2 });

    await jobs.runDue();
    await advance(3_000);
    await jobs.runDue();
    const failed = await listed(jobs, name, 'failed');
    expect(failed.map((job) => job.id).sort()).toEqual([retried, discarded].sort());
    expect(failed.find((job) => job.id === retried)).toMatchObject({
      attempts: 2,
      maxAttempts: 2,
      lastError: '550 mailbox unavailable (job 1, try 2)',
      description: 'message 1',
    });
    expect((await jobs.admin.counts()).failed).toBeGreaterThanOrEqual(2);
    // Failed is final: time passing does not run it again.
    await advance(3_600_000);
    expect(await jobs.runDue()).toBe(0);

    expect(await jobs.admin.find(retried!)).toMatchObject({ id: retried, state: 'failed', description: 'message 1' });
    expect(await jobs.admin.find('not-a-job')).toBeNull();

    failing = false;
    // Two admins (or a double click) retrying at once: one gets it.
    expect(await Promise.all([jobs.admin.retry(retried!), jobs.admin.retry(retried!)])).toEqual(
      expect.arrayContaining([true, false]),
    );
    expect(await jobs.admin.retry(retried!)).toBe(false);
    expect(await jobs.admin.discard(discarded!)).toMatchObject({ id: discarded, state: 'failed' });
    expect(await jobs.admin.discard(discarded!)).toBeNull();
    expect(await jobs.admin.retry('not-a-job')).toBe(false);
    expect(await jobs.runDue()).toBe(1);
    expect(deliveries).toBe(1);
    expect(await listed(jobs, name)).toEqual([]);
  });

  it('fails at once on a PermanentJobError, and refuses a payload that breaks the schema when it is queued', async () => {
    const name = uniqueName('permanent');
    const { jobs, send } = await processWith({
      name,
      retry: { attempts: 5, backoffSeconds: 1 },
      timeoutSeconds: 60,
      handle: () => Promise.reject(new PermanentJobError('no such mailbox')),
      describe: () => 'permanent',
    });
    // As a caller without types (or with a bug) would queue it.
    await expect(send.enqueue({ n: 'one' } as unknown as { n: number })).rejects.toThrow();
    await send.enqueue({ n: 1 });
    expect(await jobs.runDue()).toBe(1);
    expect(await listed(jobs, name)).toMatchObject([
      { state: 'failed', attempts: 1, maxAttempts: 1, lastError: 'no such mailbox' },
    ]);
  });

  it('follows a retry policy given when the job is queued instead of its kind', async () => {
    const name = uniqueName('own-policy');
    const { jobs, send } = await processWith({
      name,
      retry: { attempts: 1, backoffSeconds: 1 },
      timeoutSeconds: 60,
      handle: () => Promise.reject(new Error('provider busy')),
      describe: () => 'own policy',
    });
    await send.enqueue({ n: 1 }, { retry: { attempts: 2, backoffSeconds: 30 } });
    await send.enqueue({ n: 2 });
    await expect(send.enqueue({ n: 3 }, { retry: { attempts: 0, backoffSeconds: 30 } })).rejects.toThrow(
      'at least 1 attempt',
    );
    await jobs.runDue();
    expect((await listed(jobs, name)).map((job) => [job.state, job.maxAttempts]).sort()).toEqual([
      ['failed', 1],
      ['retry', 2],
    ]);
    await advance(29_000);
    expect(await jobs.runDue()).toBe(0);
    await advance(31_000);
    expect(await jobs.runDue()).toBe(1);
    expect((await listed(jobs, name, 'failed')).map((job) => job.maxAttempts).sort()).toEqual([1, 2]);
  });

  it('never gives one job to two processes taking jobs at the same time', async () => {
    const runs = new Map<number, number>();
    let running = new Set<number>();
    let overlapped = false;
    const name = uniqueName('shared');
    const kind = (j: Jobs) =>
      j.define({
        name,
        payload: echo,
        retry: { attempts: 1, backoffSeconds: 1 },
        timeoutSeconds: 60,
        handle: async ({ n }) => {
          if (running.has(n)) overlapped = true;
          running = new Set(running).add(n);
          runs.set(n, (runs.get(n) ?? 0) + 1);
          await sleep(1);
          running.delete(n);
        },
        describe: () => 'shared',
      });
    let send!: ReturnType<Jobs['define']>;
    const first = await openProcess((j) => {
      send = kind(j);
    });
    const second = await openProcess(kind, { ownConnection: true });
    for (let n = 0; n < 40; n += 1) await send.enqueue({ n });

    const [a, b] = await Promise.all([first.runDue(), second.runDue()]);
    expect(a + b).toBe(40);
    expect(overlapped).toBe(false);
    expect([...runs.keys()].sort((x, y) => x - y)).toEqual(Array.from({ length: 40 }, (_, n) => n));
    expect([...runs.values()].every((count) => count === 1)).toBe(true);
  });

  it('runs again a job whose process died while running it, once its time limit has passed', async () => {
    const attempts: number[] = [];
    const name = uniqueName('orphan');
    const kind = (j: Jobs) =>
      j.define({
        name,
        payload: echo,
        retry: { attempts: 3, backoffSeconds: 1 },
        timeoutSeconds: 30,
        handle: async (_payload, run) => {
          attempts.push(run.attempt);
        },
        describe: () => 'orphan',
      });
    const survivorStore = await storeOn(primary);
    let send!: ReturnType<Jobs['define']>;
    const survivor = await openProcess((j) => {
      send = kind(j);
    });
    await send.enqueue({ n: 1 });
    // A process takes the job and is killed before it finishes: taken, never completed.
    await openProcess(kind, { ownConnection: true });
    const dyingStore = await storeOn(primary);
    await dyingStore.prepare([name]);
    expect(await dyingStore.take([name], 1)).toHaveLength(1);
    await dyingStore.close();

    expect(await survivor.runDue()).toBe(0);
    await advance(31_000);
    await survivorStore.maintain(true);
    await advance(5_000);
    expect(await survivor.runDue()).toBe(1);
    expect(attempts).toEqual([2]);
    await survivorStore.close();
  });

  it('refuses kinds that are misnamed, defined twice, or defined after the runner started', async () => {
    const kind = { payload: echo, timeoutSeconds: 60, handle: () => Promise.resolve(), describe: () => 'x' };
    const jobs = await openProcess((j) => {
      expect(() => j.define({ ...kind, name: 'Send Email', retry: { attempts: 1, backoffSeconds: 1 } })).toThrow(
        'lower case words joined by hyphens',
      );
      expect(() => j.define({ ...kind, name: uniqueName('zero'), retry: { attempts: 0, backoffSeconds: 1 } })).toThrow(
        'at least 1 attempt',
      );
      const twice = uniqueName('twice');
      j.define({ ...kind, name: twice, retry: { attempts: 1, backoffSeconds: 1 } });
      expect(() => j.define({ ...kind, name: twice, retry: { attempts: 1, backoffSeconds: 1 } })).toThrow(
        'defined twice',
      );
    });
    expect(() => jobs.define({ ...kind, name: uniqueName('late'), retry: { attempts: 1, backoffSeconds: 1 } })).toThrow(
      'after the jobs started',
    );
  });

  it('lets processes that start together prepare the same kinds and schedules at once', async () => {
    const names = ['send', 'check', 'sweep', 'notify', 'roll-up'].map(uniqueName);
    const tick = uniqueName('shared-tick');
    const define = (j: Jobs) => {
      for (const name of names) {
        j.define({
          name,
          payload: echo,
          retry: { attempts: 1, backoffSeconds: 1 },
          timeoutSeconds: 60,
          handle: () => Promise.resolve(),
          describe: () => name,
        });
      }
      j.every({ name: tick, intervalMs: 60_000, timeoutSeconds: 30, run: () => Promise.resolve() });
    };
    // Each opens its own connection and store, as a worker or machine starting would.
    const started = await Promise.allSettled([0, 1, 2].map(() => openProcess(define, { ownConnection: true })));
    expect(started.map((result) => result.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled']);
  });

  it('runs periodic work once per interval across processes', async () => {
    const ran: string[] = [];
    const name = uniqueName('tick');
    const periodic = (who: string) => (j: Jobs) => {
      j.every({
        name,
        intervalMs: 60_000,
        timeoutSeconds: 30,
        run: async () => {
          ran.push(who);
        },
      });
    };
    const one = await openProcess(periodic('one'));
    const two = await openProcess(periodic('two'), { ownConnection: true });

    // Two SQLite connections in one thread cannot both wait on the file's write lock (the waiting
    // one blocks the thread the holder needs), so there the two take turns; real processes do not.
    const both = () =>
      testDatabase.jobsSchema === null
        ? one.runDue().then(() => two.runDue())
        : Promise.all([one.runDue(), two.runDue()]);
    await both();
    expect(ran).toEqual([]);
    for (let minute = 1; minute <= 3; minute += 1) {
      await advance(60_000);
      await both();
      expect(ran).toHaveLength(minute);
    }
  });

  it('on stop, lets a running job finish within the grace and leaves one that overruns to be retried', async () => {
    const finished: number[] = [];
    const name = uniqueName('shutdown');
    const database = connectDatabase(testDatabase.settings, testLogger);
    const jobs = createJobs({
      store: await storeOn(database),
      db: database.db,
      schedules: createSchedules(database.db),
      transaction: transactionsOn(database.db),
      clock,
      logger: quiet,
      pollIntervalMs: 20,
      concurrency: 4,
    });
    const send = jobs.define({
      name,
      payload: echo,
      retry: { attempts: 3, backoffSeconds: 1 },
      timeoutSeconds: 60,
      handle: async ({ n }) => {
        await sleep(n);
        finished.push(n);
      },
      describe: ({ n }) => `sleeps ${n} ms`,
    });
    await jobs.start();
    await send.enqueue({ n: 400 });
    await send.enqueue({ n: 5000 });
    await expect.poll(async () => (await listed(jobs, name, 'running')).length, { timeout: 5000 }).toBe(2);

    const inspector = await openProcess(() => undefined);
    // A running job is neither retried nor discarded from under its worker.
    for (const running of await listed(inspector, name, 'running')) {
      expect(await inspector.admin.discard(running.id)).toBeNull();
      expect(await inspector.admin.retry(running.id)).toBe(false);
      expect(await inspector.admin.find(running.id)).toMatchObject({ state: 'running' });
    }
    await jobs.stop(1500);
    expect(finished).toEqual([400]);
    expect(await listed(inspector, name)).toMatchObject([
      { name, state: 'retry', attempts: 1, lastError: 'the server stopped before the job finished' },
    ]);
    await database.close();
  });
});
