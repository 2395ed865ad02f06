import { z } from 'zod';
import { accountRole, ACCOUNT_LIMITS, newPassword } from './accounts.js';
import { handleInput } from './content.js';
import { createOrderBody, namesItem } from './payments.js';

/**
 * The fan's one-step checkout (ADR 022): a visitor gives her email (and, if she likes, her
 * name), pays, and proves the email with a one-time code; codes also sign anyone in without a
 * password.
 */

/** A code is six digits and works for ten minutes, once. */
export const EMAIL_CODE_LENGTH = 6;
export const EMAIL_CODE_MINUTES = 10;
export const EMAIL_CODE_PATTERN = /^\d{6}$/;
/** Wrong guesses one code survives; the next wrong guess ends it and a new one must be asked for. */
export const EMAIL_CODE_MAX_GUESSES = 5;

export const CODE_MESSAGES = {
  invalid:
    'That code is not right, or it has expired. Please check the latest email from Kholo, or ask for a new code.',
  format: `Please enter the ${EMAIL_CODE_LENGTH}-digit code from the email.`,
} as const;

/** What the answer to "send me a code" says, the same whether or not the email has an account. */
export function codeSentMessage(email: string): string {
  return `We sent a ${EMAIL_CODE_LENGTH}-digit code to ${email}. It works for ${EMAIL_CODE_MINUTES} minutes.`;
}

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

/** UPI apps the dialog offers on a phone, in the order shown; `any` is the generic `upi://` link. */
export const UPI_APPS = ['gpay', 'phonepe', 'paytm', 'bhim', 'any'] as const;
export type UpiApp = (typeof UPI_APPS)[number];
export const UPI_APP_LABELS: Record<UpiApp, string> = {
  gpay: 'Google Pay',
  phonepe: 'PhonePe',
  paytm: 'Paytm',
  bhim: 'BHIM',
  any: 'Any UPI app',
};
/** `link`: intent links for a phone; `qrcode`: a QR for a laptop (Cashfree's order-pay channels). */
export const UPI_CHANNELS = ['link', 'qrcode'] as const;
export type UpiChannel = (typeof UPI_CHANNELS)[number];
/** How long a UPI attempt stays payable; the QR shows this countdown. */
export const UPI_ATTEMPT_MINUTES = 10;

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
