// npm run test:e2e: make sure Chromium is there, build the app, run the Playwright journeys.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildIfNeeded } from './build-if-needed.mjs';
import { isRoot, run, which } from './lib.mjs';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!fs.existsSync(chromium)) {
  if (isRoot() && which('apt-get')) {
    console.log('Chromium is missing; installing Debian’s chromium package…');
    const code =
      (await run('apt-get', ['update', '-qq'])) || (await run('apt-get', ['install', '-y', '-qq', 'chromium']));
    if (code !== 0 || !fs.existsSync(chromium)) {
      console.error('Installing Chromium with apt-get failed. Install it by hand: apt-get install -y chromium');
      process.exit(1);
    }
  } else {
    console.error(
      `The browser tests need Chromium at ${chromium}.\n` +
        'On Debian or Ubuntu: sudo apt-get install -y chromium\n' +
        'Elsewhere, install Chromium and set CHROMIUM_PATH to its executable.',
    );
    process.exit(1);
  }
}

await buildIfNeeded();
// A fresh, empty data folder for every run, removed afterwards.
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kholo-e2e-'));
const code = await run(
  'npx',
  ['playwright', 'test', '--config', 'e2e/playwright.config.ts', ...process.argv.slice(2)],
  {
    env: { ...process.env, E2E_DATA_DIR: dataDir },
  },
);
fs.rmSync(dataDir, { recursive: true, force: true });
process.exit(code);
