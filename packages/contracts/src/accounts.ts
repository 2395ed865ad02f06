import { z } from 'zod';
import { isCommonPassword } from './common-passwords.js';
import { LOCALES } from './i18n/locales.js';

/** Messages the spec fixes word for word (SPEC §5 and §8). */
export const AUTH_MESSAGES = {
  requiredFields: 'Please fill in all required fields',
  nameRequired: 'Please enter your name',
  authenticationError: 'Authentication Error',
  resetEmailSent: 'Reset email sent!',
  adminLoginFailed: 'Login failed',
} as const;

export const ACCOUNT_LIMITS = {
  nameMax: 80,
  emailMax: 254,
  passwordMin: 8,
  passwordMax: 128,
} as const;

/** Who a dialog speaks to: the creator dialog makes creators, the fan (viewer) dialog makes fans. */
export const accountRole = z.enum(['creator', 'fan']);
/** Which door a login came through; 'admin' is the /admin form, which only the admin account may pass. */
export const signInRole = z.enum(['creator', 'fan', 'admin']);
export type AccountRole = z.infer<typeof accountRole>;

const email = z
  .string({ error: 'Please enter your email address.' })
  .trim()
  .min(1, 'Please enter your email address.')
  .max(ACCOUNT_LIMITS.emailMax, 'That email address is too long.')
  .pipe(z.email({ error: 'Please enter a valid email address, like name@example.com.' }))
  // Accounts are found by email; Priya@Mail.com and priya@mail.com are one person.
  .transform((value) => value.toLowerCase());

/** Length is the only rule (no composition rules, NIST 800-63B), plus the passwords everyone guesses first. */
export const newPassword = z
  .string({ error: 'Please enter a password.' })
  .min(ACCOUNT_LIMITS.passwordMin, `Your password needs at least ${ACCOUNT_LIMITS.passwordMin} characters.`)
  .max(ACCOUNT_LIMITS.passwordMax, `Please keep your password under ${ACCOUNT_LIMITS.passwordMax} characters.`)
  .refine((value) => !isCommonPassword(value), {
    error: 'This password is too common and easy to guess. Please choose another one.',
  });

/** A person's name, as sign-up takes it and the creator's Profile tab changes it. */
export const personName = z
  .string({ error: 'Please enter your name.' })
  .trim()
  .min(1, 'Please enter your name.')
  .max(ACCOUNT_LIMITS.nameMax, `Please keep your name under ${ACCOUNT_LIMITS.nameMax} characters.`);

/** POST /api/auth/sign-up/email */
export const signUpInput = z.strictObject({
  role: accountRole,
  name: personName,
  email,
  password: newPassword,
});
export type SignUpInput = z.input<typeof signUpInput>;

/**
 * POST /api/auth/sign-in/email. No password rules here: old passwords must keep working.
 * `role` says which dialog was used: logging in through the fan dialog makes a creator a fan too.
 */
export const signInInput = z.strictObject({
  role: signInRole.optional(),
  email,
  password: z
    .string({ error: 'Please enter your password.' })
    .min(1, 'Please enter your password.')
    // Far above any password we accept, only to bound the hashing work of one request.
    .max(1024, 'Invalid email or password.'),
});
export type SignInInput = z.input<typeof signInInput>;

/** POST /api/auth/request-password-reset */
export const passwordResetRequestInput = z.strictObject({ email });
export type PasswordResetRequestInput = z.input<typeof passwordResetRequestInput>;

/** A reset link works once, for this long. */
export const PASSWORD_RESET_LINK_MINUTES = 30;

export const RESET_TOKEN_PATTERN = /^[A-Za-z0-9_-]{20,128}$/;

/** POST /api/auth/reset-password */
export const passwordResetInput = z.strictObject({
  token: z
    .string({ error: 'This reset link is incomplete. Please open the link from your email again.' })
    .regex(RESET_TOKEN_PATTERN, 'This reset link is incomplete. Please open the link from your email again.'),
  newPassword,
});
export type PasswordResetInput = z.input<typeof passwordResetInput>;

/** The same answer whether or not the email has an account, so the form cannot be used to find accounts. */
export const passwordResetRequested = z.object({ message: z.string() });
export type PasswordResetRequested = z.infer<typeof passwordResetRequested>;

export const creatorProfile = z.object({
  id: z.string(),
  handle: z.string(),
  name: z.string(),
  email: z.string(),
  bio: z.string().nullable(),
  avatarUrl: z.string().nullable(),
  walletBalancePaise: z.number().int(),
  createdAt: z.number().int(),
  /** Set while the admin suspends the creator: the public page is gone and uploads are refused. */
  suspendedReason: z.string().nullable(),
  /** She ticked the dashboard checklist's "Put your link in your Instagram bio" (it follows her to any phone). */
  instagramBioDone: z.boolean(),
});
export type CreatorProfile = z.infer<typeof creatorProfile>;

export const fanProfile = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  createdAt: z.number().int(),
});
export type FanProfile = z.infer<typeof fanProfile>;

/**
 * GET /api/me, and the answer to sign-up and sign-in: the one source of truth about who is
 * signed in. Everything is null for a visitor.
 */
export const me = z.object({
  account: z
    .object({
      id: z.string(),
      name: z.string(),
      email: z.string(),
      isAdmin: z.boolean(),
      /** False for an account made at checkout until she chooses a password (she signs in with codes). */
      hasPassword: z.boolean(),
      /** True once she has proved the email with a code (or reset her password through it). */
      emailVerified: z.boolean(),
    })
    .nullable(),
  creator: creatorProfile.nullable(),
  fan: fanProfile.nullable(),
  /**
   * Which Terms and Privacy Policy the account accepted (policy-versions.ts); null for a visitor.
   * `needsAcceptance`: they changed since (or she never accepted), and the next page asks her.
   */
  policies: z
    .object({
      needsAcceptance: z.boolean(),
      termsVersion: z.string().nullable(),
      privacyVersion: z.string().nullable(),
    })
    .nullable(),
});
export type Me = z.infer<typeof me>;

/** POST /api/account/accept-policies: the versions the dialog showed, refused when no longer current. */
export const acceptPoliciesInput = z.strictObject({
  termsVersion: z.string({ error: 'termsVersion is required.' }).min(1).max(20),
  privacyVersion: z.string({ error: 'privacyVersion is required.' }).min(1).max(20),
});
export type AcceptPoliciesInput = z.infer<typeof acceptPoliciesInput>;

/**
 * PUT /api/me/language: the header's switch, signed in (ADR 030). Her emails are written in it
 * from then on; the page itself follows the switch's cookie.
 */
export const languageInput = z.strictObject({
  locale: z.enum(LOCALES, { error: 'locale must be "en" (English) or "hi" (Hindi).' }),
});
export type LanguageInput = z.infer<typeof languageInput>;

export { HANDLE_MAX, HANDLE_PATTERN, handleFromName } from './handle-rules.js';

/** Why a handle cannot be had; shown on the handle field. */
export const HANDLE_MESSAGES = {
  taken: 'That handle is already taken. Please try another.',
  reserved: 'That handle is reserved. Please try another.',
  /** Another creator gave it up within the cooling-off period (HANDLE_COOLING_OFF_DAYS). */
  recentlyUsed: 'That handle was used by another creator recently. Please try another.',
} as const;

/** What /u/{username} answers when it shows no creator. */
export const CREATOR_PAGE_MESSAGES = {
  notFound: 'We could not find that creator.',
  moved: 'This creator has a new address.',
  gone: 'This creator is no longer on Kholo.',
} as const;
