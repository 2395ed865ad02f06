/**
 * The one-step checkout's words and numbers (ADR 022) that the web's light screens need (the
 * unlock dialog, the code form, /payment-success), kept free of zod like payment-rules.ts so
 * those screens load no schemas; the schemas are in checkout.ts.
 */

/** A code is six digits and works for ten minutes, once. */
export const EMAIL_CODE_LENGTH = 6;
export const EMAIL_CODE_MINUTES = 10;
export const EMAIL_CODE_PATTERN = /^\d{6}$/;
/** Wrong guesses one code survives: at this many it is deleted, and a new one must be asked for. */
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
