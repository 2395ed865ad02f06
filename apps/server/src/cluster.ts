import cluster, { type Worker } from 'node:cluster';
import type { Logger } from 'pino';

/** A worker that ran at least this long before dying was healthy: its crash starts no streak. */
const HEALTHY_RUN_MS = 30_000;
/** Waits before replacing a worker in a crash streak: 0, 0.5, 1, 2 … s, at most 15 s. */
const FIRST_RESTART_DELAY_MS = 500;
const MAX_RESTART_DELAY_MS = 15_000;
/** This many crashes in a row, each soon after its start, and the primary gives up. */
const MAX_CRASH_STREAK = 8;

export interface PrimaryOptions {
  workers: number;
  logger: Logger;
  /** How long workers get to finish after SIGTERM before the primary kills them. */
  shutdownGraceMs: number;
}

/**
 * The primary of `npm start` with WEB_CONCURRENCY > 1: it serves nothing itself. It forks the
 * workers (node:cluster shares the one port among them), replaces a worker that dies, and on
 * SIGTERM or SIGINT asks each to shut down gracefully, exiting when all are gone: 0 only if
 * every worker stopped cleanly. The caller has migrated the database and prepared the auth
 * secret first, so workers never race each other doing either.
 */
export function runPrimary(options: PrimaryOptions): void {
  const { logger } = options;
  const startedAt = new Map<Worker, number>();
  const listening = new Set<Worker>();
  const pendingRestarts = new Set<NodeJS.Timeout>();
  let anyListened = false;
  let crashStreak = 0;
  let stopping = false;
  let failed = false;

  const fork = () => {
    const worker = cluster.fork();
    startedAt.set(worker, Date.now());
    worker.on('listening', () => {
      listening.add(worker);
      anyListened = true;
    });
  };

  const exitWhenAllGone = () => {
    if (Object.keys(cluster.workers ?? {}).length > 0) return;
    logger.info({ failed }, failed ? 'all workers gone, some did not stop cleanly' : 'all workers stopped cleanly');
    process.exit(failed ? 1 : 0);
  };

  const stopAll = (reason: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ reason }, 'stopping the workers');
    for (const timer of pendingRestarts) clearTimeout(timer);
    pendingRestarts.clear();
    for (const worker of Object.values(cluster.workers ?? {})) {
      // A signal rather than worker.kill(): the worker's own handler finishes requests in flight.
      worker?.process.kill('SIGTERM');
    }
    const forceExit = setTimeout(() => {
      logger.error('workers did not stop in time; killing them');
      for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGKILL');
      process.exit(1);
    }, options.shutdownGraceMs + 2000);
    forceExit.unref();
    exitWhenAllGone();
  };

  cluster.on('exit', (worker, code, signal) => {
    const ranForMs = Date.now() - (startedAt.get(worker) ?? Date.now());
    const wasListening = listening.has(worker);
    startedAt.delete(worker);
    listening.delete(worker);
    const details = { workerId: worker.id, workerPid: worker.process.pid, code, signal };
    if (stopping) {
      // One still starting has no handler yet and dies of the signal, but it held no request.
      const stoppedWhileStarting = !wasListening && signal === 'SIGTERM';
      if (code !== 0 && !stoppedWhileStarting) failed = true;
      logger.info(details, 'worker stopped');
      exitWhenAllGone();
      return;
    }
    logger.error({ ...details, ranForMs }, 'worker died unexpectedly');
    // Nothing has ever served: the port, the database or the settings are wrong, and a new
    // worker would only fail the same way.
    if (!wasListening && !anyListened) {
      failed = true;
      stopAll('the first workers failed to start');
      return;
    }
    crashStreak = ranForMs >= HEALTHY_RUN_MS ? 1 : crashStreak + 1;
    if (crashStreak > MAX_CRASH_STREAK) {
      logger.fatal({ crashStreak }, 'workers keep crashing soon after they start; giving up');
      failed = true;
      stopAll('crash loop');
      return;
    }
    const delay =
      crashStreak <= 1 ? 0 : Math.min(FIRST_RESTART_DELAY_MS * 2 ** (crashStreak - 2), MAX_RESTART_DELAY_MS);
    logger.info({ delayMs: delay, crashStreak }, 'replacing the worker');
    const timer = setTimeout(() => {
      pendingRestarts.delete(timer);
      if (!stopping) fork();
    }, delay);
    pendingRestarts.add(timer);
  });

  // Ctrl-C reaches the workers directly too (same process group); they ignore the repeat.
  process.on('SIGTERM', () => {
    stopAll('SIGTERM');
  });
  process.on('SIGINT', () => {
    stopAll('SIGINT');
  });

  logger.info({ workers: options.workers }, 'starting workers');
  for (let i = 0; i < options.workers; i++) fork();
}

/** The log fields that tell one worker's lines from another's (pino already adds the pid). */
export function workerLogBindings(): { worker: number } | Record<string, never> {
  return cluster.isWorker && cluster.worker !== undefined ? { worker: cluster.worker.id } : {};
}
