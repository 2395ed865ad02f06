import {
  type CodeSignInInput,
  codeSentMessage,
  EMAIL_CODE_LENGTH,
  EMAIL_CODE_MINUTES,
  type EmailCodeSent,
  type Locale,
  PASSWORD_RESET_LINK_MINUTES,
  type Me,
  type PasswordResetRequested,
  type SignInInput,
  type SignUpInput,
} from '@kholo/contracts';
import { APIError } from 'better-auth/api';
import { AppError } from '../../lib/app-error.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import { clientKey } from '../../lib/rate-limits/client-key.js';
import { chosenLocaleOfHeaders, localeOfHeaders } from '../../lib/request-locale.js';
import type { AccountsRepository } from './accounts-repository.js';
import type { AccountsService, SignedInAccount } from './accounts-service.js';
import type { Auth } from './auth.js';
import { accountAtAddress, type AuthLimits } from './auth-limits.js';
import { countOrRefuse, rateLimited, undoingOnFailure } from './attempt-counting.js';
import type { EmailCodes } from './email-codes.js';
import { hashPassword, withPasswordHashedAhead } from './password-hashing.js';
import { type SessionAccount, startSession } from './session.js';

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
/** The answer to a visitor's checkout with an email that has an account: her code first. */
export function codeFirstMessage(email: string): string {
  return `You already have a Kholo account. Enter the ${EMAIL_CODE_LENGTH}-digit code we just sent to ${email} to continue.`;
}
export const PASSWORD_ALREADY_SET_MESSAGE =
  'Your account already has a password. To change it, log out and use “Forgot Password?”.';

/**
 * A name for an account made from an email alone: the first word of its local part, capitalised
 * ("priya.sharma@…" → "Priya"), or "Kholo fan" when that has no letters.
 */
export function nameFromEmail(email: string): string {
  const word = (email.split('@')[0] ?? '').split(/[^\p{L}]+/u).find((part) => part !== '') ?? '';
  if (word === '') return 'Kholo fan';
  return `${word.charAt(0).toUpperCase()}${word.slice(1).toLowerCase()}`.slice(0, 80);
}

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
  emailCodes: EmailCodes;
  logger: { warn(details: object, message: string): void };
}) {
  const { auth, accounts, accountsRepository, limits, emailCodes } = deps;

  /**
   * Whether `accountId` is still a checkout's unclaimed account: nobody has proved its email or
   * chosen a password for it (ADR 022). Only then may the browser that started it act for it.
   */
  async function unclaimed(accountId: string): Promise<boolean> {
    const { emailVerified, hasPassword } = await accountsRepository.credentialsOf(accountId);
    // A deleted account's email is unproved and it has no password, yet nobody may act for it.
    return !emailVerified && !hasPassword && !(await accountsRepository.isDeleted(accountId));
  }

  /**
   * The account for `email`, made (with no password and an unproved email) when there is none;
   * `made` says whether this call made it (two first checkouts with one new email at once: one
   * makes it, the other finds it).
   */
  async function accountFor(
    email: string,
    name: string,
    locale: Locale,
  ): Promise<{ account: SignedInAccount; made: boolean }> {
    const existing = await accountsRepository.findAccountByEmail(email);
    if (existing !== undefined) return { account: existing, made: false };
    const context = await auth.$context;
    try {
      const user = await context.internalAdapter.createUser({ email, name, emailVerified: false, locale });
      return { account: { id: user.id, name: user.name, email: user.email }, made: true };
    } catch (error) {
      const other = await accountsRepository.findAccountByEmail(email);
      if (other !== undefined) return { account: other, made: false };
      throw error;
    }
  }

  /** A session created by this request that must not survive it (wrong door, or a failure after login). */
  async function discardSession(token: string): Promise<void> {
    await accountsRepository.deleteSessionByToken(token);
  }

  /** Session rotation: the session the browser came with ends when a new one starts. */
  async function endPrevious(request: AuthRequest): Promise<void> {
    const previous = await request.previous();
    if (previous !== null) await accountsRepository.deleteSession(previous.sessionId);
  }

  /**
   * A language chosen on this device before signing in becomes her account's, so her emails
   * follow the screens she chose. She is signed in by now: a failure here is logged, not hers.
   */
  async function keepChosenLanguage(account: SignedInAccount, request: AuthRequest): Promise<void> {
    const chosen = chosenLocaleOfHeaders(request.headers);
    if (chosen === undefined) return;
    await accounts.setLanguage(account, chosen).catch((error: unknown) => {
      deps.logger.warn({ err: error }, 'could not store the language chosen before sign-in');
    });
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
        // The fan door makes her a fan too; the creator door never makes anyone a creator by
        // itself: an account without a profile is asked "Start selling on Kholo?" first (ADR 022).
        if (input.role === 'fan') await accounts.addRole(account, 'fan');
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
      await keepChosenLanguage(account, request);
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

    /** POST /api/auth/email-code: the same answer whether or not the email has an account. */
    async sendCode(email: string, request: AuthRequest): Promise<EmailCodeSent> {
      await emailCodes.allowSending(email, clientKey(request.ip));
      await emailCodes.send(email, 'sign-in', localeOfHeaders(request.headers));
      return { message: codeSentMessage(email), email, expiresInMinutes: EMAIL_CODE_MINUTES };
    },

    /**
     * POST /api/auth/sign-in/code. The code proves the email: an account is made for an address
     * that has none. The first proof of an email takes the account back from whoever may have
     * signed up with that address before (sign-up needs no proof, ADR 008): every other session
     * ends, and a password chosen before the proof is removed, so only she can get in; she
     * chooses her own next (the menu offers it, as `hasPassword` is false).
     */
    async signInWithCode(input: CodeSignInInput, request: AuthRequest): Promise<AuthResult<Me>> {
      const email = input.email;
      await emailCodes.redeem(email, input.code, clientKey(request.ip));
      const { account } = await accountFor(email, nameFromEmail(email), localeOfHeaders(request.headers));
      const { emailVerified } = await accountsRepository.credentialsOf(account.id);
      if (!emailVerified) {
        const context = await auth.$context;
        await context.internalAdapter.updateUser(account.id, { emailVerified: true });
        await accountsRepository.deletePasswords(account.id);
        await accountsRepository.deleteOtherSessions(account.id, null);
      }
      if (input.role === 'fan') await accounts.addRole(account, 'fan');
      const setCookies = await startSession(auth, account.id, {
        ip: request.ip,
        userAgent: request.headers.get('user-agent') ?? undefined,
      });
      await endPrevious(request);
      await keepChosenLanguage(account, request);
      return { body: await accounts.describe(account), setCookies };
    },

    /** POST /api/auth/set-password: an account made at checkout chooses a password. */
    async setPassword(account: SignedInAccount, password: string): Promise<Me> {
      if ((await accountsRepository.credentialsOf(account.id)).hasPassword) {
        throw new AppError('CONFLICT', PASSWORD_ALREADY_SET_MESSAGE);
      }
      const context = await auth.$context;
      try {
        await context.internalAdapter.linkAccount({
          userId: account.id,
          providerId: 'credential',
          accountId: account.id,
          password: await hashPassword(password),
        });
      } catch (error) {
        // Two tabs at once: the unique index keeps one password per account (migration 0019).
        if (isUniqueViolation(error)) throw new AppError('CONFLICT', PASSWORD_ALREADY_SET_MESSAGE);
        throw error;
      }
      return accounts.describe(account);
    },

    /**
     * A visitor's checkout (ADR 022). A new email gets its account now (no password, email not yet
     * proved), is a fan, and pays at once; her code comes with the order. An email that already has
     * an account gets a code first (SIGN_IN_WITH_CODE): nobody makes orders in someone else's
     * account, and no answer tells a stranger what that account holds. The exception is the
     * browser that started this very account at an earlier checkout (`startedHere`, from its
     * checkout cookie) while its email is still unproved: it may go on paying before the code, as
     * it could the first time. Once someone has proved the email, the account is hers alone.
     * The sending limits come first, so a refusal comes before anything is made.
     */
    async checkoutBuyer(
      input: { email: string; name?: string | undefined },
      ip: string,
      startedHere: string | null,
      /** The request's language: a new account's emails, and the code's to an address without one. */
      locale: Locale,
    ): Promise<{ account: SignedInAccount; made: boolean }> {
      await emailCodes.allowSending(input.email, clientKey(ip));
      const existing = accounts.isAdmin(input.email)
        ? 'admin'
        : await accountsRepository.findAccountByEmail(input.email);
      const codeFirst = async (): Promise<never> => {
        await emailCodes.send(input.email, 'sign-in', locale);
        throw new AppError('SIGN_IN_WITH_CODE', codeFirstMessage(input.email));
      };
      if (existing === 'admin') return codeFirst();
      if (existing !== undefined) {
        if (existing.id !== startedHere || !(await unclaimed(existing.id))) return codeFirst();
        await accounts.addRole(existing, 'fan');
        return { account: existing, made: false };
      }
      const name = input.name !== undefined && input.name !== '' ? input.name : nameFromEmail(input.email);
      const { account, made } = await accountFor(input.email, name, locale);
      // Another request made it a moment ago: it is not this browser's.
      if (!made) return codeFirst();
      await accounts.addRole(account, 'fan');
      return { account, made };
    },

    /**
     * Undoes a visitor's account that `checkoutBuyer` just made when her order then could not be
     * made (the item went, its price changed, the provider is down): nothing is left behind in
     * an email's name. Only while it is still unclaimed and holds no order.
     */
    async forgetCheckoutAccount(accountId: string): Promise<void> {
      if (await unclaimed(accountId)) await accountsRepository.deleteAccountWithoutOrders(accountId);
    },

    /** Whether a checkout cookie naming `accountId` still speaks for it: until someone claims it. */
    checkoutStillOpen: unclaimed,

    /** After a visitor's order is made: the code that opens what she buys. */
    async sendCheckoutCode(email: string): Promise<void> {
      await emailCodes.send(email, 'checkout');
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

function emailTaken(): AppError {
  return new AppError('EMAIL_TAKEN', 'An account with this email already exists. Please log in instead.');
}

/** better-auth's errors become ours; anything unexpected stays a 500 (and is logged, not shown). */
function translate(error: unknown): unknown {
  if (!(error instanceof APIError) || error.statusCode >= 500) return error;
  return new AppError('BAD_REQUEST', error.body?.message ?? 'The request could not be completed.', { cause: error });
}
