import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { type AppDependencies, buildApp } from './app.js';
import { ensureAdminAccount } from './features/accounts/index.js';
import { PENDING_GRACE_MS, STORAGE_SWEEP_INTERVAL_MS, sweepStaging } from './features/media/index.js';
import { startReconciler } from './features/payments/index.js';
import { startExpiredLeaseSweep, withLease } from './lib/leases.js';

/** An upload still staged after this long belongs to a process that died. */
const STAGING_MAX_AGE_MS = 60 * 60 * 1000;

/**
 * One process's app, as server.ts, cluster workers and tests start it: built (app.ts), then
 * what must happen once before it serves (the admin account; what an earlier run left in
 * staging and in the storage journal), then the jobs that keep running until app.close() (the
 * storage and lease sweeps, the reconciler).
 */
export async function startApp(deps: AppDependencies, logger?: FastifyBaseLogger): Promise<FastifyInstance> {
  const { app, startUp } = await buildApp(deps, logger);
  const { config } = deps;
  const { db } = deps.database;

  // Workers and machines starting together would each try to create the admin, and all but one
  // would log a failed insert; one at a time, the later ones find it made.
  await withLease(
    db,
    'ensure-admin-account',
    60_000,
    () => ensureAdminAccount({ auth: startUp.auth, accountsRepository: startUp.accounts, config, logger: app.log }),
    { waitMs: 60_000 },
  );

  // One process on SQLite has DATA_DIR and the database to itself and has not served a request
  // yet, so nothing of an earlier run can still be in flight: what that run left in staging or in
  // the storage journal is debris of a crash and goes now. With PostgreSQL or several workers
  // another process may be mid-upload, so only leftovers older than a grace period go.
  const aloneOnData = config.database.kind === 'sqlite' && config.webConcurrency === 1;
  const swept = await sweepStaging(startUp.stagingDir, aloneOnData ? 0 : STAGING_MAX_AGE_MS, Date.now());
  if (swept > 0) app.log.warn({ swept }, 'removed unfinished uploads left by an earlier run');
  await startUp.storageSweep.run(aloneOnData ? 0 : PENDING_GRACE_MS);

  const sweeping = startUp.storageSweep.start(STORAGE_SWEEP_INTERVAL_MS, PENDING_GRACE_MS);
  app.addHook('preClose', () => sweeping.stop());
  // Leases of holders that crashed, on the same beat as the storage sweep.
  const leaseSweeping = startExpiredLeaseSweep(db, STORAGE_SWEEP_INTERVAL_MS, app.log);
  app.addHook('preClose', () => leaseSweeping.stop());
  if (config.payments.reconcileIntervalMs > 0) {
    const reconciler = startReconciler(startUp.payments, config.payments.reconcileIntervalMs, app.log);
    app.addHook('preClose', () => reconciler.stop());
  }
  return app;
}
