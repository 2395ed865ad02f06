import path from 'node:path';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { type AppDependencies, buildApp } from './app.js';
import { ensureAdminAccount } from './features/accounts/index.js';
import {
  PENDING_GRACE_MS,
  RESUMABLE_MAX_AGE_MS,
  RESUMABLE_UPLOADS_DIR,
  STORAGE_SWEEP_INTERVAL_MS,
  sweepResumableUploads,
  sweepStaging,
} from './features/media/index.js';
import { scheduleReconciler } from './features/payments/index.js';
import { deleteExpiredLeases, withLease } from './lib/leases.js';

/** An upload still staged after this long belongs to a process that died. */
const STAGING_MAX_AGE_MS = 60 * 60 * 1000;

/**
 * One process's app, as server.ts, cluster workers and tests start it: built (app.ts), then
 * what must happen once before it serves (the admin account; what an earlier run left in
 * staging, in the storage journal and in the job queue), then the periodic work registered and
 * the job runner started, until app.close() stops it.
 */
export async function startApp(deps: AppDependencies, logger?: FastifyBaseLogger): Promise<FastifyInstance> {
  const { app, startUp } = await buildApp(deps, logger);
  const { config } = deps;
  const { db } = deps.database;
  const { jobs } = startUp;

  // Jobs stop before the server stops answering: a running job may call the app itself (the
  // simulator). Added first, while the app surely takes hooks: anything below that calls the app
  // (a recovered job, the simulator's due webhooks) readies it, and a ready Fastify takes none.
  app.addHook('preClose', () => jobs.stop(config.jobs.shutdownGraceMs));

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
  // yet, so nothing of an earlier run can still be in flight: what that run left in staging, in
  // the storage journal or running in the job queue is debris of a crash and is dealt with now.
  // With PostgreSQL or several workers another process may be mid-upload or mid-job, so only
  // leftovers older than a grace period go, and jobs wait for their time limit.
  const aloneOnData = config.database.kind === 'sqlite' && config.webConcurrency === 1;
  const swept = await sweepStaging(startUp.stagingDir, aloneOnData ? 0 : STAGING_MAX_AGE_MS, Date.now());
  if (swept > 0) app.log.warn({ swept }, 'removed unfinished uploads left by an earlier run');
  await startUp.storageSweep.run(aloneOnData ? 0 : PENDING_GRACE_MS);
  if (aloneOnData) {
    const recovered = await jobs.recoverAbandoned();
    if (recovered > 0) app.log.warn({ recovered }, 'jobs left running by an earlier run will be tried again');
  }

  // Periodic work, each run once across every process (ADR 019).
  startUp.storageSweep.schedule(jobs, STORAGE_SWEEP_INTERVAL_MS, PENDING_GRACE_MS);
  jobs.every({
    name: 'sweep-staging',
    intervalMs: STAGING_MAX_AGE_MS,
    timeoutSeconds: 5 * 60,
    // Idempotent: deleting a file already gone counts nothing. Staging is under this machine's
    // DATA_DIR; on several machines each also sweeps its own at start-up.
    async run() {
      const removed = await sweepStaging(startUp.stagingDir, STAGING_MAX_AGE_MS, Date.now());
      if (removed > 0) app.log.warn({ removed }, 'removed uploads abandoned for over an hour');
      // Resumable uploads (ADR 028) wait a day for their creator to come back and finish them.
      const resumable = path.join(startUp.stagingDir, RESUMABLE_UPLOADS_DIR);
      const abandoned = await sweepResumableUploads(resumable, RESUMABLE_MAX_AGE_MS, Date.now());
      if (abandoned > 0) app.log.info({ abandoned }, 'removed resumable uploads left unfinished for a day');
    },
  });
  jobs.every({
    name: 'sweep-expired-leases',
    intervalMs: STORAGE_SWEEP_INTERVAL_MS,
    timeoutSeconds: 60,
    // Idempotent: only leases already free to take are deleted.
    async run() {
      await deleteExpiredLeases(db);
    },
  });
  startUp.reminders.schedule(jobs);
  jobs.every({
    name: 'delete-old-visits',
    intervalMs: 24 * 60 * 60 * 1000,
    timeoutSeconds: 5 * 60,
    // Idempotent: a day already deleted deletes nothing.
    async run() {
      const deleted = await startUp.analytics.deleteOldVisits();
      if (deleted > 0) app.log.info({ deleted }, 'deleted visits older than the Analytics tab keeps');
    },
  });
  if (config.payments.reconcileIntervalMs > 0) {
    scheduleReconciler(jobs, startUp.payments, config.payments.reconcileIntervalMs, app.log);
  }

  await jobs.start({ work: deps.runJobs ?? true });
  return app;
}
