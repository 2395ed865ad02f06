import {
  PASSWORD_RESET_LINK_MINUTES,
  type Me,
  type PasswordResetRequested,
  type SignInInput,
  type SignUpInput,
} from '@kholo/contracts';
import { APIError } from 'better-auth/api';
import { AppError } from '../../lib/app-error.js';
import { type AttemptLimiter, waitDescription } from '../../lib/attempt-limiter.js';
import { clientKey } from '../../lib/rate-limits/client-key.js';
import type { AccountsRepository } from './accounts-repository.js';
import type { AccountsService } from './accounts-service.js';
import type { Auth } from './auth.js';
import { accountAtAddress, type AuthLimits } from './auth-limits.js';
import { withPasswordHashedAhead } from './password-hashing.js';
import type { SessionAccount } from './session.js';

/**
 * Failed logins each network may have on an account that is being guessed at from many networks
 * (LOGIN_FAILURES_PER_ACCOUNT reached in the window). Three leave the owner room for a typo or
 * two from her own network, which has no failures of the attacker's, while an attacker who
 * rotates networks gets three guesses per network instead of LOGIN_FAILURES_PER_ACCOUNT_AND_ADDRESS.
 */
export const FAILURES_PER_NETWORK_UNDER_ATTACK = 3;

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
  accounts: AccountsService;
  accountsRepository: AccountsRepository;
  limits: AuthLimits;
  logger: { warn(details: object, message: string): void };
}) {
  const { auth, accounts, accountsRepository, limits } = deps;

  /** A session created by this request that must not survive it (wrong door, or a failure after login). */
  async function discardSession(token: string): Promise<void> {
    await accountsRepository.deleteSessionByToken(token);
  }

  /** Session rotation: the session the browser came with ends when a new one starts. */
  async function endPrevious(request: AuthRequest): Promise<void> {
    const previous = await request.previous();
    if (previous !== null) await accountsRepository.deleteSession(previous.sessionId);
  }

  return {
    async signUp(input: SignUpInput, request: AuthRequest): Promise<AuthResult<Me>> {
      const ipKey = clientKey(request.ip);
      await countOrRefuse(limits.signUpsByAddress, ipKey, 'Too many sign-ups from your network.');
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
      const countedFailure = await countLoginFailure(limits, input.email, clientKey(request.ip));
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
        if (input.role === 'creator' || input.role === 'fan') await accounts.addRole(account, input.role);
      } catch (error) {
        await discardSession(token);
        throw error;
      }
      // The person is signed in and the session exists: tidying the counters must not turn that
      // into an error (a Redis or database hiccup would leave an orphan session and no cookie).
      await countedFailure.giveBack().catch((error: unknown) => {
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
      if (previous !== null) await accountsRepository.deleteSession(previous.sessionId);
      return { body: { ok: true }, setCookies: result.headers.getSetCookie() };
    },

    async requestPasswordReset(email: string, request: AuthRequest): Promise<AuthResult<PasswordResetRequested>> {
      const ipKey = clientKey(request.ip);
      // Per network only, never per email alone: a limit per email that anyone can fill would let
      // an attacker use up the owner's way back in. The same for known and unknown emails, so it
      // reveals nothing. Flooding one inbox from many networks is bounded only by these limits.
      await countOrRefuse(limits.resetRequestsByAddress, ipKey, 'Too many reset requests from your network.');
      await countOrRefuse(
        limits.resetRequestsByEmailAndAddress,
        accountAtAddress(email, ipKey),
        'Too many reset emails were asked for this email address from your network.',
        () => limits.resetRequestsByAddress.release(ipKey),
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
      await countOrRefuse(limits.resetsByAddress, ipKey, 'Too many password resets from your network.');
      try {
        // auth.ts's onPasswordReset hook lifts the login lock this network has on the account.
        await limits.completingResetFrom.run(ipKey, () =>
          auth.api.resetPassword({ body: input, headers: request.headers }),
        );
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
    return code === 'FAILED_TO_CREATE_USER' && (await accountsRepository.findAccountByEmail(email)) !== undefined;
  }
}

export type AuthService = ReturnType<typeof createAuthService>;

/**
 * Counts a login attempt as a failure before its password is checked, or refuses it with a
 * 429. Counted now and given back on success (`giveBack`): guesses sent in parallel all reach
 * this before any of them has been checked, so counting afterwards would let a burst of any
 * size through.
 *
 * Three counts, so that failures from one network never lock the account from another:
 * - the network's failures on any account (LOGIN_FAILURES_PER_ADDRESS);
 * - the network's failures on this account (LOGIN_FAILURES_PER_ACCOUNT_AND_ADDRESS);
 * - the account's failures from every network (LOGIN_FAILURES_PER_ACCOUNT). Once that window is
 *   full the account is under attack, and each network may fail on it only
 *   FAILURES_PER_NETWORK_UNDER_ATTACK times in the window: a network with fewer failures, the
 *   owner's in particular, still gets in with the right password.
 * Whether the account is under attack is read from the account-wide count's own atomic hit,
 * not from a separate read before it: with a read first, a burst from many networks at once
 * would all find the account calm and each get the full per-network allowance.
 */
async function countLoginFailure(
  limits: AuthLimits,
  email: string,
  ipKey: string,
): Promise<{ giveBack: () => Promise<void> }> {
  const pairKey = accountAtAddress(email, ipKey);
  await countOrRefuse(limits.loginFailuresByAddress, ipKey, 'Too many failed logins from your network.');
  const releaseAddress = () => limits.loginFailuresByAddress.release(ipKey);
  // Refused (and not counted) when the window already holds LOGIN_FAILURES_PER_ACCOUNT.
  const underAttack = (await undoingOnFailure(limits.loginFailuresByAccount.record(email), releaseAddress)) > 0;
  const releaseAccount = () => (underAttack ? Promise.resolve() : limits.loginFailuresByAccount.release(email));
  const releaseBoth = async () => {
    await Promise.all([releaseAddress(), releaseAccount()]);
  };
  const byPair = limits.loginFailuresByAccountAndAddress;
  const underAttackMax = Math.min(FAILURES_PER_NETWORK_UNDER_ATTACK, byPair.max);
  const waitMs = await undoingOnFailure(byPair.record(pairKey, underAttack ? underAttackMax : byPair.max), releaseBoth);
  if (waitMs > 0) {
    await releaseBoth();
    // Named after the network's own limit when that one is used up too (one network made all
    // the failures), the rule a person can act on. The wait is until this network's count ends,
    // when it may try again whatever the account's state.
    const ownLimitReached = !underAttack || (await byPair.counted(pairKey)) >= byPair.max;
    throw rateLimited(
      ownLimitReached
        ? 'Too many failed logins for this account from your network.'
        : `This account has had many failed logins, so each network may try only ${underAttackMax} times for now.`,
      waitMs,
    );
  }
  return {
    // The attempt was not a failure. The network's count on this account starts again, but the
    // account-wide count only gets this attempt back: other networks' failures still count.
    async giveBack() {
      await Promise.all([releaseAddress(), byPair.reset(pairKey), releaseAccount()]);
    },
  };
}

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
  onRefused: () => Promise<void> = () => Promise.resolve(),
): Promise<void> {
  const waitMs = await undoingOnFailure(limiter.record(key), onRefused);
  if (waitMs <= 0) return;
  await onRefused();
  throw rateLimited(reason, waitMs);
}

function rateLimited(reason: string, waitMs: number): AppError {
  return new AppError('RATE_LIMITED', `${reason} Please try again ${waitDescription(waitMs)}.`);
}

/** `counting`'s result; when it fails, `undo` first gives back what the attempt counted before. */
async function undoingOnFailure<T>(counting: Promise<T>, undo: () => Promise<void>): Promise<T> {
  try {
    return await counting;
  } catch (error) {
    // The store that just failed will most likely fail this too; that count then simply ends
    // with its window, and the person is told about the first failure, not this one.
    await undo().catch(() => undefined);
    throw error;
  }
}

function emailTaken(): AppError {
  return new AppError('EMAIL_TAKEN', 'An account with this email already exists. Please log in instead.');
}

/** better-auth's errors become ours; anything unexpected stays a 500 (and is logged, not shown). */
function translate(error: unknown): unknown {
  if (!(error instanceof APIError) || error.statusCode >= 500) return error;
  return new AppError('BAD_REQUEST', error.body?.message ?? 'The request could not be completed.', { cause: error });
}
