// Accounts: sign-up, login, sessions and password reset on better-auth, and the admin account.
// Other features read who is signed in through `requireAccount` / `requireAdmin`.
export { createAccountsRepository, type AccountsRepository } from './accounts-repository.js';
export { accountsRoutes } from './accounts-routes.js';
export {
  createAccountsService,
  type AccountsService,
  type CreatorProfiles,
  type SignedInAccount,
} from './accounts-service.js';
export { ensureAdminAccount } from './admin-account.js';
export { type CheckoutCookies, createCheckoutCookies } from './checkout-cookie.js';
export { createEmailCodes } from './email-codes.js';
export { createAuth, type Auth } from './auth.js';
export { createAuthLimits } from './auth-limits.js';
export { resolveAuthSecret } from './auth-secret.js';
export { createAuthService } from './auth-service.js';
export {
  clearedSessionCookies,
  createSessions,
  requireAccount,
  requireAdmin,
  type SessionAccount,
  type Sessions,
} from './session.js';
