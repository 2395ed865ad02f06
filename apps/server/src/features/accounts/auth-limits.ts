import { AsyncLocalStorage } from 'node:async_hooks';
import type { AbuseLimits } from '../../config.js';
import { type AttemptLimit, AttemptLimiter } from '../../lib/attempt-limiter.js';
import type { Clock } from '../../lib/clock.js';
import type { RateLimitStore } from '../../lib/rate-limits/rate-limit-store.js';

const FIFTEEN_MINUTES = 15 * 60_000;
/** Wrong codes one email may be sent in a day, from all networks together (ADR 022). */
export const CODE_GUESSES_PER_EMAIL_PER_DAY = 30;

/**
 * Abuse limits (README "Limits"), counted in the store every process shares. "Address" is a
 * client network (`clientKey`: an IPv4 address or an IPv6 /64). Shared with auth.ts, which
 * lifts an account's lock when its password is reset.
 */
export function createAuthLimits(store: RateLimitStore, clock: Clock, counts: AbuseLimits) {
  // What a person is told when the limits cannot be counted (Redis down): the attempt is refused.
  const unavailable = (what: string) => `${what} briefly unavailable. Please try again in a minute.`;
  const limiter = (name: string, limit: AttemptLimit, unavailableMessage: string) =>
    new AttemptLimiter(store, clock, name, limit, unavailableMessage);
  const signIn = unavailable('Signing in is');
  const reset = unavailable('Password reset is');
  const codes = unavailable('Sign-in codes are');
  const per15Minutes = (max: number): AttemptLimit => ({ max, windowMs: FIFTEEN_MINUTES });
  const perHour = (max: number): AttemptLimit => ({ max, windowMs: 60 * 60_000 });
  const loginFailuresByAccount = limiter(
    'login-failures-account',
    per15Minutes(counts.loginFailuresPerAccount),
    signIn,
  );
  const loginFailuresByAccountAndAddress = limiter(
    'login-failures-account-ip',
    per15Minutes(counts.loginFailuresPerAccountAndAddress),
    signIn,
  );
  /** The network a password reset is being completed from (see `liftLoginLocks`). */
  const completingResetFrom = new AsyncLocalStorage<string>();
  return {
    loginFailuresByAddress: limiter('login-failures-ip', per15Minutes(counts.loginFailuresPerAddress), signIn),
    loginFailuresByAccountAndAddress,
    /** Fills up to LOGIN_FAILURES_PER_ACCOUNT and then refuses: a full window is an account under attack. */
    loginFailuresByAccount,
    signUpsByAddress: limiter(
      'sign-ups-ip',
      { max: counts.signUpsPerAddress, windowMs: 60 * 60_000 },
      unavailable('Signing up is'),
    ),
    resetRequestsByAddress: limiter('reset-requests-ip', per15Minutes(counts.resetRequestsPerAddress), reset),
    resetRequestsByEmailAndAddress: limiter(
      'reset-requests-email-ip',
      per15Minutes(counts.resetRequestsPerEmailAndAddress),
      reset,
    ),
    resetsByAddress: limiter('resets-ip', per15Minutes(counts.passwordResetsPerAddress), reset),
    emailCodesByAddress: limiter('email-codes-ip', perHour(counts.emailCodesPerAddress), codes),
    emailCodesByEmail: limiter('email-codes-email', perHour(counts.emailCodesPerEmail), codes),
    codeGuessesByAddress: limiter('code-guesses-ip', per15Minutes(counts.codeGuessesPerAddress), codes),
    /** Wrong codes for one email per day from all networks: what bounds a guesser who rotates networks (ADR 022). */
    codeGuessesByEmailPerDay: limiter(
      'code-guesses-email-day',
      { max: CODE_GUESSES_PER_EMAIL_PER_DAY, windowMs: 24 * 60 * 60_000 },
      codes,
    ),
    completingResetFrom,
    /**
     * After a password reset: its owner has just proved who she is, so the account is no longer
     * treated as under attack, and the network she reset from may sign in again. better-auth
     * calls the reset hook with no request on a server-side call, so the network comes from
     * `completingResetFrom`, set by the service around that call. Other networks' failures on the
     * account cannot be listed (each is a key of its own) and end with their windows.
     */
    async liftLoginLocks(email: string): Promise<void> {
      const ipKey = completingResetFrom.getStore();
      await Promise.all([
        loginFailuresByAccount.reset(email),
        ipKey === undefined ? undefined : loginFailuresByAccountAndAddress.reset(accountAtAddress(email, ipKey)),
      ]);
    },
  };
}

export type AuthLimits = ReturnType<typeof createAuthLimits>;

/** The key of one email's count from one network; neither a network key nor an email holds a space. */
export function accountAtAddress(email: string, ipKey: string): string {
  return `${ipKey} ${email}`;
}
