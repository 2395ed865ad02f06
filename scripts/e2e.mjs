// npm run test:e2e: make sure Chromium is there, build the app, run the Playwright journeys.
//   --scaled: the journeys a second process, PostgreSQL or S3 can change (e2e/shapes.ts, at
//   1280 px) against the production shape (DESIGN §8): PostgreSQL, S3 and two worker processes. Run it inside scripts/with-postgres.mjs and scripts/with-s3.mjs, which provide
//   TEST_DATABASE_URL and S3_*; the report goes to e2e-scaled-report.json.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildIfNeeded } from './build-if-needed.mjs';
import { ensureChromium, run } from './lib.mjs';

if (!(await ensureChromium())) process.exit(1);

const args = process.argv.slice(2);
const scaled = args.includes('--scaled');
const scaledEnv = {};
if (scaled) {
  args.splice(args.indexOf('--scaled'), 1);
  if (!process.env.TEST_DATABASE_URL || !process.env.S3_BUCKET) {
    // with-postgres.mjs skips (exit 0, SKIPPED banner) when PostgreSQL is missing, without running us.
    console.error(
      '--scaled needs TEST_DATABASE_URL and S3_* (run it under scripts/with-postgres.mjs and scripts/with-s3.mjs)',
    );
    process.exit(1);
  }
  Object.assign(scaledEnv, {
    DATABASE_URL: process.env.TEST_DATABASE_URL,
    WEB_CONCURRENCY: '2',
    E2E_REPORT: 'e2e-scaled-report.json',
    E2E_OUTPUT_DIR: 'test-results-scaled',
    // The journeys whose outcome a second process, PostgreSQL or S3 can change (e2e/shapes.ts).
    E2E_SHAPE: 'production',
  });
}

await buildIfNeeded();
// A fresh, empty data folder for every run, removed afterwards.
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kholo-e2e-'));
const code = await run('npx', ['playwright', 'test', '--config', 'e2e/playwright.config.ts', ...args], {
  env: { ...process.env, ...scaledEnv, E2E_DATA_DIR: dataDir },
});
fs.rmSync(dataDir, { recursive: true, force: true });
process.exit(code);
