import { ConfigError, loadConfig } from './config.js';
import { connectDatabase } from './db/connect.js';
import { migrateToLatest } from './db/migrate.js';

/** `npm run migrate`: the same migrations the server runs on start, for deploy pipelines. */
async function main(): Promise<void> {
  const config = loadConfig();
  const database = connectDatabase(config.database, {
    error: (details, message) => {
      console.error(message, details);
    },
  });
  try {
    const { applied } = await migrateToLatest(database);
    const where = config.database.kind === 'sqlite' ? config.database.file : 'PostgreSQL';
    console.log(applied.length === 0 ? `${where}: already up to date` : `${where}: applied ${applied.join(', ')}`);
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
