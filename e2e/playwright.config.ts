import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { E2E_ADMIN } from './e2e-env.js';

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
  outputDir: path.join(root, 'test-results'),
  fullyParallel: true,
  workers: 2,
  forbidOnly: process.env['CI'] !== undefined,
  retries: 0,
  reporter: [
    ['list'],
    ['json', { outputFile: path.join(root, 'test-results', process.env['E2E_REPORT'] ?? 'e2e-report.json') }],
  ],
  timeout: 30_000,
  expect: { timeout: 7_000 },
  use: {
    baseURL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: { executablePath: process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium', args: CHROMIUM_ARGS },
  },
  projects: [
    { name: 'mobile', use: { ...devices['Pixel 7'], viewport: { width: 360, height: 780 }, browserName: 'chromium' } },
    { name: 'desktop', use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } } },
  ],
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
      ADMIN_EMAIL: E2E_ADMIN.email,
      ADMIN_PASSWORD: E2E_ADMIN.password,
      // Each test browses from an address of its own (fixtures.ts sends X-Forwarded-For), so the
      // per-IP sign-up and login limits see many visitors rather than one machine.
      TRUST_PROXY: 'true',
    },
  },
});

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
