import { z } from 'zod';
import { CHECKOUT_MODES, PAYMENT_FAILURES, PAYMENT_STATUSES } from './payment-rules.js';

/** Our order ids and Cashfree's rule for them: 3–45 letters, digits, `_` or `-`. */
export const ORDER_ID_PATTERN = /^[A-Za-z0-9_-]{3,45}$/;

const orderId = z
  .string({ error: 'Please send the order id.' })
  .trim()
  .regex(ORDER_ID_PATTERN, 'That is not a Kholo order id.');

const contentId = z.string().trim().min(1).max(100);

/**
 * POST /api/payment/order. The spec's payload is `{amount, creatorId, notes{contentId,
 * contentTitle, viewerEmail}}`; the server trusts only the session and the content id (DESIGN §4).
 * `amount` (rupees, as shown to the fan) is a check: if it differs from the price the order is
 * refused, so nobody pays a price they were not shown. `contentId` at the top level is accepted too.
 */
export const createOrderBody = z.object({
  contentId: contentId.optional(),
  amount: z.number({ error: 'The amount must be a number of rupees.' }).optional(),
  creatorId: z.string().max(200).optional(),
  notes: z
    .object({
      contentId: contentId.optional(),
      contentTitle: z.string().max(500).optional(),
      viewerEmail: z.string().max(320).optional(),
    })
    .optional(),
});

/** Whether a body names its item, at the top or in `notes` (shared with the visitor's order). */
export function namesItem(input: {
  contentId?: string | undefined;
  notes?: { contentId?: string | undefined } | undefined;
}): boolean {
  return (input.contentId ?? input.notes?.contentId) !== undefined;
}

export const createOrderInput = createOrderBody.refine(namesItem, {
  message: 'Please say which item to unlock.',
  path: ['contentId'],
});
export type CreateOrderInput = z.infer<typeof createOrderInput>;

export const createOrderResponse = z.object({
  order_id: z.string(),
  payment_session_id: z.string(),
  contentId: z.string(),
  amountPaise: z.number().int(),
  currency: z.literal('INR'),
  /** The simulator's hosted page (mode simulator); null means open Cashfree's JS checkout. */
  checkout: z.object({ mode: z.enum(CHECKOUT_MODES), url: z.string().nullable() }),
  /** A visitor's order (ADR 022): the address her sign-in code went to; null for a signed-in fan. */
  codeSentTo: z.string().nullable(),
});
export type CreateOrderResponse = z.infer<typeof createOrderResponse>;

export const verifyPaymentInput = z.object({ order_id: orderId });

export const verifyPaymentResponse = z.object({
  status: z.enum(PAYMENT_STATUSES),
  orderId: z.string(),
  contentId: z.string(),
  amountPaise: z.number().int(),
  /** When access ends (epoch ms); null until the order is PAID. */
  expiresAt: z.number().nullable(),
  /**
   * Why a FAILED order holds no purchase: `cancelled` (she left or cancelled the attempt; nothing
   * was charged), `declined` (the bank or the provider said no), `refunded` (money arrived but
   * could not buy the item, and goes back to her by itself, ADR 021); null otherwise.
   */
  failure: z.enum(PAYMENT_FAILURES).nullable(),
  /**
   * When the order's latest failed attempt was heard of (epoch ms, the server's clock); null unless
   * FAILED. A page that started a new attempt after it knows that FAILED is not about its own.
   */
  failedAt: z.number().int().nullable(),
  /**
   * Set when a visitor's browser asks through its checkout cookie (ADR 022) rather than a session:
   * the email her code went to, so the page can ask for it. Null for a signed-in fan.
   */
  checkoutEmail: z.string().nullable(),
});
export type VerifyPaymentResponse = z.infer<typeof verifyPaymentResponse>;

/**
 * POST /api/manual-wallet-update: admin only (DESIGN §7). A signed ledger adjustment in paise,
 * with the reason kept in the audit log; a debit can never take a wallet below zero.
 */
export const manualWalletUpdateInput = z.object({
  creatorId: z.string({ error: 'Please say which creator.' }).trim().min(1, 'Please say which creator.'),
  amountPaise: z
    .number({ error: 'The amount must be a whole number of paise.' })
    .int('The amount must be a whole number of paise.')
    .refine((value) => value !== 0, 'The amount cannot be zero.')
    .refine((value) => Math.abs(value) <= 100_000_000_00, 'The amount is too large.'),
  reason: z
    .string({ error: 'Please give a reason.' })
    .trim()
    .min(3, 'Please give a reason.')
    .max(500, 'Please keep the reason under 500 characters.'),
});

export const manualWalletUpdateResponse = z.object({
  transactionId: z.string(),
  creatorId: z.string(),
  balancePaise: z.number().int(),
});
