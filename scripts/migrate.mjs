// npm run migrate: apply pending migrations to the configured database and exit.
import { buildIfNeeded } from './build-if-needed.mjs';
import { run } from './lib.mjs';

await buildIfNeeded({ only: ['packages/contracts', 'apps/server'] });
process.exit(await run(process.execPath, ['apps/server/dist/migrate-cli.js']));
