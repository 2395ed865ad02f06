import path from 'node:path';

/** The admin account the e2e server creates at start. */
export const E2E_ADMIN = { email: 'admin@kholo.test', password: 'e2e-admin-password-2026' } as const;

/**
 * The Grievance Officer and company the e2e server is configured with, so the journeys prove the
 * configuration reaches the pages rather than the development samples. The address is written
 * with \n between its lines, as an env file holds it.
 */
export const E2E_LEGAL = {
  GRIEVANCE_OFFICER_NAME: 'Asha Verma',
  GRIEVANCE_OFFICER_EMAIL: 'grievance@kholo.test',
  GRIEVANCE_OFFICER_PHONE: '+91 141 400 0001',
  COMPANY_LEGAL_NAME: 'Kholo Technologies Private Limited',
  COMPANY_ADDRESS: '4th Floor, 12 MI Road\\nJaipur, Rajasthan 302001',
} as const;

/** Where the e2e server writes emails (no SMTP_URL): one .eml file per message. */
export function outboxDir(): string {
  const dataDir = process.env['E2E_DATA_DIR'];
  if (dataDir === undefined) throw new Error('E2E_DATA_DIR is set by playwright.config.ts');
  return path.join(dataDir, 'outbox');
}
