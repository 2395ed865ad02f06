import { createHmac, randomBytes, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import {
  CODE_MESSAGES,
  EMAIL_CODE_LENGTH,
  EMAIL_CODE_MAX_GUESSES,
  EMAIL_CODE_MINUTES,
  type Locale,
} from '@kholo/contracts';
import { AppError } from '../../lib/app-error.js';
import type { Clock } from '../../lib/clock.js';
import type { Transact } from '../../lib/transactions.js';
import type { EmailQueue } from '../email/index.js';
import type { AccountsRepository } from './accounts-repository.js';
import { countOrRefuse } from './attempt-counting.js';
import type { AuthLimits } from './auth-limits.js';
import { type CodePurpose, signInCodeEmail } from './sign-in-code-email.js';

/**
 * One-time sign-in codes (ADR 022): six digits by email, ten minutes, once. Only an HMAC of
 * each code is stored, at most two live per email, and each survives EMAIL_CODE_MAX_GUESSES wrong
 * guesses. Guesses are also counted before they are checked (a burst sent in parallel is counted
 * whole) per network and per email per day, and given back when the code is right; sending is
 * counted per network and per email, so no inbox is flooded.
 */
export function createEmailCodes(deps: {
  accounts: AccountsRepository;
  limits: AuthLimits;
  clock: Clock;
  transaction: Transact;
  mail: EmailQueue;
  /** The server's auth secret: the HMAC key, so a copy of the table cannot be brute-forced offline. */
  secret: string;
  supportEmail: string;
  /** The admin signs in only with her password at /admin; her address is answered as any other's. */
  isAdmin(email: string): boolean;
}) {
  const { accounts, limits, clock } = deps;

  // A key of its own, derived from the secret, so a code's HMAC can never pass for anything else.
  const key = createHmac('sha256', deps.secret).update('kholo sign-in codes v1').digest();
  function hashOf(email: string, code: string): Buffer {
    return createHmac('sha256', key).update(`${email}:${code}`).digest();
  }

  return {
    /**
     * Counts the request against the sending limits, or refuses it with a 429. Separate from
     * `send` so a checkout can be refused before its order is made, never after.
     */
    async allowSending(email: string, ipKey: string): Promise<void> {
      await countOrRefuse(limits.emailCodesByAddress, ipKey, 'Too many codes were asked for from your network.');
      await countOrRefuse(limits.emailCodesByEmail, email, 'Too many codes were sent to this email address.', () =>
        limits.emailCodesByAddress.release(ipKey),
      );
    },

    /**
     * Stores a new code and queues its email, together. The one before it keeps working until it
     * expires (a slow email is not made useless by "send again"); older ones end, so a guess is
     * never tried against more than two codes.
     */
    async send(email: string, purpose: CodePurpose, locale?: Locale): Promise<void> {
      const code = String(randomInt(0, 10 ** EMAIL_CODE_LENGTH)).padStart(EMAIL_CODE_LENGTH, '0');
      // The admin signs in only with her password: her row can never match (a random hash) and no
      // email goes out, but the same work is done, so her address answers as fast as anyone's.
      const forAdmin = deps.isAdmin(email);
      const now = clock.now();
      await deps.transaction(async (trx) => {
        const rows = accounts.within(trx);
        await rows.deleteExpiredEmailCodes(email, now);
        await rows.deleteAllButNewestEmailCode(email);
        await rows.insertEmailCode({
          id: randomUUID(),
          email,
          codeHash: forAdmin ? randomBytes(32).toString('hex') : hashOf(email, code).toString('hex'),
          createdAt: now,
          expiresAt: now + EMAIL_CODE_MINUTES * 60_000,
        });
        if (forAdmin) return;
        await deps.mail
          .within(trx)
          // In her account's language; an address without one gets the request's (`locale`).
          .send(signInCodeEmail({ to: email, code, purpose, supportEmail: deps.supportEmail }), { locale });
      });
    },

    /**
     * Uses up one of the email's live codes, or throws CODE_INVALID (wrong, expired or already
     * used: one answer for all three) or RATE_LIMITED. A right code ends every code of the email.
     */
    async redeem(email: string, code: string, ipKey: string): Promise<void> {
      const releaseAddress = () => limits.codeGuessesByAddress.release(ipKey);
      await countOrRefuse(limits.codeGuessesByAddress, ipKey, 'Too many wrong codes from your network.');
      await countOrRefuse(
        limits.codeGuessesByEmailPerDay,
        email,
        'Too many wrong codes were tried for this email address today.',
        releaseAddress,
      );
      const given = hashOf(email, code);
      const live = await accounts.findLiveEmailCodes(email, clock.now());
      const match = live.find((row) => {
        const stored = Buffer.from(row.codeHash, 'hex');
        return stored.length === given.length && timingSafeEqual(stored, given);
      });
      if (match === undefined) {
        // Each live code survives EMAIL_CODE_MAX_GUESSES wrong guesses, however they were spread.
        await accounts.countWrongGuess(email, EMAIL_CODE_MAX_GUESSES);
        throw new AppError('CODE_INVALID', CODE_MESSAGES.invalid);
      }
      // Deleted by exactly one of two requests with the same code: the other is refused.
      if (!(await accounts.deleteEmailCode(match.id))) throw new AppError('CODE_INVALID', CODE_MESSAGES.invalid);
      await accounts.deleteEmailCodesFor(email);
      await Promise.all([releaseAddress(), limits.codeGuessesByEmailPerDay.release(email)]);
    },
  };
}

export type EmailCodes = ReturnType<typeof createEmailCodes>;
