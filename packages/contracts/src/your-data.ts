import { z } from 'zod';
import { formatPaise } from './format.js';
import { LOCALES } from './i18n/locales.js';
import { MIN_WITHDRAWAL_PAISE } from './limits.js';

/** What a deleted account is called wherever a retained record still shows its name (ADR 024). */
export const DELETED_ACCOUNT_NAME = 'Deleted account';

export const YOUR_DATA_MESSAGES = {
  deleted: 'Your account has been deleted.',
  confirmEmailMissing: 'Type your email address to confirm.',
  confirmEmailWrong: 'That is not the email address of this account. Type it exactly as you sign in with it.',
  withdrawalInFlight:
    'A withdrawal of yours is still on its way to your bank. Please wait until it is paid or returned, then delete your account.',
  disputeOpen:
    'A bank dispute about one of your sales is still open and holds part of your earnings. Please wait until it is decided, then delete your account.',
  adminCannotDelete: 'The Kholo admin account cannot be deleted.',
  alreadyDeleted: 'This account has already been deleted.',
} as const;

/** "Withdraw your ₹X first": a balance she can still withdraw is never given up by deleting. */
export function withdrawFirstMessage(balancePaise: number): string {
  return `Withdraw your ${formatPaise(balancePaise)} first: your wallet holds at least the ₹${MIN_WITHDRAWAL_PAISE / 100} minimum withdrawal. Then delete your account.`;
}

/** The refusal when a small balance is left and she has not said she gives it up. */
export function giveUpBalanceMessage(balancePaise: number): string {
  return `Your wallet holds ${formatPaise(balancePaise)}, below the ₹${MIN_WITHDRAWAL_PAISE / 100} minimum withdrawal. Confirm that you give it up to delete your account.`;
}

/**
 * What her wallet balance means for deleting her account: nothing to decide, a balance below the
 * minimum withdrawal she may give up, or one she must withdraw first.
 */
export function deletionBalanceRule(balancePaise: number): 'none' | 'give-up' | 'withdraw-first' {
  if (balancePaise <= 0) return 'none';
  return balancePaise < MIN_WITHDRAWAL_PAISE ? 'give-up' : 'withdraw-first';
}

/** POST /api/account/delete */
export const accountDeleteInput = z.strictObject({
  confirmEmail: z
    .string({ error: YOUR_DATA_MESSAGES.confirmEmailMissing })
    .trim()
    .min(1, YOUR_DATA_MESSAGES.confirmEmailMissing)
    .max(320, YOUR_DATA_MESSAGES.confirmEmailWrong),
  /** She gives up a wallet balance below the minimum withdrawal (the dialog names the amount). */
  giveUpBalance: z.boolean().optional(),
});
export type AccountDeleteInput = z.input<typeof accountDeleteInput>;

export const accountDeleted = z.object({ message: z.string() });
export type AccountDeleted = z.infer<typeof accountDeleted>;

const instant = z.string().nullable();

/** Who else receives her data, and what each gets (DPDP s.11: the list of recipients). */
export const thirdParty = z.object({ name: z.string(), purpose: z.string(), receives: z.string() });

/** GET /api/account/data: everything Kholo holds about the account, as a JSON download. */
export const accountDataExport = z.object({
  exportedAt: z.string(),
  account: z.object({
    id: z.string(),
    name: z.string(),
    email: z.string(),
    createdAt: instant,
    emailVerified: z.boolean(),
    hasPassword: z.boolean(),
    roles: z.array(z.enum(['creator', 'fan', 'admin'])),
    /** The language her emails are written in (the header's switch). */
    locale: z.enum(LOCALES),
  }),
  /** The Terms and Privacy versions she accepted, and when; null versions for accounts made before they were recorded. */
  consents: z.object({
    termsVersion: z.string().nullable(),
    privacyVersion: z.string().nullable(),
    acceptedAt: instant,
  }),
  emailOptOuts: z.array(z.object({ list: z.string(), since: z.string() })),
  creatorProfile: z
    .object({
      handle: z.string(),
      name: z.string(),
      bio: z.string().nullable(),
      avatarUrl: z.string().nullable(),
      createdAt: z.string(),
      suspendedAt: instant,
      suspendedReason: z.string().nullable(),
      walletBalancePaise: z.number(),
      owedToKholoPaise: z.number(),
      heldPaise: z.number(),
      /** When she said her link is in her Instagram bio (the dashboard's checklist); null if not. */
      instagramBioDoneAt: instant,
    })
    .nullable(),
  uploads: z.array(
    z.object({
      id: z.string(),
      title: z.string(),
      description: z.string(),
      pricePaise: z.number(),
      isAdultContent: z.boolean(),
      mediaKind: z.string(),
      mediaType: z.string(),
      mediaSizeBytes: z.number(),
      unlocks: z.number(),
      earningsPaise: z.number(),
      createdAt: z.string(),
      updatedAt: z.string(),
      deletedAt: instant,
      hiddenAt: instant,
      hiddenReason: z.string().nullable(),
    }),
  ),
  orders: z.array(
    z.object({
      id: z.string(),
      contentId: z.string(),
      contentTitle: z.string().nullable(),
      amountPaise: z.number(),
      currency: z.string(),
      status: z.string(),
      paymentMethod: z.string().nullable(),
      provider: z.string(),
      providerPaymentId: z.string().nullable(),
      createdAt: z.string(),
      paidAt: instant,
    }),
  ),
  unlocks: z.array(
    z.object({
      id: z.string(),
      contentId: z.string(),
      orderId: z.string().nullable(),
      purchasedAt: z.string(),
      expiresAt: z.string(),
      views: z.number(),
      firstViewedAt: instant,
      lastViewedAt: instant,
    }),
  ),
  walletLedger: z.array(
    z.object({
      transactionId: z.string(),
      kind: z.string(),
      memo: z.string(),
      account: z.string(),
      amountPaise: z.number(),
      orderId: z.string().nullable(),
      withdrawalId: z.string().nullable(),
      createdAt: z.string(),
    }),
  ),
  payoutAccount: z
    .object({
      upiId: z.string(),
      nameAtBank: z.string(),
      legalName: z.string(),
      /** Masked, as everywhere: the file may be kept carelessly, and she knows her PAN. */
      panMasked: z.string(),
      verifiedAt: z.string(),
    })
    .nullable(),
  withdrawals: z.array(
    z.object({
      id: z.string(),
      amountPaise: z.number(),
      upiId: z.string(),
      payeeName: z.string().nullable(),
      status: z.string(),
      paymentReference: z.string().nullable(),
      rejectionReason: z.string().nullable(),
      requestedAt: z.string(),
      resolvedAt: instant,
    }),
  ),
  refunds: z.array(
    z.object({
      id: z.string(),
      orderId: z.string(),
      /** Whether the refund went to her (she bought) or came from her earnings (she sold). */
      as: z.enum(['buyer', 'seller']),
      amountPaise: z.number(),
      reason: z.string(),
      status: z.string(),
      createdAt: z.string(),
      finishedAt: instant,
    }),
  ),
  problemReports: z.array(
    z.object({
      id: z.string(),
      orderId: z.string(),
      reason: z.string(),
      message: z.string(),
      status: z.string(),
      resolution: z.string().nullable(),
      createdAt: z.string(),
      resolvedAt: instant,
    }),
  ),
  /** Messages sent through the Contact Us form from her address. */
  contactMessages: z.array(z.object({ name: z.string(), message: z.string(), createdAt: z.string() })),
  /** Reports, complaints to the Grievance Officer and review requests she sent (issue 24); never reports about her. */
  safetyTickets: z.array(
    z.object({
      ticket: z.string(),
      kind: z.string(),
      reason: z.string().nullable(),
      topic: z.string().nullable(),
      contentId: z.string().nullable(),
      details: z.string().nullable(),
      link: z.string().nullable(),
      email: z.string().nullable(),
      status: z.string(),
      decisionNote: z.string().nullable(),
      createdAt: z.string(),
      decidedAt: instant,
    }),
  ),
  thirdParties: z.array(thirdParty),
});
export type AccountDataExport = z.infer<typeof accountDataExport>;
