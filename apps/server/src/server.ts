import cluster from 'node:cluster';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Logger, pino, type LoggerOptions } from 'pino';
import { startApp } from './start-up.js';
import { runPrimary, workerLogBindings } from './cluster.js';
import { type Config, ConfigError, loadConfig } from './config.js';
import { connectDatabase } from './db/connect.js';
import { migrateToLatest } from './db/migrate.js';
import { resolveAuthSecret } from './features/accounts/index.js';
import { systemClock } from './lib/clock.js';
import { serializeRequestForLog } from './lib/log-redaction.js';

/**
 * In-flight requests get this long to finish after SIGTERM before the process gives up, after
 * running jobs had theirs (JOBS_SHUTDOWN_GRACE_SECONDS): 25 s in all by default, inside the 30 s
 * most process managers allow.
 */
const SHUTDOWN_GRACE_MS = 10_000;

const DEFAULT_WEB_DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');

function loggerOptions(config: Config): LoggerOptions {
  const pretty = config.nodeEnv === 'development' && process.stdout.isTTY;
  return {
    level: config.logLevel,
    redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
    serializers: { req: serializeRequestForLog },
    ...(pretty
      ? { transport: { target: 'pino-pretty', options: { translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname' } } }
      : {}),
  };
}

async function main(): Promise<void> {
  const loaded = loadConfig();
  const config: Config = {
    ...loaded,
    webDistDir:
      loaded.webDistDir ?? (fs.existsSync(path.join(DEFAULT_WEB_DIST, 'index.html')) ? DEFAULT_WEB_DIST : null),
  };

  const logger = pino(loggerOptions(config)).child(workerLogBindings());
  if (cluster.isWorker) {
    await serve(config, logger);
  } else if (config.webConcurrency > 1) {
    const primaryLogger = logger.child({ role: 'primary' });
    await prepareSharedState(config, primaryLogger);
    runPrimary({
      workers: config.webConcurrency,
      logger: primaryLogger,
      shutdownGraceMs: config.jobs.shutdownGraceMs + SHUTDOWN_GRACE_MS,
    });
  } else {
    const database = connectDatabase(config.database, logger);
    await migrateToLatest(database);
    await serve(config, logger, database);
  }
}

/**
 * What workers must not each do at the same moment: migrate, and generate the development
 * auth secret. The primary does both once, before it forks them.
 */
async function prepareSharedState(config: Config, logger: Logger): Promise<void> {
  const database = connectDatabase(config.database, logger);
  try {
    await migrateToLatest(database);
  } finally {
    await database.close();
  }
  resolveAuthSecret(config.auth.secret, config.dataDir);
}

/** One process serving requests: the only one, or a cluster worker (already migrated by the primary). */
async function serve(
  config: Config,
  logger: Logger,
  database = connectDatabase(config.database, logger),
): Promise<void> {
  const app = await startApp({ config, database, clock: systemClock }, logger);
  if (config.webDistDir === null) app.log.warn('The web app is not built; only /api is served. Run `npm run build`.');

  let closing = false;
  const shutdown = (signal: NodeJS.Signals | 'primary gone') => {
    // One Ctrl-C reaches us several times (the terminal signals the whole process group, and
    // npm and scripts/start.mjs forward it too), so repeats must not cut the shutdown short.
    // The grace timer below still bounds how long it takes.
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    const forceExit = setTimeout(() => {
      app.log.error('in-flight requests did not finish in time, exiting');
      process.exit(1);
    }, config.jobs.shutdownGraceMs + SHUTDOWN_GRACE_MS);
    forceExit.unref();
    app.close().then(
      () => {
        app.log.info('stopped cleanly');
        process.exit(0);
      },
      (error: unknown) => {
        app.log.error({ err: error }, 'error while shutting down');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', shutdown);
  process.on('SIGINT', shutdown);
  // A worker whose primary died would hold no share of the port any more: it stops too.
  if (cluster.isWorker) {
    process.on('disconnect', () => {
      shutdown('primary gone');
    });
  }

  const address = await app.listen({ port: config.port, host: config.host });
  app.log.info(
    { address, database: config.database.kind, dataDir: config.dataDir },
    `Kholo is running at ${config.publicUrl}`,
  );
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(error.message);
  } else {
    console.error('Kholo failed to start:', error);
  }
  process.exit(1);
});
