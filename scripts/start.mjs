// npm start: build whatever is missing or stale, then run the server (which migrates on start).
import { buildIfNeeded } from './build-if-needed.mjs';
import { run } from './lib.mjs';

await buildIfNeeded();
process.exit(await run(process.execPath, ['--enable-source-maps', 'apps/server/dist/server.js']));
