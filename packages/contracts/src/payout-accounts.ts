import { z } from 'zod';
import {
  isValidPan,
  LEGAL_NAME_MAX_LENGTH,
  nameWords,
  normalisePan,
  PAYOUT_ACCOUNT_MESSAGES,
  PAYOUT_ACCOUNT_STATUSES,
} from './payout-rules.js';
import { isValidUpiId, normaliseUpiId, WITHDRAWAL_MESSAGES } from './withdrawal-rules.js';

const upiId = z
  .string({ error: WITHDRAWAL_MESSAGES.invalidUpiId })
  .refine(isValidUpiId, WITHDRAWAL_MESSAGES.invalidUpiId)
  .transform(normaliseUpiId);

const legalName = z
  .string({ error: PAYOUT_ACCOUNT_MESSAGES.legalNameMissing })
  .trim()
  .min(1, PAYOUT_ACCOUNT_MESSAGES.legalNameMissing)
  .max(LEGAL_NAME_MAX_LENGTH, `Please keep your name under ${LEGAL_NAME_MAX_LENGTH} characters.`)
  .refine((name) => nameWords(name).length > 0, PAYOUT_ACCOUNT_MESSAGES.legalNameInvalid)
  .transform((name) => name.replace(/\s+/g, ' '));

/** POST /api/studio/payout-account/verify: who the bank says holds a UPI ID, before she saves it. */
export const verifyPayoutUpiInput = z.object({ upiId, legalName: legalName.optional() });
export type VerifyPayoutUpiInput = z.input<typeof verifyPayoutUpiInput>;

export const verifyPayoutUpiResponse = z.object({
  upiId: z.string(),
  /** The holder's name as her bank has it. */
  verifiedName: z.string(),
  /** Whether it resembles the legal name sent (false when none was). */
  nameMatches: z.boolean(),
});
export type VerifyPayoutUpiResponse = z.infer<typeof verifyPayoutUpiResponse>;

/**
 * PUT /api/studio/payout-account. The UPI ID is checked with the bank again on save.
 * `confirmedName` is the holder name she was shown (the save is refused if the bank now says
 * another); `accountIsMine` is her "Yes, this is my account" when that name is not hers.
 */
export const payoutAccountInput = z.object({
  upiId,
  legalName,
  pan: z
    .string({ error: PAYOUT_ACCOUNT_MESSAGES.panInvalid })
    .refine(isValidPan, PAYOUT_ACCOUNT_MESSAGES.panInvalid)
    .transform(normalisePan),
  confirmedName: z.string({ error: 'The confirmed name must be text.' }).trim().max(200).optional(),
  accountIsMine: z.boolean({ error: 'accountIsMine must be true or false.' }).optional(),
});
export type PayoutAccountInput = z.input<typeof payoutAccountInput>;

/** Where she is paid, as she and the admin see it: never the PAN in full. */
export const payoutAccount = z.object({
  upiId: z.string(),
  verifiedName: z.string(),
  legalName: z.string(),
  panMasked: z.string(),
  status: z.enum(PAYOUT_ACCOUNT_STATUSES),
  /** Whether the bank's name for the account resembles her legal name. */
  nameMatches: z.boolean(),
  verifiedAt: z.number().int(),
  updatedAt: z.number().int(),
});
export type PayoutAccount = z.infer<typeof payoutAccount>;
