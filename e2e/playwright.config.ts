import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices, type Project } from '@playwright/test';
import { E2E_ADMIN, E2E_LEGAL } from './e2e-env.js';
import { type E2eShape, e2eShape, PRODUCTION_SHAPE_SPECS } from './shapes.js';

/**
 * Journeys against the built app (npm run test:e2e builds it first), on a free port with a
 * throwaway DATA_DIR. The port and folder are chosen once in the main process and handed to
 * the workers through the environment, which they inherit.
 */
const root = path.resolve(import.meta.dirname, '..');
process.env['E2E_PORT'] ??= String(await pickFreePort());
process.env['E2E_DATA_DIR'] ??= fs.mkdtempSync(path.join(os.tmpdir(), 'kholo-e2e-'));
const port = Number(process.env['E2E_PORT']);
const baseURL = `http://127.0.0.1:${port}`;

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  // Each run its own: the production-shape run must not empty the default run's screenshots.
  outputDir: path.join(root, process.env['E2E_OUTPUT_DIR'] ?? 'test-results'),
  fullyParallel: true,
  workers: 2,
  forbidOnly: process.env['CI'] !== undefined,
  retries: 0,
  reporter: [
    ['list'],
    // Outside test-results, which Playwright empties when it starts (scripts/test.mjs reads both runs').
    ['json', { outputFile: path.join(root, 'test-reports', process.env['E2E_REPORT'] ?? 'e2e-report.json') }],
  ],
  timeout: 30_000,
  expect: { timeout: 7_000 },
  use: {
    baseURL,
    // Recording a trace of every test costs a third of the run's CPU (670 → 456 CPU-seconds on
    // 2 cores); a failure still leaves its screenshot and error context. E2E_TRACE=1 records
    // traces again (kept for failed tests) to open with `npx playwright show-trace`.
    trace: process.env['E2E_TRACE'] === '1' ? 'retain-on-failure' : 'off',
    screenshot: 'only-on-failure',
    launchOptions: { executablePath: process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium', args: CHROMIUM_ARGS },
  },
  projects: projectsFor(e2eShape(process.env['E2E_SHAPE'])),
  webServer: {
    command: `node --enable-source-maps ${path.join(root, 'apps/server/dist/server.js')}`,
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      NODE_ENV: 'development',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: baseURL,
      DATA_DIR: process.env['E2E_DATA_DIR'],
      LOG_LEVEL: 'warn',
      SUPPORT_EMAIL: 'support@kholo.in',
      SUPPORT_PHONE: '+91 141 400 0000',
      ...E2E_LEGAL,
      ADMIN_EMAIL: E2E_ADMIN.email,
      ADMIN_PASSWORD: E2E_ADMIN.password,
      // Each test browses from an address of its own (fixtures.ts sends X-Forwarded-For), so the
      // per-IP sign-up and login limits see many visitors rather than one machine.
      TRUST_PROXY: 'true',
    },
  },
});

/** The two widths, with the journeys each runs in this shape (shapes.ts). */
function projectsFor(shape: E2eShape): Project[] {
  const productionSpecs = PRODUCTION_SHAPE_SPECS.map((file) => `**/${file}`);
  const mobile: Project = {
    name: 'mobile',
    use: { ...devices['Pixel 7'], viewport: { width: 360, height: 780 }, browserName: 'chromium' },
  };
  const desktop: Project = {
    name: 'desktop',
    use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } },
  };
  if (shape === 'production') return [{ ...desktop, testMatch: productionSpecs }];
  if (shape === 'defaults') return [mobile, { ...desktop, testIgnore: productionSpecs }];
  return [mobile, desktop];
}

async function pickFreePort(): Promise<number> {
  const net = await import('node:net');
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => {
        if (address !== null && typeof address === 'object') resolve(address.port);
        else reject(new Error('no port'));
      });
    });
  });
}
