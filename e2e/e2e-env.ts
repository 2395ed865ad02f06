import path from 'node:path';

/** The admin account the e2e server creates at start. */
export const E2E_ADMIN = { email: 'admin@kholo.test', password: 'e2e-admin-password-2026' } as const;

/** Where the e2e server writes emails (no SMTP_URL): one .eml file per message. */
export function outboxDir(): string {
  const dataDir = process.env['E2E_DATA_DIR'];
  if (dataDir === undefined) throw new Error('E2E_DATA_DIR is set by playwright.config.ts');
  return path.join(dataDir, 'outbox');
}
