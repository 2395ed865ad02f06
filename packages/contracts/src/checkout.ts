import { z } from 'zod';
import { accountRole, ACCOUNT_LIMITS, newPassword } from './accounts.js';
import { handleInput } from './content.js';
import { CODE_MESSAGES, EMAIL_CODE_PATTERN, UPI_APPS, UPI_CHANNELS } from './checkout-rules.js';
import { createOrderBody, namesItem } from './payments.js';

/**
 * The fan's one-step checkout (ADR 022): a visitor gives her email (and, if she likes, her
 * name), pays, and proves the email with a one-time code; codes also sign anyone in without a
 * password.
 */

const email = z
  .string({ error: 'Please enter your email address.' })
  .trim()
  .min(1, 'Please enter your email address.')
  .max(ACCOUNT_LIMITS.emailMax, 'That email address is too long.')
  .pipe(z.email({ error: 'Please enter a valid email address, like name@example.com.' }))
  .transform((value) => value.toLowerCase());

const code = z.string({ error: CODE_MESSAGES.format }).trim().regex(EMAIL_CODE_PATTERN, CODE_MESSAGES.format);

/** POST /api/auth/email-code: send a sign-in code to this address. */
export const emailCodeRequestInput = z.strictObject({ email });
export type EmailCodeRequestInput = z.input<typeof emailCodeRequestInput>;

/** The answer to every code request: the same for an email with or without an account. */
export const emailCodeSent = z.object({
  message: z.string(),
  /** The address the code went to, as the server normalised it. */
  email: z.string(),
  expiresInMinutes: z.number().int(),
});
export type EmailCodeSent = z.infer<typeof emailCodeSent>;

/**
 * POST /api/auth/sign-in/code. The code proves the email: an account is created for an address
 * that has none. `role: 'fan'` (the fan dialog, the checkout) makes her a fan; `'creator'` never
 * makes anyone a creator by itself (she is asked first, see `startSellingInput`).
 */
export const codeSignInInput = z.strictObject({
  email,
  code,
  role: accountRole.optional(),
});
export type CodeSignInInput = z.input<typeof codeSignInInput>;

/** POST /api/auth/set-password: a signed-in account without a password chooses one. */
export const setPasswordInput = z.strictObject({ password: newPassword });
export type SetPasswordInput = z.input<typeof setPasswordInput>;

/**
 * POST /api/creators/start-selling: a signed-in account that is not yet a creator becomes one,
 * with the handle she chose, after saying yes to "Start selling on Kholo?".
 */
export const startSellingInput = z.strictObject({
  handle: handleInput,
  /** The name on her page; the account's name when left out. */
  name: z
    .string()
    .trim()
    .min(1, 'Please enter your name.')
    .max(ACCOUNT_LIMITS.nameMax, `Please keep your name under ${ACCOUNT_LIMITS.nameMax} characters.`)
    .optional(),
});
export type StartSellingInput = z.input<typeof startSellingInput>;

/**
 * POST /api/payment/order from a visitor (nobody signed in): the spec's order body plus her
 * email and, optionally, her name. The order is made for the account of that email (created if
 * there is none); the browser gets a checkout cookie that lets it follow this order, and a code
 * goes to the email, which signs her in to see what she bought.
 */
export const guestOrderInput = createOrderBody
  .extend({
    email,
    name: z
      .string()
      .trim()
      .max(ACCOUNT_LIMITS.nameMax, `Please keep your name under ${ACCOUNT_LIMITS.nameMax} characters.`)
      .optional(),
  })
  .refine(namesItem, { message: 'Please say which item to unlock.', path: ['contentId'] });
export type GuestOrderInput = z.input<typeof guestOrderInput>;

/** POST /api/payment/upi: start a UPI attempt on an order the caller made. */
export const upiPayInput = z.strictObject({
  order_id: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{3,45}$/, 'That is not a Kholo order id.'),
  channel: z.enum(UPI_CHANNELS, { error: 'Please choose UPI apps (link) or a QR code (qrcode).' }),
});
export type UpiPayInput = z.input<typeof upiPayInput>;

export const upiPayment = z.object({
  channel: z.enum(UPI_CHANNELS),
  /** Intent links, one per app (channel `link`); in test mode they open the simulator's pay page. */
  apps: z.array(z.object({ app: z.enum(UPI_APPS), label: z.string(), href: z.string() })),
  /** A PNG data URI to show in an <img> (channel `qrcode`). */
  qrImage: z.string().nullable(),
  /** When this attempt stops being payable (epoch ms). */
  expiresAt: z.number().int(),
});
export type UpiPayment = z.infer<typeof upiPayment>;
