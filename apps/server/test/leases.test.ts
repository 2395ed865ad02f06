import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../src/db/connect.js';
import { deleteExpiredLeases, LeaseBusyError, withLease } from '../src/lib/leases.js';
import { createMigratedTestDatabase } from './test-app.js';

let database: DatabaseHandle;
let closeDatabase: () => Promise<void>;
beforeAll(async () => {
  ({ database, close: closeDatabase } = await createMigratedTestDatabase());
});
afterAll(() => closeDatabase());

const leaseRows = (name: string) => database.db.selectFrom('leases').selectAll().where('name', '=', name).execute();

describe('withLease', () => {
  it('runs 20 callers of one lease one at a time, each of them once', async () => {
    let running = 0;
    let mostAtOnce = 0;
    const finished: number[] = [];
    await Promise.all(
      Array.from({ length: 20 }, (_, caller) =>
        withLease(
          database.db,
          'one-at-a-time',
          30_000,
          async () => {
            running += 1;
            mostAtOnce = Math.max(mostAtOnce, running);
            await sleep(2);
            running -= 1;
            finished.push(caller);
          },
          { waitMs: 20_000 },
        ),
      ),
    );
    expect(mostAtOnce).toBe(1);
    expect([...finished].sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i));
    expect(await leaseRows('one-at-a-time')).toEqual([]);
  });

  it('lets different names run side by side', async () => {
    let release: () => void = () => undefined;
    const holding = withLease(
      database.db,
      'first-name',
      30_000,
      () =>
        new Promise<void>((resolve) => {
          release = resolve;
        }),
      { waitMs: 0 },
    );
    await expect(withLease(database.db, 'second-name', 30_000, async () => 'ran', { waitMs: 0 })).resolves.toBe('ran');
    await expect(withLease(database.db, 'first-name', 30_000, async () => 'ran', { waitMs: 0 })).rejects.toThrow(
      LeaseBusyError,
    );
    release();
    await holding;
  });

  it('gives up with LeaseBusyError after its wait while another holder is alive', async () => {
    await database.db
      .insertInto('leases')
      .values({ name: 'held', holder: 'another-process', expiresAt: Date.now() + 60_000 })
      .execute();
    let ran = false;
    const attempt = withLease(
      database.db,
      'held',
      30_000,
      async () => {
        ran = true;
      },
      { waitMs: 100 },
    );
    await expect(attempt).rejects.toThrow('the lease "held" is held by another process');
    expect(ran).toBe(false);
    expect(await leaseRows('held')).toMatchObject([{ holder: 'another-process' }]);
  });

  it('takes over a lease whose holder ran out of time, and lets go of it afterwards', async () => {
    await database.db
      .insertInto('leases')
      .values({ name: 'abandoned', holder: 'dead-process', expiresAt: Date.now() - 1 })
      .execute();
    let holderDuringWork = '';
    await withLease(
      database.db,
      'abandoned',
      30_000,
      async () => {
        const [row] = await leaseRows('abandoned');
        holderDuringWork = row?.holder ?? '';
      },
      { waitMs: 0 },
    );
    expect(holderDuringWork).not.toBe('');
    expect(holderDuringWork).not.toBe('dead-process');
    expect(await leaseRows('abandoned')).toEqual([]);
  });

  it('lets go only of its own lease: one taken over meanwhile stays with the new holder', async () => {
    await withLease(
      database.db,
      'overtaken',
      30_000,
      // As if this holder had stalled past its time and another process had taken the lease.
      () => database.db.updateTable('leases').set({ holder: 'next-process' }).where('name', '=', 'overtaken').execute(),
      { waitMs: 0 },
    );
    expect(await leaseRows('overtaken')).toMatchObject([{ holder: 'next-process' }]);
  });

  it('lets go when the work fails, and passes the failure on', async () => {
    await expect(
      withLease(
        database.db,
        'failing',
        30_000,
        async () => {
          throw new Error('the work failed');
        },
        { waitMs: 0 },
      ),
    ).rejects.toThrow('the work failed');
    expect(await leaseRows('failing')).toEqual([]);
  });
});

describe('expired leases', () => {
  /** The row a holder leaves when its process dies while holding the lease. */
  const leftByACrash = (name: string, expiresAt: number) =>
    database.db.insertInto('leases').values({ name, holder: 'crashed-process', expiresAt }).execute();

  it('are deleted; leases still running are kept and stay held', async () => {
    const now = Date.now();
    await leftByACrash('order:crashed-a', now - 60_000);
    await leftByACrash('order:crashed-b', now);
    await database.db
      .insertInto('leases')
      .values({ name: 'order:alive', holder: 'live-process', expiresAt: now + 60_000 })
      .execute();

    expect(await deleteExpiredLeases(database.db, now)).toBe(2);
    expect(await leaseRows('order:crashed-a')).toEqual([]);
    expect(await leaseRows('order:crashed-b')).toEqual([]);
    expect(await leaseRows('order:alive')).toMatchObject([{ holder: 'live-process' }]);
    await expect(withLease(database.db, 'order:alive', 30_000, async () => 'ran', { waitMs: 0 })).rejects.toThrow(
      LeaseBusyError,
    );
    await database.db.deleteFrom('leases').where('name', '=', 'order:alive').execute();
  });
});
