import { z } from 'zod';
import { REFUND_REASONS } from './refund-reasons.js';
import { rupeesToPaise } from './format.js';
import { MIN_WITHDRAWAL_PAISE } from './limits.js';
import {
  ADMIN_REASON_MAX_LENGTH,
  ADMIN_REASON_MIN_LENGTH,
  isValidUpiId,
  normaliseUpiId,
  REVIEW_REASONS,
  WITHDRAWAL_MESSAGES,
  WITHDRAWAL_REFERENCE_MAX_LENGTH,
  WITHDRAWAL_STATUSES,
} from './withdrawal-rules.js';

/** ₹100 crore: far above any wallet, and below where rupees lose their paise in a double. */
const MAX_WITHDRAWAL_RUPEES = 1_00_00_00_000;

/**
 * POST /api/withdraw. The spec's payload is `{creator, amount, upi}` with `amount` the full
 * balance in rupees (SPEC §7). The creator is the session's: `creator` (an email or the creator's
 * id), when sent, must name the same creator. The output carries `amountPaise` and the UPI ID
 * normalised.
 */
export const withdrawInput = z
  .object({
    creator: z
      .string({ error: 'The creator must be your email.' })
      .trim()
      .max(320, 'The creator must be your email.')
      .optional(),
    amount: z.number({ error: 'The amount must be a number of rupees.' }),
    upi: z
      .string({ error: WITHDRAWAL_MESSAGES.invalidUpiId })
      .refine(isValidUpiId, WITHDRAWAL_MESSAGES.invalidUpiId)
      .transform(normaliseUpiId),
  })
  .transform((input, context) => {
    if (Math.abs(input.amount) > MAX_WITHDRAWAL_RUPEES) {
      context.addIssue({ code: 'custom', path: ['amount'], message: 'The amount is too large.' });
      return z.NEVER;
    }
    const amountPaise = rupeesToPaise(input.amount);
    if (amountPaise === null) {
      context.addIssue({
        code: 'custom',
        path: ['amount'],
        message: 'The amount must be rupees with at most two decimals.',
      });
      return z.NEVER;
    }
    if (amountPaise < MIN_WITHDRAWAL_PAISE) {
      context.addIssue({ code: 'custom', path: ['amount'], message: WITHDRAWAL_MESSAGES.belowMinimum });
      return z.NEVER;
    }
    return { creator: input.creator, amountPaise, upiId: input.upi };
  });
export type WithdrawInput = z.input<typeof withdrawInput>;

/** A withdrawal as its creator sees it: each step's time, for the Wallet's timeline. */
export const withdrawal = z.object({
  id: z.string(),
  amountPaise: z.number().int(),
  upiId: z.string(),
  /** The UPI ID's holder as her bank named it when she asked; null where no provider checked it. */
  payeeName: z.string().nullable(),
  status: z.enum(WITHDRAWAL_STATUSES),
  requestedAt: z.number().int(),
  /** Why it waits (or waited) for the admin; empty when it went out on its own. */
  reviewReasons: z.array(z.enum(REVIEW_REASONS)),
  /** When the admin let it go, after a review. */
  approvedAt: z.number().int().nullable(),
  /** When it was sent to the payouts provider. */
  sentAt: z.number().int().nullable(),
  /** When it was paid, failed, rejected or cancelled; null while on its way. */
  resolvedAt: z.number().int().nullable(),
  /** When the bank returned a paid withdrawal. */
  reversedAt: z.number().int().nullable(),
  /** The bank's reference (UTR) of an automatic payout, or the one the admin gave when paying by hand. */
  paymentReference: z.string().nullable(),
  /** Why it was not paid or came back, and what to do next. */
  rejectionReason: z.string().nullable(),
  /** True while it waits for Kholo's payout account to be topped up. */
  waitingForFunds: z.boolean(),
});
export type Withdrawal = z.infer<typeof withdrawal>;

export const withdrawResponse = z.object({
  withdrawal,
  /** The wallet after the hold: 0, since a withdrawal takes the whole balance. */
  balancePaise: z.number().int(),
});
export type WithdrawResponse = z.infer<typeof withdrawResponse>;

/**
 * One movement of the wallet, from the ledger (DESIGN §3): the creator-wallet entries, newest
 * first. `amountPaise` is signed (credits positive), so the entries sum to the balance.
 */
export const walletEntry = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('sale'),
    id: z.string(),
    at: z.number().int(),
    amountPaise: z.number().int(),
    orderId: z.string(),
    contentId: z.string(),
    contentTitle: z.string(),
    /** What the fan paid: her share + feePaise. */
    pricePaise: z.number().int(),
    feePaise: z.number().int(),
    /** Of her share, what paid down an earlier refund she owed (amountPaise is the rest). */
    recoveredPaise: z.number().int(),
    /** She may still refund it herself (her own sale, within 7 days, not refunded or disputed). */
    refundable: z.boolean(),
    /** Set once it was refunded or taken back by the bank. */
    refundedAt: z.number().int().nullable(),
  }),
  /** A sale undone: what came out of her wallet, and what she owes for the rest. */
  z.object({
    kind: z.literal('refund'),
    id: z.string(),
    at: z.number().int(),
    amountPaise: z.number().int(),
    orderId: z.string(),
    contentTitle: z.string(),
    reason: z.enum(REFUND_REASONS),
    note: z.string().nullable(),
    /** Her share that was taken back: amountPaise (negated) + owedPaise + heldPaise. */
    sharePaise: z.number().int(),
    /** What her wallet could not cover, to be recovered from her next sales. */
    owedPaise: z.number().int(),
  }),
  /** A dispute by the fan's bank: her share held, given back (won) or kept by the bank (lost). */
  z.object({
    kind: z.literal('dispute'),
    id: z.string(),
    at: z.number().int(),
    amountPaise: z.number().int(),
    step: z.enum(['held', 'released', 'lost']),
    orderId: z.string(),
    contentTitle: z.string(),
    /** The share the step moved, wherever it came from or went (wallet, owed, held). */
    sharePaise: z.number().int(),
  }),
  z.object({
    kind: z.literal('withdrawal'),
    id: z.string(),
    at: z.number().int(),
    amountPaise: z.number().int(),
    withdrawal,
  }),
  z.object({
    kind: z.literal('withdrawal_reversal'),
    id: z.string(),
    at: z.number().int(),
    amountPaise: z.number().int(),
    withdrawalId: z.string(),
    reason: z.string(),
  }),
  z.object({
    kind: z.literal('adjustment'),
    id: z.string(),
    at: z.number().int(),
    amountPaise: z.number().int(),
    memo: z.string(),
  }),
]);
export type WalletEntry = z.infer<typeof walletEntry>;

/** GET /api/wallet: the signed-in creator's balance and history (latest WALLET_HISTORY_LIMIT). */
export const walletResponse = z.object({
  balancePaise: z.number().int(),
  /** Sum of this creator's withdrawals on their way (requested, in review, sending): held, not yet paid. */
  pendingWithdrawalPaise: z.number().int(),
  /** What she owes Kholo for refunds her wallet could not cover, taken from her next sales first. */
  owedPaise: z.number().int(),
  /** Her share of payments the fans' banks are disputing, held until each is decided. */
  heldPaise: z.number().int(),
  history: z.array(walletEntry),
  /** True when older entries exist beyond the list. */
  hasMore: z.boolean(),
});
export type WalletResponse = z.infer<typeof walletResponse>;

export const WALLET_HISTORY_LIMIT = 100;

const withdrawalId = z
  .string({ error: 'Please say which withdrawal.' })
  .trim()
  .min(1, 'Please say which withdrawal.')
  .max(100, 'That is not a withdrawal id.');

const adminReason = z
  .string({ error: 'Please give a reason.' })
  .trim()
  .min(ADMIN_REASON_MIN_LENGTH, 'Please give a reason.')
  .max(ADMIN_REASON_MAX_LENGTH, `Please keep the reason under ${ADMIN_REASON_MAX_LENGTH} characters.`);

/** POST /api/admin/withdrawals/payment-done {id, reference?}; `x-admin-email` is ignored (DESIGN §6). */
export const markWithdrawalPaidInput = z.object({
  id: withdrawalId,
  reference: z
    .string({ error: 'The reference must be text.' })
    .trim()
    .max(
      WITHDRAWAL_REFERENCE_MAX_LENGTH,
      `Please keep the reference under ${WITHDRAWAL_REFERENCE_MAX_LENGTH} characters.`,
    )
    .optional()
    .transform((value) => (value === '' ? undefined : value)),
});

/** POST /api/admin/withdrawals/reject {id, reason}: the hold goes back to the wallet. */
export const rejectWithdrawalInput = z.object({ id: withdrawalId, reason: adminReason });

/** POST /api/admin/withdrawals/approve {id}: a payout in review goes out at once. */
export const approveWithdrawalInput = z.object({ id: withdrawalId });

/** POST /api/withdrawals/cancel {id}: the creator takes back a withdrawal nothing has been sent for. */
export const cancelWithdrawalInput = z.object({ id: withdrawalId });

export { adminReason };
