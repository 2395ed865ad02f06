import { randomBytes } from 'node:crypto';
import type { Config } from '../../config.js';
import { ConfigError } from '../../config.js';
import type { AccountsRepository } from './accounts-repository.js';
import type { Auth } from './auth.js';

export interface AdminLogger {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
}

/**
 * The admin is the account whose email is ADMIN_EMAIL (DESIGN §6). At start it is created if
 * missing, from ADMIN_PASSWORD; outside production a password is generated and shown once.
 * An existing admin keeps its password: changing ADMIN_PASSWORD later does nothing (use reset).
 */
export async function ensureAdminAccount(deps: {
  auth: Auth;
  accountsRepository: AccountsRepository;
  config: Config;
  logger: AdminLogger;
}): Promise<void> {
  const { adminEmail: email, adminPassword } = deps.config.auth;
  if (await isExistingAdmin(deps.accountsRepository, email)) return;
  if (adminPassword === null && deps.config.nodeEnv === 'production') {
    throw new ConfigError(
      `Kholo cannot start: the admin account ${email} does not exist yet, and ADMIN_PASSWORD is not set to create it.`,
    );
  }
  const password = adminPassword ?? randomBytes(12).toString('base64url');
  try {
    // No role in the body: the admin gets no creator or fan profile. Sign-up also opens a
    // session nobody holds; it is removed at once.
    const { token } = await deps.auth.api.signUpEmail({ body: { name: 'Admin', email, password } });
    if (token !== null) await deps.accountsRepository.deleteSessionByToken(token);
  } catch (error) {
    // Another process starting at the same moment created it first.
    if (await isExistingAdmin(deps.accountsRepository, email)) return;
    throw error;
  }
  if (adminPassword === null) {
    deps.logger.warn(
      { email, password },
      'Created the admin account with this generated password. It is shown only now; set ADMIN_PASSWORD to choose your own, or use "Forgot Password?".',
    );
  } else {
    deps.logger.info({ email }, 'Created the admin account from ADMIN_EMAIL and ADMIN_PASSWORD.');
  }
}

/**
 * Whether the admin account already exists. Sign-up does not verify email addresses, so an
 * address someone registered through the public dialogs (every such account has a creator or
 * fan profile) must never become the admin: that stops the start.
 */
async function isExistingAdmin(accounts: AccountsRepository, email: string): Promise<boolean> {
  const existing = await accounts.findAccountByEmail(email);
  if (existing === undefined) return false;
  if (await accounts.hasCreatorOrFanProfile(existing.id)) {
    throw new ConfigError(
      `Kholo cannot start: ADMIN_EMAIL ${email} belongs to an account that signed up as a creator or fan. Choose an address nobody has used on Kholo.`,
    );
  }
  return true;
}
