import type { Locale, VisitSource } from '@kholo/contracts';
import type { ColumnType } from 'kysely';

/**
 * Table types as the app sees them (camelCase; the database uses snake_case via
 * CamelCasePlugin). Instants are epoch milliseconds in BIGINT columns, the same type
 * on SQLite and PostgreSQL (ADR 003).
 */
export interface ContactMessagesTable {
  id: string;
  name: string;
  email: string;
  message: string;
  createdAt: number;
}

/**
 * better-auth's tables, in its own representation (ADR 008): instants are ISO text on SQLite
 * and Date on PostgreSQL. Our code reads only the columns below; better-auth owns the rest.
 */
export interface AuthUsersTable {
  id: string;
  name: string;
  email: string;
  /** better-auth's flag: 0/1 on SQLite, boolean on PostgreSQL (ADR 008). */
  emailVerified: number | boolean;
  createdAt: string | Date;
  /**
   * The Terms and Privacy versions the account accepted and when (policy-versions.ts); null for
   * accounts made before they were recorded. Written by better-auth at sign-up (additional fields).
   */
  termsVersion: ColumnType<string | null, string | null | undefined, string | null>;
  privacyVersion: ColumnType<string | null, string | null | undefined, string | null>;
  policiesAcceptedAt: ColumnType<number | null, number | null | undefined, number | null>;
  /** Ours, not better-auth's: when the account deleted itself (ADR 024); its personal fields are erased. */
  deletedAt: ColumnType<number | null, number | null | undefined, number | null>;
  /** The language her emails are written in (migration 0026): the request's at sign-up, then her switch's. */
  locale: ColumnType<Locale, Locale | undefined, Locale>;
}

/** better-auth's credentials; `password` is the argon2id hash, null for none. */
export interface AuthAccountsTable {
  id: string;
  userId: string;
  providerId: string;
  password: string | null;
}

/** Sign-in codes (ADR 022): an HMAC of the code, never the code. */
export interface EmailCodesTable {
  id: string;
  email: string;
  codeHash: string;
  createdAt: number;
  expiresAt: number;
  wrongGuesses: ColumnType<number, number | undefined, number>;
}

export interface AuthSessionsTable {
  id: string;
  userId: string;
  token: string;
  expiresAt: string | Date;
}

export interface AuthVerificationsTable {
  id: string;
  /** SHA-256 of "reset-password:{token}"; never the token. */
  identifier: string;
  /** For reset tokens, the account id. */
  value: string;
  expiresAt: string | Date;
}

export interface CreatorsTable {
  /** The account's id: one creator profile per account. */
  userId: string;
  /** The public address /u/{handle}: lowercase a–z, 0–9 and single dashes, unique. */
  handle: string;
  name: string;
  bio: string | null;
  /** Storage key of the avatar image; never a path from the user. */
  avatarKey: string | null;
  /**
   * Caches of her three ledger accounts (creator_wallet, creator_receivable, creator_funds_held),
   * written only by the ledger's post(), in the same transaction as the entries; never negative.
   */
  walletBalancePaise: ColumnType<number, number | undefined, number>;
  receivablePaise: ColumnType<number, number | undefined, number>;
  heldPaise: ColumnType<number, number | undefined, number>;
  createdAt: number;
  /** Set by the admin: the public page is gone and uploads are refused while it is. */
  suspendedAt: ColumnType<number | null, number | null | undefined, number | null>;
  suspendedReason: ColumnType<string | null, string | null | undefined, string | null>;
  /** How many of her sales her sale emails have told her of (they are batched); a count, as sales are never removed. */
  salesNotified: ColumnType<number, number | undefined, number>;
  /** Her account was deleted (ADR 024): the page is gone for everyone, as for an unknown creator. */
  deletedAt: ColumnType<number | null, number | null | undefined, number | null>;
  /**
   * Raised in the same transaction by every write that changes what her public page shows (ADR 026):
   * each process's cached copy of the page's shared part is used only while this matches.
   */
  contentVersion: ColumnType<number, number | undefined, number>;
  /** When she ticked "Put your link in your Instagram bio" on her dashboard's checklist; null until then. */
  instagramBioDoneAt: ColumnType<number | null, number | null | undefined, number | null>;
}

/** A handle a creator gave up: no one else may take it, and /u/{handle} points to her, until `heldUntil`. */
export interface ReleasedHandlesTable {
  handle: string;
  /** The creator who had it (no foreign key: the hold outlives her account). */
  userId: string;
  releasedAt: number;
  /** `releasedAt` plus the cooling-off period in force then; equal to it when there is none. */
  heldUntil: number;
}

export interface FansTable {
  userId: string;
  name: string;
  createdAt: number;
}

export interface ContentsTable {
  id: string;
  creatorId: string;
  title: string;
  description: string;
  pricePaise: number;
  /** 0 or 1 on both databases. */
  isAdultContent: number;
  mediaKind: 'image' | 'video';
  mediaKey: string;
  mediaMime: string;
  mediaSizeBytes: number;
  mediaWidth: number | null;
  mediaHeight: number | null;
  mediaDurationMs: number | null;
  displayKey: string | null;
  previewKey: string;
  /** The base preview's size and its other widths and types, as JSON (media/preview-sizes.ts); null before issue 25. */
  previewSizes: ColumnType<string | null, string | null | undefined, string | null>;
  unlocks: ColumnType<number, number | undefined, number>;
  earningsPaise: ColumnType<number, number | undefined, number>;
  createdAt: number;
  updatedAt: number;
  deletedAt: number | null;
  /** Set by the admin for an item that breaks the Terms: only its creator and the admin see it. */
  hiddenAt: ColumnType<number | null, number | null | undefined, number | null>;
  hiddenReason: ColumnType<string | null, string | null | undefined, string | null>;
  /** When the creator attested the upload (UPLOAD_ATTESTATION_TEXT), and the Terms then; null for older items. */
  attestedAt: ColumnType<number | null, number | null | undefined, number | null>;
  attestedTermsVersion: ColumnType<string | null, string | null | undefined, string | null>;
  /** Set while a report holds the item out of view pending review (ADR 023); hiddenAt is set too. */
  heldAt: ColumnType<number | null, number | null | undefined, number | null>;
  /**
   * When a deleted item's files were given up for removal (no unlock running, no order open);
   * from then on the item is gone for everyone. Null while its files are kept.
   */
  filesRemovedAt: ColumnType<number | null, number | null | undefined, number | null>;
  /**
   * 'processing' while a phone video is converted to MP4 in the background, 'failed' when that
   * failed (reason in processingError); null when ready. Either keeps the item off sale.
   */
  processingState: ColumnType<ProcessingState | null, ProcessingState | null | undefined, ProcessingState | null>;
  /** Whole percent of the conversion done, while processing. */
  processingProgress: ColumnType<number | null, number | null | undefined, number | null>;
  processingError: ColumnType<string | null, string | null | undefined, string | null>;
  /** The resumable upload it was made from (ADR 029), unique; null for a form upload. */
  uploadId: ColumnType<string | null, string | null | undefined, never>;
}

export type ProcessingState = 'processing' | 'failed';

export interface UnlocksTable {
  id: string;
  /** The fan's account id. */
  fanId: string;
  contentId: string;
  purchasedAt: number;
  /** purchasedAt + 14 days: access ends here (SPEC §4). */
  expiresAt: number;
  /** The paid order that made it; unique, so one order unlocks once. */
  orderId: string | null;
  /** How often the fan opened the file, first and last (a dispute's evidence); counted at most once a minute. */
  views: ColumnType<number, number | undefined, number>;
  firstViewedAt: ColumnType<number | null, number | null | undefined, number | null>;
  lastViewedAt: ColumnType<number | null, number | null | undefined, number | null>;
  /** When an expiry reminder named this unlock (features/reminders); null before. */
  remindedAt: ColumnType<number | null, number | null | undefined, number | null>;
}

/** One row per fan per India day she was sent a reminder: its key is that day's claim (migration 0015). */
export interface ReminderDaysTable {
  fanId: string;
  /** 2026-11-21, the day in India. */
  day: string;
  sentAt: number;
}

/** The email lists (EMAIL_LISTS) an account has stopped; the row goes when she subscribes again. */
export interface EmailOptOutsTable {
  accountId: string;
  list: 'reminders';
  createdAt: number;
}

/** CREATED: stored, not yet at the provider. ACTIVE: awaiting payment. PAID is final. */
export type OrderStatus = 'CREATED' | 'ACTIVE' | 'FAILED' | 'EXPIRED' | 'PAID';

export interface OrdersTable {
  id: string;
  fanId: string;
  contentId: string;
  creatorId: string;
  amountPaise: number;
  currency: 'INR';
  status: OrderStatus;
  provider: string;
  paymentSessionId: string | null;
  providerPaymentId: string | null;
  failureReason: string | null;
  createdAt: number;
  updatedAt: number;
  paidAt: number | null;
  nextCheckAt: number;
  checks: ColumnType<number, number | undefined, number>;
  /** SHA-256 of the IP the order was placed from, first 16 hex digits (a dispute's evidence). */
  ipHash: ColumnType<string | null, string | null | undefined, string | null>;
  /** How the fan paid (upi, card, netbanking, other), once paid and when the provider said. */
  paymentMethod: ColumnType<string | null, string | null | undefined, string | null>;
}

/**
 * Kholo's side: fan_payments_clearing (fans' money in), platform_revenue, payouts_in_transit
 * (withdrawals on their way out), refunds_in_transit (refunds on their way back to fans). One per
 * creator: creator_wallet (hers to withdraw), creator_receivable (what she owes Kholo, recovered
 * from her next sales), creator_funds_held (held back while a dispute is open).
 */
export type LedgerAccount =
  | 'fan_payments_clearing'
  | 'platform_revenue'
  | 'payouts_in_transit'
  | 'refunds_in_transit'
  | 'creator_wallet'
  | 'creator_receivable'
  | 'creator_funds_held';

/**
 * sale: a fan's payment split between the creator and Kholo. adjustment: the admin's correction.
 * withdrawal: wallet → payouts in transit; withdrawal_paid: payouts in transit → out of Kholo
 * (back against the clearing account that took the fans' money in); withdrawal_reversal:
 * payouts in transit → wallet, when the admin rejects it. refund: a sale undone, owed back to
 * the fan (refunds in transit); refund_paid: the provider paid it back. dispute_hold: the
 * creator's share held while the fan's bank disputes the payment; dispute_release: given back
 * (won); dispute_lost: the bank took the money back (ADR 021).
 */
export type LedgerTransactionKind =
  | 'sale'
  | 'adjustment'
  | 'withdrawal'
  | 'withdrawal_paid'
  | 'withdrawal_reversal'
  | 'refund'
  | 'refund_paid'
  | 'dispute_hold'
  | 'dispute_release'
  | 'dispute_lost';

export interface LedgerTransactionsTable {
  id: string;
  /** Unique per business event (kind + subject), so an event posts once; never parsed. */
  reference: string;
  kind: LedgerTransactionKind;
  /** The subject, typed: the order of a sale, the withdrawal of its three steps. */
  orderId: string | null;
  withdrawalId: ColumnType<string | null, string | null | undefined, never>;
  refundId: ColumnType<string | null, string | null | undefined, never>;
  disputeId: ColumnType<string | null, string | null | undefined, never>;
  creatorId: string | null;
  memo: string;
  createdBy: string | null;
  createdAt: number;
}

export interface LedgerEntriesTable {
  id: string;
  transactionId: string;
  account: LedgerAccount;
  creatorId: string | null;
  /** Signed paise; a transaction's entries sum to zero. */
  amountPaise: number;
  createdAt: number;
}

export interface PaymentEventsTable {
  id: string;
  dedupeKey: string;
  source: 'webhook' | 'verify' | 'reconcile';
  eventType: string;
  orderId: string | null;
  providerPaymentId: string | null;
  paymentStatus: string | null;
  amountPaise: number | null;
  currency: string | null;
  outcome: string;
  deliveries: ColumnType<number, number | undefined, number>;
  createdAt: number;
  lastSeenAt: number;
}

export interface AuditLogTable {
  id: string;
  actorId: string;
  actorEmail: string;
  action: string;
  subjectId: string;
  /** JSON text. */
  before: string | null;
  after: string | null;
  reason: string | null;
  createdAt: number;
}

/**
 * REQUESTED: held, to be sent (or, with PAYOUTS=manual, paid by the admin). REVIEW: held until the
 * admin approves it. PROCESSING: sent to the payouts provider. PAID: the provider paid it (it can
 * still come back: REVERSED). FAILED, REJECTED (by the admin), CANCELLED (by the creator): never
 * paid, the money back in her wallet. See ADR 020.
 */
export type WithdrawalStatus =
  'REQUESTED' | 'REVIEW' | 'PROCESSING' | 'PAID' | 'FAILED' | 'REVERSED' | 'REJECTED' | 'CANCELLED';

export interface WithdrawalsTable {
  /** wd_…: letters, digits and `_`, usable as a Cashfree Payouts transfer_id. */
  id: string;
  creatorId: string;
  amountPaise: number;
  /** Normalised (trimmed, lowercase) at request time. */
  upiId: string;
  status: WithdrawalStatus;
  /** The bank's reference: the UTR of an automatic payout, or what the admin typed. */
  paymentReference: string | null;
  /** Why it was not paid (or came back), in words the creator can act on. */
  rejectionReason: string | null;
  /** The admin's account id. */
  resolvedBy: string | null;
  requestedAt: number;
  /** Null exactly while REQUESTED, REVIEW or PROCESSING. */
  resolvedAt: number | null;
  /** The UPI ID's holder as the provider named it when it was asked for. */
  payeeName: ColumnType<string | null, string | null | undefined, string | null>;
  /** Review reason codes joined by commas, while and after it waited for review. */
  reviewReasons: ColumnType<string | null, string | null | undefined, string | null>;
  approvedBy: ColumnType<string | null, string | null | undefined, string | null>;
  approvedAt: ColumnType<number | null, number | null | undefined, number | null>;
  /**
   * When automatic payouts may send it: at the request when no review was needed, at the
   * approval otherwise. Null for one asked for while payouts were paid by hand, which is never
   * sent without the admin (she may have paid it already).
   */
  clearedAt: ColumnType<number | null, number | null | undefined, number | null>;
  /** Which transfer at the provider is live: a new one only after the last failed for lack of funds. */
  transferAttempt: ColumnType<number, number | undefined, number>;
  sentAt: ColumnType<number | null, number | null | undefined, number | null>;
  providerTransferId: ColumnType<string | null, string | null | undefined, string | null>;
  /** The provider's last word, e.g. `SUCCESS/COMPLETED`. */
  providerStatus: ColumnType<string | null, string | null | undefined, string | null>;
  /** Set while it waits for the platform's payout balance to be topped up. */
  waitingForFundsSince: ColumnType<number | null, number | null | undefined, number | null>;
  /** When the reconciler next asks the provider about it (PROCESSING, and PAID for a while). */
  nextCheckAt: ColumnType<number | null, number | null | undefined, number | null>;
  checks: ColumnType<number, number | undefined, number>;
  reversedAt: ColumnType<number | null, number | null | undefined, number | null>;
}

/** Where a creator is paid: one verified UPI ID, with her legal name and PAN (issue 21). */
export interface PayoutAccountsTable {
  creatorId: string;
  upiId: string;
  /** The holder's name as her bank has it, from the provider's UPI validation. */
  verifiedName: string;
  legalName: string;
  /** In full, for tax (TDS) only; shown masked everywhere. */
  pan: string;
  /** She confirmed an account whose holder's name does not resemble her legal name. */
  nameOverrideAt: number | null;
  /** Changed after the first setup, or overridden: the next payout waits for the admin. */
  reviewRequiredSince: number | null;
  verifiedAt: number;
  createdAt: number;
  updatedAt: number;
}

/** A payouts webhook or poll answer, once per transfer and status (the admin's Logs). */
export interface PayoutEventsTable {
  id: string;
  dedupeKey: string;
  source: 'webhook' | 'poll' | 'send';
  eventType: string;
  withdrawalId: string | null;
  transferId: string | null;
  transferStatus: string | null;
  statusCode: string | null;
  outcome: string;
  deliveries: ColumnType<number, number | undefined, number>;
  createdAt: number;
  lastSeenAt: number;
}

export interface SimulatorPayoutTransfersTable {
  transferId: string;
  /** JSON of the simulated transfer. */
  state: string;
  version: number;
  dueAt: number | null;
  createdAt: number;
}

export type RefundReason =
  | 'admin'
  | 'fan_problem'
  | 'creator'
  | 'paid_for_removed_item'
  | 'already_unlocked'
  | 'late_payment'
  | 'item_removed'
  | 'dispute_lost';

/** PENDING: owed, to be sent. PROCESSING: the provider took it. SUCCESS: paid back. FAILED: the provider gave up. */
export type RefundStatus = 'PENDING' | 'PROCESSING' | 'SUCCESS' | 'FAILED';

/** Money going back to a fan, one per order at most (ADR 021). */
export interface RefundsTable {
  /** rf_…, also the provider's refund_id (with `_{attempt}` from the second attempt). */
  id: string;
  orderId: string;
  fanId: string;
  creatorId: string;
  contentId: string;
  amountPaise: number;
  /** What the reversal took back: Kholo's fee and the creator's share (wallet, receivable, held). */
  feePaise: number;
  fromWalletPaise: number;
  toReceivablePaise: number;
  fromHeldPaise: number;
  reason: RefundReason;
  /** The words of whoever asked (the admin's reason, the creator's, the rule's). */
  note: string | null;
  /** The account that asked; null for a rule. */
  requestedBy: string | null;
  status: RefundStatus;
  /** 1 when the fan's bank took the money back (a lost dispute): never sent to the provider. */
  viaBank: number;
  attempt: number;
  paymentMethod: string | null;
  providerRefundId: string | null;
  providerStatus: string | null;
  /** The bank's reference for the refund, once processed. */
  arn: string | null;
  failureReason: string | null;
  nextCheckAt: number | null;
  checks: number;
  createdAt: number;
  sentAt: number | null;
  finishedAt: number | null;
}

export type DisputeState = 'OPEN' | 'WON' | 'LOST';

/** A chargeback or complaint from the fan's bank, as the provider reports it. */
export interface DisputesTable {
  /** The provider's dispute_id. */
  id: string;
  orderId: string;
  creatorId: string;
  /** DISPUTE, RETRIEVAL, CHARGEBACK, PRE_ARBITRATION, ARBITRATION. */
  stage: string;
  providerStatus: string;
  state: DisputeState;
  amountPaise: number;
  reasonCode: string | null;
  reasonDescription: string | null;
  respondBy: number | null;
  /** The creator's share held while it is open (from her wallet, the rest as a receivable). */
  shareHeldPaise: number;
  shareFromWalletPaise: number;
  createdAt: number;
  updatedAt: number;
  resolvedAt: number | null;
}

export type ProblemReportStatus = 'OPEN' | 'REFUNDED' | 'CLOSED';

/** A fan's "Report a problem" on a purchase: a ticket for the admin. */
export interface ProblemReportsTable {
  /** KH- and 8 digits: the number the fan is given. */
  id: string;
  orderId: string;
  fanId: string;
  reason: string;
  message: string;
  status: ProblemReportStatus;
  resolution: string | null;
  resolvedBy: string | null;
  createdAt: number;
  resolvedAt: number | null;
}

/** One fixed window of one rate limit for one client (`{limit}:{client}`). */
export interface RateLimitWindowsTable {
  key: string;
  windowStartedAt: number;
  count: number;
  /** When the window ends; finished windows are deleted by a sweep. */
  expiresAt: number;
}

/** A named lock one process holds until `expiresAt` (or until it lets go). */
export interface LeasesTable {
  name: string;
  /** Random per acquisition, so only the holder can release or extend it. */
  holder: string;
  expiresAt: number;
}

/** A queued job on SQLite (features/jobs/sqlite-job-store.ts); PostgreSQL's are in pg-boss's schema. */
export interface JobsTable {
  id: string;
  name: string;
  /** JSON. */
  payload: string;
  key: string | null;
  state: 'queued' | 'retry' | 'running' | 'completed' | 'failed';
  attempts: number;
  maxAttempts: number;
  backoffSeconds: number;
  timeoutSeconds: number;
  runAt: number;
  lockedUntil: number | null;
  lastError: string | null;
  createdAt: number;
  finishedAt: number | null;
}

/** When each periodic job next falls due (features/jobs/schedules.ts). */
export interface JobSchedulesTable {
  name: string;
  nextRunAt: number;
}

/** A storage key whose row is not committed yet (or whose object is being removed). */
export interface StoragePendingTable {
  key: string;
  createdAt: number;
}

/** The payment simulator's order as JSON, with an optimistic-lock version. */
export interface SimulatorOrdersTable {
  orderId: string;
  sessionId: string;
  state: string;
  version: number;
  createdAt: number;
}

/** Reports, grievances and review requests (issue 24, ADR 023). */
export interface SafetyTicketsTable {
  id: string;
  /** The number the person is given, R-7K2Q-M9XA. */
  ticket: string;
  kind: 'report' | 'grievance' | 'review_request';
  reason: string | null;
  topic: string | null;
  lane: 'urgent' | 'unlawful' | 'grievance';
  status: ColumnType<
    'open' | 'removed' | 'dismissed' | 'suspended' | 'restored' | 'kept' | 'closed',
    'open' | undefined,
    'open' | 'removed' | 'dismissed' | 'suspended' | 'restored' | 'kept' | 'closed'
  >;
  contentId: string | null;
  creatorId: string | null;
  details: string | null;
  originalUrl: string | null;
  link: string | null;
  reporterAccountId: string | null;
  reporterEmail: string | null;
  reporterName: string | null;
  /** 0 or 1: this report took the item out of view pending review. */
  heldItem: ColumnType<number, number | undefined, number>;
  amendTokenHash: string | null;
  amendedAt: ColumnType<number | null, number | null | undefined, number | null>;
  createdAt: number;
  dueAt: number;
  acknowledgedAt: ColumnType<number | null, number | null | undefined, number | null>;
  decidedAt: ColumnType<number | null, number | null | undefined, number | null>;
  decidedBy: ColumnType<string | null, string | null | undefined, string | null>;
  decisionNote: ColumnType<string | null, string | null | undefined, string | null>;
}

/** One "send the rules' reminder to everyone" (migration 0017); `active` is 1 exactly while it runs. */
export interface PolicyReminderRunsTable {
  id: string;
  /** The admin's account id and email. */
  startedBy: string;
  startedByEmail: string;
  startedAt: number;
  sent: ColumnType<number, number | undefined, number>;
  /** The last account id a batch covered; '' before the first. */
  cursor: ColumnType<string, string | undefined, string>;
  updatedAt: number;
  finishedAt: ColumnType<number | null, number | null | undefined, number | null>;
  active: ColumnType<1 | null, 1 | null | undefined, 1 | null>;
}

/** One viewer's visit to a creator's page ('' content) or one item, on one India day (ADR 028). */
export interface VisitsTable {
  creatorId: string;
  /** 2026-11-21, India's calendar. */
  day: string;
  contentId: string;
  viewerKey: string;
  source: VisitSource;
  createdAt: number;
}

export interface Database {
  visits: VisitsTable;
  contactMessages: ContactMessagesTable;
  authUsers: AuthUsersTable;
  authSessions: AuthSessionsTable;
  authAccounts: AuthAccountsTable;
  emailCodes: EmailCodesTable;
  authVerifications: AuthVerificationsTable;
  creators: CreatorsTable;
  releasedHandles: ReleasedHandlesTable;
  fans: FansTable;
  contents: ContentsTable;
  unlocks: UnlocksTable;
  reminderDays: ReminderDaysTable;
  emailOptOuts: EmailOptOutsTable;
  orders: OrdersTable;
  ledgerTransactions: LedgerTransactionsTable;
  ledgerEntries: LedgerEntriesTable;
  paymentEvents: PaymentEventsTable;
  auditLog: AuditLogTable;
  withdrawals: WithdrawalsTable;
  payoutAccounts: PayoutAccountsTable;
  refunds: RefundsTable;
  disputes: DisputesTable;
  problemReports: ProblemReportsTable;
  payoutEvents: PayoutEventsTable;
  simulatorPayoutTransfers: SimulatorPayoutTransfersTable;
  rateLimitWindows: RateLimitWindowsTable;
  leases: LeasesTable;
  jobs: JobsTable;
  jobSchedules: JobSchedulesTable;
  storagePending: StoragePendingTable;
  simulatorOrders: SimulatorOrdersTable;
  safetyTickets: SafetyTicketsTable;
  policyReminderRuns: PolicyReminderRunsTable;
}
