import { AsyncLocalStorage } from 'node:async_hooks';
import { accountRole, isLocale, PASSWORD_RESET_LINK_MINUTES, PRIVACY_VERSION, TERMS_VERSION } from '@kholo/contracts';
import { betterAuth } from 'better-auth';
import { CamelCasePlugin, type Kysely, type Transaction } from 'kysely';
import type { DatabaseHandle } from '../../db/connect.js';
import type { Database } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import { localeOfHeaders } from '../../lib/request-locale.js';
import type { EmailQueue } from '../email/index.js';
import type { AccountsRepository } from './accounts-repository.js';
import type { AccountsService } from './accounts-service.js';
import type { AuthLimits } from './auth-limits.js';
import { hashPasswordOrReuse, verifyPassword } from './password-hashing.js';
import { passwordResetEmail } from './password-reset-email.js';

export const AUTH_BASE_PATH = '/api/auth';
/** The client address as Fastify worked it out (TRUST_PROXY-aware); incoming forwarding headers are not passed on. */
export const CLIENT_IP_HEADER = 'x-kholo-client-ip';
const SESSION_TTL_SECONDS = 30 * 24 * 60 * 60;
const SESSION_REFRESH_SECONDS = 24 * 60 * 60;

export interface AuthLogger {
  error(details: object, message: string): void;
  warn(details: object, message: string): void;
  info(details: object, message: string): void;
  debug(details: object, message: string): void;
}

export interface AuthDependencies {
  database: DatabaseHandle;
  secret: string;
  publicUrl: string;
  supportEmail: string;
  accounts: AccountsService;
  accountsRepository: AccountsRepository;
  limits: AuthLimits;
  mail: EmailQueue;
  logger: AuthLogger;
  clock: Clock;
}

export type Auth = ReturnType<typeof createAuth>;

/**
 * better-auth owns passwords, sessions and reset tokens (DESIGN §6); Kholo adds what the
 * library does not know: creator and fan profiles, made in the same transaction as the account.
 */
export function createAuth(deps: AuthDependencies) {
  const transactions = captureTransactions(deps.database.db.withoutPlugins());

  const instance = betterAuth({
    appName: 'Kholo',
    baseURL: deps.publicUrl,
    basePath: AUTH_BASE_PATH,
    secret: deps.secret,
    database: { db: transactions.db, type: deps.database.engine, transaction: true },
    telemetry: { enabled: false },
    // Kholo's own limits (auth-service.ts) count failures per network, per account and network, and per account.
    rateLimit: { enabled: false },
    logger: {
      level: 'warn',
      log: (level, message, ...args) => {
        deps.logger[level]({ details: args }, `auth: ${message}`);
      },
    },
    user: {
      modelName: 'auth_users',
      fields: { emailVerified: 'email_verified', createdAt: 'created_at', updatedAt: 'updated_at' },
      // Ours (migration 0017), declared so the account and its acceptance of the Terms are one
      // insert; never taken from a request (`input: false`), only from the hook below.
      additionalFields: {
        termsVersion: { type: 'string', required: false, input: false, fieldName: 'terms_version' },
        privacyVersion: { type: 'string', required: false, input: false, fieldName: 'privacy_version' },
        policiesAcceptedAt: { type: 'number', required: false, input: false, fieldName: 'policies_accepted_at' },
        // Migration 0026: her emails' language, from the request that made the account (the hook below).
        locale: { type: 'string', required: false, input: false, fieldName: 'locale' },
      },
    },
    session: {
      modelName: 'auth_sessions',
      fields: {
        userId: 'user_id',
        expiresAt: 'expires_at',
        ipAddress: 'ip_address',
        userAgent: 'user_agent',
        createdAt: 'created_at',
        updatedAt: 'updated_at',
      },
      expiresIn: SESSION_TTL_SECONDS,
      updateAge: SESSION_REFRESH_SECONDS,
    },
    account: {
      modelName: 'auth_accounts',
      fields: {
        userId: 'user_id',
        accountId: 'account_id',
        providerId: 'provider_id',
        accessToken: 'access_token',
        refreshToken: 'refresh_token',
        idToken: 'id_token',
        accessTokenExpiresAt: 'access_token_expires_at',
        refreshTokenExpiresAt: 'refresh_token_expires_at',
        createdAt: 'created_at',
        updatedAt: 'updated_at',
      },
    },
    verification: {
      modelName: 'auth_verifications',
      fields: { expiresAt: 'expires_at', createdAt: 'created_at', updatedAt: 'updated_at' },
      // A database leak must not hand out working reset links.
      storeIdentifier: 'hashed',
    },
    emailAndPassword: {
      enabled: true,
      minPasswordLength: 8,
      maxPasswordLength: 128,
      autoSignIn: true,
      password: { hash: hashPasswordOrReuse, verify: verifyPassword },
      resetPasswordTokenExpiresIn: PASSWORD_RESET_LINK_MINUTES * 60,
      // Whoever knew the old password is logged out everywhere.
      revokeSessionsOnPasswordReset: true,
      onPasswordReset: async ({ user }) => {
        // Other reset links sent earlier die with the old password, and the locks someone put on
        // the account by guessing end (auth-limits.ts, `liftLoginLocks`): its owner has just
        // proved who she is.
        try {
          await deps.limits.liftLoginLocks(user.email);
        } catch (error) {
          // The password is already changed; a failure here must not stop the rest. The lock
          // ends with its window anyway.
          deps.logger.error({ err: error }, 'could not lift the login lock after a password reset');
        }
        try {
          // The link came to her inbox: she has proved the email (ADR 022), and a checkout cookie
          // someone else kept for this account stops speaking for it.
          await (await instance.$context).internalAdapter.updateUser(user.id, { emailVerified: true });
        } catch (error) {
          deps.logger.error({ err: error }, 'could not mark the email proved after a password reset');
        }
        try {
          await deps.accountsRepository.deleteResetTokensFor(user.id);
        } catch (error) {
          // The password is already changed; a failure here must not stop the sessions from
          // being revoked next. The leftover links expire within 30 minutes anyway.
          deps.logger.error({ err: error }, 'could not delete older reset links after a password reset');
        }
      },
      sendResetPassword: async ({ user, token }) => {
        // Built from PUBLIC_URL, never from the request's Host header. Queued, not sent: the
        // answer waits for one insert (as it already waits for the token's), never for SMTP, so a
        // known email answers about as fast as an unknown one, and a mail server that is down
        // delays the link instead of losing it.
        const link = `${deps.publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
        await deps.mail.send(
          passwordResetEmail({ to: user.email, name: user.name, link, supportEmail: deps.supportEmail }),
        );
      },
    },
    advanced: {
      cookiePrefix: 'kholo',
      useSecureCookies: deps.publicUrl.startsWith('https://'),
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax', path: '/' },
      // The security plugin checks Origin on every state-changing request (ADR 006), and only
      // the endpoints in accounts-routes.ts are reachable, none of which redirects.
      disableCSRFCheck: true,
      disableOriginCheck: true,
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
    },
    databaseHooks: {
      user: {
        create: {
          // Every way an account is made (sign-up, a visitor's checkout, a first sign-in by code)
          // comes through here, from a screen that says "By continuing you agree to the Terms and
          // the Privacy Policy": the account records the versions in force. The admin's account,
          // made at start by nobody's click, records none (the admin is never asked, ADR 025).
          // Her emails' language too: what the request asked for (its cookie or Accept-Language),
          // unless the caller already worked it out (a sign-in by code, a visitor's checkout).
          before: (user, context) => {
            if (deps.accounts.isAdmin(user.email)) return Promise.resolve();
            const given = (user as { locale?: unknown }).locale;
            return Promise.resolve({
              data: {
                ...user,
                locale: isLocale(given) ? given : localeOfHeaders(context?.headers),
                termsVersion: TERMS_VERSION,
                privacyVersion: PRIVACY_VERSION,
                policiesAcceptedAt: deps.clock.now(),
              },
            });
          },
        },
      },
      account: {
        create: {
          // Sign-up writes the user, then this credential account, then the session, in one
          // transaction: the profile written here commits or rolls back with the account.
          before: async (credential, context) => {
            if (context?.path !== '/sign-up/email') return;
            const body: unknown = context.body;
            const role = accountRole.safeParse((body as { role?: unknown } | null)?.role);
            if (!role.success) return; // the admin account, created at start, has no profile
            const trx = transactions.current();
            const user = await trx
              .selectFrom('authUsers')
              .select(['id', 'name', 'email'])
              .where('id', '=', credential.userId)
              .executeTakeFirstOrThrow();
            await deps.accounts.addRole(user, role.data, trx);
          },
        },
      },
    },
  });
  return instance;
}

/**
 * better-auth runs sign-up in a Kysely transaction of its own and does not hand it out. This
 * wraps the instance it is given so the transaction is visible (via AsyncLocalStorage) to our
 * hooks, which must write on the same connection: on SQLite a second connection would wait
 * for the one the transaction holds, forever.
 */
function captureTransactions<DB>(db: Kysely<DB>): {
  db: Kysely<DB>;
  current(): Kysely<Database>;
} {
  const store = new AsyncLocalStorage<Transaction<DB>>();
  const wrapped = new Proxy(db, {
    get(target, property) {
      if (property === 'transaction') {
        return () => {
          const builder = target.transaction();
          return {
            execute: <T>(callback: (trx: Transaction<DB>) => Promise<T>) =>
              builder.execute((trx) => store.run(trx, () => callback(trx))),
          };
        };
      }
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
  return {
    db: wrapped,
    current() {
      const trx = store.getStore();
      if (trx === undefined) throw new Error('expected to run inside better-auth’s sign-up transaction');
      return trx.withPlugin(new CamelCasePlugin()) as unknown as Kysely<Database>;
    },
  };
}
