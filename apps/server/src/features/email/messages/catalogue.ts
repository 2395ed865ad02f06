import { layoutEn } from './layout.en.js';
import { layoutHi } from './layout.hi.js';
import { passwordResetEn } from './password-reset.en.js';
import { passwordResetHi } from './password-reset.hi.js';
import { policyReminderEn } from './policy-reminder.en.js';
import { policyReminderHi } from './policy-reminder.hi.js';
import { receiptEn } from './receipt.en.js';
import { receiptHi } from './receipt.hi.js';
import { reminderEn } from './reminder.en.js';
import { reminderHi } from './reminder.hi.js';
import { salesEn } from './sales.en.js';
import { salesHi } from './sales.hi.js';
import { withdrawalsEn } from './withdrawals.en.js';
import { withdrawalsHi } from './withdrawals.hi.js';
import { refundsEn } from './refunds.en.js';
import { refundsHi } from './refunds.hi.js';
import { safetyEn } from './safety.en.js';
import { safetyHi } from './safety.hi.js';
import { signInCodeEn } from './sign-in-code.en.js';
import { signInCodeHi } from './sign-in-code.hi.js';

/**
 * The emails' words, one module per kind of email (ADR 030's pattern, kept on the server: no
 * browser needs them). To add a kind: `<kind>.en.ts` and `<kind>.hi.ts`, listed in both lists
 * below; the parity test covers it at once.
 */
export const EMAIL_MODULES_EN = {
  layout: layoutEn,
  signInCode: signInCodeEn,
  passwordReset: passwordResetEn,
  receipt: receiptEn,
  sales: salesEn,
  reminder: reminderEn,
  policyReminder: policyReminderEn,
  withdrawals: withdrawalsEn,
  refunds: refundsEn,
  safety: safetyEn,
} as const;

type Modules = typeof EMAIL_MODULES_EN;
export type EmailMessageKey = Extract<{ [M in keyof Modules]: keyof Modules[M] }[keyof Modules], string>;

/** Typed to need a Hindi module for every English one, each with exactly its keys. */
export const EMAIL_MODULES_HI: { readonly [M in keyof Modules]: Readonly<Record<keyof Modules[M], string>> } = {
  layout: layoutHi,
  signInCode: signInCodeHi,
  passwordReset: passwordResetHi,
  receipt: receiptHi,
  sales: salesHi,
  reminder: reminderHi,
  policyReminder: policyReminderHi,
  withdrawals: withdrawalsHi,
  refunds: refundsHi,
  safety: safetyHi,
};
