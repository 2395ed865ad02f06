import {
  PASSWORD_RESET_LINK_MINUTES,
  type Me,
  type PasswordResetRequested,
  type SignInInput,
  type SignUpInput,
} from '@kholo/contracts';
import { APIError } from 'better-auth/api';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../lib/app-error.js';
import { type AttemptLimit, AttemptLimiter, waitDescription } from '../../lib/attempt-limiter.js';
import type { Clock } from '../../lib/clock.js';
import { clientKey } from '../../lib/rate-limits/client-key.js';
import type { RateLimitStore } from '../../lib/rate-limits/rate-limit-store.js';
import { accountsRepository } from './accounts-repository.js';
import type { AccountsService } from './accounts-service.js';
import type { Auth } from './auth.js';
import { withPasswordHashedAhead } from './password-hashing.js';
import type { SessionAccount } from './session.js';

const FIFTEEN_MINUTES = 15 * 60_000;

/** What a call needs from the HTTP request, and who was signed in when it came. */
export interface AuthRequest {
  headers: Headers;
  ip: string;
  /** Read from the database only by the calls that rotate or end a session. */
  previous: () => Promise<SessionAccount | null>;
}

export interface AuthResult<T> {
  body: T;
  setCookies: string[];
}

export const RESET_REQUESTED_MESSAGE = `If an account exists for that email, a link to choose a new password is on its way. It works for ${PASSWORD_RESET_LINK_MINUTES} minutes.`;
export const PASSWORD_CHANGED_MESSAGE = 'Your password has been changed. Please log in with your new password.';

/**
 * Sign-up, login, logout and password reset: better-auth does the cryptography and the
 * sessions; this adds Kholo's rules around it (abuse limits, roles, session rotation, and
 * answers that do not reveal whether an email has an account).
 */
export function createAuthService(deps: {
  auth: Auth;
  db: Kysely<Database>;
  accounts: AccountsService;
  limits: AuthLimits;
  logger: { warn(details: object, message: string): void };
}) {
  const { auth, db, accounts, limits } = deps;

  /** A session created by this request that must not survive it (wrong door, or a failure after login). */
  async function discardSession(token: string): Promise<void> {
    await accountsRepository.deleteSessionByToken(db, token);
  }

  /** Session rotation: the session the browser came with ends when a new one starts. */
  async function endPrevious(request: AuthRequest): Promise<void> {
    const previous = await request.previous();
    if (previous !== null) await accountsRepository.deleteSession(db, previous.sessionId);
  }

  return {
    async signUp(input: SignUpInput, request: AuthRequest): Promise<AuthResult<Me>> {
      const ipKey = clientKey(request.ip);
      await countOrRefuse(limits.signUpsByIp, ipKey, 'Too many sign-ups from your network.');
      if (accounts.isAdmin(input.email)) throw emailTaken();
      let result;
      try {
        // `role` travels to the hook in auth.ts that writes the profile in the sign-up transaction.
        const body = { name: input.name, email: input.email, password: input.password, role: input.role };
        result = await withPasswordHashedAhead(input.password, () =>
          auth.api.signUpEmail({ body, headers: request.headers, returnHeaders: true }),
        );
      } catch (error) {
        if (await isDuplicateSignUp(error, input.email)) throw emailTaken();
        throw translate(error);
      }
      const { user } = result.response;
      await endPrevious(request);
      return {
        body: await accounts.describe({ id: user.id, name: user.name, email: user.email }),
        setCookies: result.headers.getSetCookie(),
      };
    },

    async signIn(input: SignInInput, request: AuthRequest): Promise<AuthResult<Me>> {
      const ipKey = clientKey(request.ip);
      // Counted as a failure now and given back on success: guesses sent in parallel all reach
      // this line before any of them has been checked, so counting afterwards would let a
      // burst of any size through.
      await countOrRefuse(limits.loginFailuresByIp, ipKey, 'Too many failed logins from your network.');
      await countOrRefuse(limits.loginFailuresByAccount, input.email, 'Too many failed logins for this account.', () =>
        limits.loginFailuresByIp.release(ipKey),
      );
      let result;
      try {
        result = await auth.api.signInEmail({
          body: { email: input.email, password: input.password, rememberMe: true },
          headers: request.headers,
          returnHeaders: true,
        });
      } catch (error) {
        if (error instanceof APIError && error.body?.code === 'INVALID_EMAIL_OR_PASSWORD') {
          throw new AppError('INVALID_CREDENTIALS', 'Invalid email or password.');
        }
        throw translate(error);
      }
      const { user, token } = result.response;
      const account = { id: user.id, name: user.name, email: user.email };
      try {
        // Checked only after the password, so the admin's address cannot be probed.
        if (input.role === 'admin' && !accounts.isAdmin(user.email)) {
          throw new AppError('FORBIDDEN', 'This account is not the Kholo admin account.');
        }
        if ((input.role === 'creator' || input.role === 'fan') && accounts.isAdmin(user.email)) {
          throw new AppError('FORBIDDEN', 'The admin account signs in at /admin.');
        }
        if (input.role === 'creator' || input.role === 'fan') await accounts.addRole(db, account, input.role);
      } catch (error) {
        await discardSession(token);
        throw error;
      }
      // The person is signed in and the session exists: tidying the counters must not turn that
      // into an error (a Redis or database hiccup would leave an orphan session and no cookie).
      await Promise.all([
        limits.loginFailuresByAccount.reset(input.email),
        limits.loginFailuresByIp.release(ipKey),
      ]).catch((error: unknown) => {
        deps.logger.warn({ err: error }, 'could not update the login limits after a successful sign-in');
      });
      await endPrevious(request);
      return { body: await accounts.describe(account), setCookies: result.headers.getSetCookie() };
    },

    async signOut(request: AuthRequest): Promise<AuthResult<{ ok: true }>> {
      const previous = await request.previous();
      const result = await auth.api.signOut({ headers: request.headers, returnHeaders: true });
      // better-auth logs and swallows a failure to delete the session; deleting it here as well
      // turns such a failure into an error the person sees, instead of a logout that did not happen.
      if (previous !== null) await accountsRepository.deleteSession(db, previous.sessionId);
      return { body: { ok: true }, setCookies: result.headers.getSetCookie() };
    },

    async requestPasswordReset(email: string, request: AuthRequest): Promise<AuthResult<PasswordResetRequested>> {
      const ipKey = clientKey(request.ip);
      await countOrRefuse(limits.resetRequestsByIp, ipKey, 'Too many reset requests from your network.');
      await countOrRefuse(
        limits.resetRequestsByEmail,
        email,
        'Too many reset emails were asked for this address.',
        () => limits.resetRequestsByIp.release(ipKey),
      );
      try {
        await auth.api.requestPasswordReset({ body: { email }, headers: request.headers });
      } catch (error) {
        throw translate(error);
      }
      return { body: { message: RESET_REQUESTED_MESSAGE }, setCookies: [] };
    },

    async resetPassword(
      input: { token: string; newPassword: string },
      request: AuthRequest,
    ): Promise<AuthResult<{ message: string }>> {
      const ipKey = clientKey(request.ip);
      await countOrRefuse(limits.resetsByIp, ipKey, 'Too many password resets from your network.');
      try {
        await auth.api.resetPassword({ body: input, headers: request.headers });
      } catch (error) {
        if (error instanceof APIError && error.body?.code === 'INVALID_TOKEN') {
          throw new AppError(
            'RESET_LINK_INVALID',
            'This reset link has expired or was already used. Please ask for a new one.',
          );
        }
        throw translate(error);
      }
      return { body: { message: PASSWORD_CHANGED_MESSAGE }, setCookies: [] };
    },
  };

  /** Two sign-ups with one email at once: the loser's insert hits the unique index. */
  async function isDuplicateSignUp(error: unknown, email: string): Promise<boolean> {
    if (!(error instanceof APIError)) return false;
    const code = error.body?.code ?? '';
    if (code.startsWith('USER_ALREADY_EXISTS')) return true;
    return code === 'FAILED_TO_CREATE_USER' && (await accountsRepository.findAccountByEmail(db, email)) !== undefined;
  }
}

export type AuthService = ReturnType<typeof createAuthService>;

/**
 * Abuse limits (README "Limits"), counted in the store every process shares. Shared with
 * auth.ts, which lifts an account's lock when its password is reset.
 */
export function createAuthLimits(store: RateLimitStore, clock: Clock) {
  // What a person is told when the limits cannot be counted (Redis down): the attempt is refused.
  const unavailable = (what: string) => `${what} briefly unavailable. Please try again in a minute.`;
  const limiter = (name: string, limit: AttemptLimit, unavailableMessage: string) =>
    new AttemptLimiter(store, clock, name, limit, unavailableMessage);
  const signIn = unavailable('Signing in is');
  const reset = unavailable('Password reset is');
  return {
    loginFailuresByIp: limiter('login-failures-ip', { max: 10, windowMs: FIFTEEN_MINUTES }, signIn),
    loginFailuresByAccount: limiter('login-failures-account', { max: 10, windowMs: FIFTEEN_MINUTES }, signIn),
    signUpsByIp: limiter('sign-ups-ip', { max: 10, windowMs: 60 * 60_000 }, unavailable('Signing up is')),
    resetRequestsByIp: limiter('reset-requests-ip', { max: 10, windowMs: FIFTEEN_MINUTES }, reset),
    // Stops anyone from flooding one inbox; the same for known and unknown emails, so it reveals nothing.
    resetRequestsByEmail: limiter('reset-requests-email', { max: 3, windowMs: FIFTEEN_MINUTES }, reset),
    resetsByIp: limiter('resets-ip', { max: 10, windowMs: FIFTEEN_MINUTES }, reset),
  };
}

export type AuthLimits = ReturnType<typeof createAuthLimits>;

/**
 * Counts the attempt, or refuses it with `reason` and how long to wait. `onRefused` gives back
 * what an earlier limit counted for this same attempt, since the attempt never happens: also
 * when this count fails (the store went away between the two), so a person is not charged an
 * attempt for a 503.
 */
async function countOrRefuse(
  limiter: AttemptLimiter,
  key: string,
  reason: string,
  onRefused?: () => Promise<void>,
): Promise<void> {
  let waitMs: number;
  try {
    waitMs = await limiter.record(key);
  } catch (error) {
    // The store that just failed will most likely fail this too; that count then simply ends
    // with its window, and the person is told about the first failure, not this one.
    await onRefused?.().catch(() => undefined);
    throw error;
  }
  if (waitMs <= 0) return;
  await onRefused?.();
  throw new AppError('RATE_LIMITED', `${reason} Please try again ${waitDescription(waitMs)}.`);
}

function emailTaken(): AppError {
  return new AppError('EMAIL_TAKEN', 'An account with this email already exists. Please log in instead.');
}

/** better-auth's errors become ours; anything unexpected stays a 500 (and is logged, not shown). */
function translate(error: unknown): unknown {
  if (!(error instanceof APIError) || error.statusCode >= 500) return error;
  return new AppError('BAD_REQUEST', error.body?.message ?? 'The request could not be completed.', { cause: error });
}
