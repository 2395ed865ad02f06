import { z } from 'zod';

/**
 * Emails a person can stop (issue 23): only reminders so far. Receipts, refunds, sign-in codes
 * and password resets are about something she did or must know, so they always come.
 */
export const EMAIL_LISTS = ['reminders'] as const;
export type EmailList = (typeof EMAIL_LISTS)[number];

/**
 * The signed token in an email's unsubscribe link: which account and list (base64url), a dot,
 * and the server's HMAC-SHA256 of them (43 base64url characters). It never expires.
 */
export const UNSUBSCRIBE_TOKEN_PATTERN = /^[A-Za-z0-9_-]{4,200}\.[A-Za-z0-9_-]{43}$/;

export const EMAIL_LIST_MESSAGES = {
  badLink:
    'This unsubscribe link is not complete or was changed. Open it again exactly as it was in the email, or write to us and we will stop the emails for you.',
  noAccount: 'The Kholo account this link was made for no longer exists, so no emails will go to it.',
} as const;

/** POST /api/email/unsubscribe and /api/email/resubscribe: the token from the email's link. */
export const emailListInput = z.strictObject({ token: z.string().trim().regex(UNSUBSCRIBE_TOKEN_PATTERN) });
export type EmailListInput = z.input<typeof emailListInput>;

/** Where the account stands on the list after the request, and whether the request changed it. */
export const emailListAnswer = z.object({
  list: z.enum(EMAIL_LISTS),
  subscribed: z.boolean(),
  /** False when it already stood so (a second click, or Gmail's one-click after the page's). */
  changed: z.boolean(),
  /** The address the emails go to, so she knows which account the link was for. */
  email: z.string(),
});
export type EmailListAnswer = z.infer<typeof emailListAnswer>;
