import { z } from 'zod';
import type { Clock } from '../../lib/clock.js';
import type { Joinable, Transact } from '../../lib/transactions.js';
import {
  type PayoutGateway,
  PayoutGatewayError,
  type PayoutWebhookEvent,
  type TransferState,
} from '../../providers/payouts/payout-gateway.js';
import type { EmailQueue } from '../email/index.js';
import type { Jobs } from '../jobs/index.js';
import type { Ledger } from '../ledger/index.js';
import type { PayoutEventsRepository } from './payout-events-repository.js';
import { failureReason, isLackOfFunds, transferIdOf, transferOutcome } from './transfer-status.js';
import { withdrawalFailedEmail, withdrawalPaidEmail, withdrawalReversedEmail } from './withdrawal-emails.js';
import { emailDetails, withdrawalLedger } from './withdrawal-steps.js';
import type { WithdrawalChanges, WithdrawalRow, WithdrawalsRepository } from './withdrawals-repository.js';

/** A sent payout is asked about after these waits, then hourly: most settle in seconds. */
const CHECK_DELAYS_MS = [15_000, 30_000, 60_000, 2 * 60_000, 5 * 60_000, 10 * 60_000, 30 * 60_000];
const HOURLY_MS = 60 * 60_000;
/** A paid payout can still come back (REVERSED): watched this long after it was paid, then not. */
const REVERSAL_WATCH_MS = [HOURLY_MS, 6 * HOURLY_MS, 24 * HOURLY_MS, 72 * HOURLY_MS];
/** How long after a send the provider must surely show a transfer it has: a refusal after this is final. */
const TRUST_REFUSAL_AFTER_MS = 10 * 60_000;
/** The Wallet promises a review within 24 hours: past this, the log asks the admin to hurry. */
const REVIEW_OVERDUE_MS = 20 * HOURLY_MS;
/** Sent and unanswered for this long: a person should look (the provider may hold it for approval). */
const STUCK_AFTER_MS = 24 * HOURLY_MS;
export const PAYOUT_RECONCILE_INTERVAL_MS = 30_000;
const RECONCILE_BATCH = 100;

/** What an answer from the provider did to a withdrawal. */
type PayoutNews = 'paid' | 'failed' | 'reversed' | 'waiting' | 'needs_attention';

/** The Logs' words for it. */
const NEWS_WORDS: Record<PayoutNews | 'none', string> = {
  paid: 'Paid: marked PAID',
  failed: 'Failed: money back in the wallet',
  reversed: 'Returned by the bank: money back in the wallet',
  waiting: 'Failed for lack of funds: waits for a top-up, to be sent again',
  needs_attention: 'Needs a person: unknown status, stuck, or the provider disagrees',
  none: 'No change',
};

/** `wd_` + 24 letters and digits, then `_{attempt}` from the second attempt on. */
const TRANSFER_ID = /^(wd_[A-Za-z0-9]{24})(?:_(\d{1,3}))?$/;

export function withdrawalIdOfTransfer(transferId: string): string | null {
  return TRANSFER_ID.exec(transferId)?.[1] ?? null;
}

const payload = z.object({ withdrawalId: z.string().min(1).max(64) });

export interface PayoutTransfers {
  /** Queues the send of a held, approved payout in the caller's transaction (it goes after the commit). */
  queueSend(trx: Parameters<EmailQueue['within']>[0], withdrawalId: string): Promise<void>;
  /** A verified payouts webhook: logged once, then the transfer is asked about (the provider's word is final). */
  receiveWebhook(event: PayoutWebhookEvent): Promise<'checked' | 'duplicate' | 'ignored'>;
}

/**
 * Payouts without a person (issue 21 §3, ADR 020), as jobs: `send-payout` opens the gate
 * REQUESTED → PROCESSING and asks the provider to pay, with the withdrawal's transfer id as the
 * idempotency key; `check-payout` asks what became of it; `reconcile-payouts` runs every 30 s and
 * queues both for whatever is due. After a 5xx, a timeout or a kill, the transfer is looked up
 * before anything is sent again, and a duplicate send is refused by the provider, so nothing is
 * ever paid twice. The provider's answer moves the withdrawal, each step behind a status gate with
 * its ledger posting in the same transaction, so of any number of webhooks and polls one acts.
 */
export function createPayoutTransfers(deps: {
  jobs: Jobs;
  gateway: PayoutGateway;
  withdrawals: WithdrawalsRepository;
  events: PayoutEventsRepository;
  ledger: Joinable<Ledger>;
  transaction: Transact;
  clock: Clock;
  mail: EmailQueue;
  logger: {
    info(details: object, message: string): void;
    warn(details: object, message: string): void;
    error(details: object, message: string): void;
  };
  walletUrl: string;
  supportEmail: string;
  /**
   * PAYOUTS=auto: cleared payouts are sent. With PAYOUTS=manual the checks still run, so a payout
   * sent before a switch to manual still ends paid or back in the wallet.
   */
  sendsAutomatically: boolean;
}): PayoutTransfers {
  const { gateway, withdrawals, clock, logger } = deps;
  const links = { walletUrl: deps.walletUrl, supportEmail: deps.supportEmail };

  const sendJob = deps.jobs.define({
    name: 'send-payout',
    payload,
    retry: { attempts: 10, backoffSeconds: 10 },
    timeoutSeconds: 120,
    handle: ({ withdrawalId }) => send(withdrawalId),
    describe: ({ withdrawalId }) => `Send payout ${withdrawalId}`,
  });
  const checkJob = deps.jobs.define({
    name: 'check-payout',
    payload,
    retry: { attempts: 5, backoffSeconds: 15 },
    timeoutSeconds: 120,
    handle: ({ withdrawalId }) => check(withdrawalId),
    describe: ({ withdrawalId }) => `Check payout ${withdrawalId}`,
  });
  deps.jobs.every({
    name: 'reconcile-payouts',
    intervalMs: PAYOUT_RECONCILE_INTERVAL_MS,
    timeoutSeconds: 120,
    run: reconcile,
  });

  /** Payouts go in the order they were asked for: one waits while an older one waits for funds. */
  async function markWaiting(withdrawal: WithdrawalRow, why: string): Promise<void> {
    if (withdrawal.waitingForFundsSince !== null) return;
    await withdrawals.transition(withdrawal.id, ['REQUESTED'], { waitingForFundsSince: clock.now() });
    logger.warn({ withdrawalId: withdrawal.id, amountPaise: withdrawal.amountPaise }, `payouts: waiting, ${why}`);
  }

  async function send(withdrawalId: string): Promise<void> {
    const withdrawal = await withdrawals.findById(withdrawalId);
    if (withdrawal === undefined) return;
    if (withdrawal.status === 'PROCESSING') return sync(withdrawal);
    // Only what the review rules or the admin cleared: one asked for while payouts were paid by
    // hand goes to review first (reconcile), since she may have paid it already.
    if (withdrawal.status !== 'REQUESTED' || withdrawal.clearedAt === null) return;
    if (await withdrawals.hasOlderUnsent(withdrawal)) return markWaiting(withdrawal, 'an older payout waits for funds');
    const { availablePaise } = await gateway.getBalance();
    if (availablePaise < withdrawal.amountPaise) return markWaiting(withdrawal, 'the payout balance is too low');
    const now = clock.now();
    const changes = {
      status: 'PROCESSING' as const,
      sentAt: now,
      waitingForFundsSince: null,
      nextCheckAt: now + (CHECK_DELAYS_MS[0] ?? HOURLY_MS),
      checks: 0,
    };
    // The gate: of a retry, the reconciler and a cancel at the same moment, one moves it; and
    // only for the attempt read, so the transfer sent below is the live one.
    const opened = await withdrawals.transition(withdrawal.id, ['REQUESTED'], changes, {
      attempt: withdrawal.transferAttempt,
    });
    if (!opened) return;
    await create({ ...withdrawal, ...changes }, 'first');
  }

  /**
   * Asks the provider to pay this attempt. `first`: nothing was sent for it before; `again`: an
   * earlier send's answer was lost (a 5xx, a timeout, a kill) and the provider says it has no such
   * transfer, which may only mean it has not caught up.
   */
  async function create(withdrawal: WithdrawalRow, send: 'first' | 'again'): Promise<void> {
    const transferId = transferIdOf(withdrawal);
    let state: TransferState;
    try {
      state = await gateway.createTransfer({
        transferId,
        amountPaise: withdrawal.amountPaise,
        vpa: withdrawal.upiId,
        beneficiaryName: beneficiaryName(withdrawal),
        remarks: 'Kholo creator payout',
      });
    } catch (error) {
      // Refused outright on a first send: nothing was created, so it failed. Anything else (a
      // 5xx, a timeout) may or may not have created it: the job's retry and the reconciler look
      // it up first (sync). A refusal of a send *again* soon after the first proves little (the
      // provider may not show the first transfer yet, and it may have used up the balance): it
      // stays sending and is looked up again; only once the provider has long had time to show
      // a first transfer is its refusal taken as the answer, so the money never stays stuck.
      if (!(error instanceof PayoutGatewayError) || error.kind !== 'refused') throw error;
      const sentAt = withdrawal.sentAt ?? 0;
      if (send === 'again' && clock.now() - sentAt < TRUST_REFUSAL_AFTER_MS) {
        logger.warn(
          { withdrawalId: withdrawal.id, transferId, code: error.code },
          'payouts: the provider refused a send again after an unclear first send; looking again later',
        );
        return;
      }
      state = {
        transferId,
        providerTransferId: null,
        status: 'FAILED',
        statusCode: error.code,
        statusDescription: error.message,
        utr: null,
        amountPaise: null,
      };
    }
    await apply(withdrawal.id, state, 'send');
  }

  /** A sent payout: what does the provider say? One it never received is sent again, under the same id. */
  async function sync(withdrawal: WithdrawalRow): Promise<void> {
    const state = await gateway.getTransfer(transferIdOf(withdrawal));
    if (state === null) return create(withdrawal, 'again');
    await apply(withdrawal.id, state, 'poll');
  }

  async function check(withdrawalId: string): Promise<void> {
    const withdrawal = await withdrawals.findById(withdrawalId);
    if (withdrawal === undefined) return;
    if (withdrawal.status === 'PROCESSING') return sync(withdrawal);
    if (withdrawal.status !== 'PAID') return;
    const state = await gateway.getTransfer(transferIdOf(withdrawal));
    if (state !== null) await apply(withdrawal.id, state, 'poll');
  }

  /** The provider's word on a transfer, applied once: each step behind its status gate. */
  async function apply(withdrawalId: string, state: TransferState, source: 'send' | 'poll'): Promise<void> {
    const outcome = transferOutcome(state.status);
    const now = clock.now();
    const provider = [state.status, state.statusCode].filter((part) => part !== null).join('/');
    const news = await deps.transaction(async (trx) => {
      const repository = withdrawals.within(trx);
      const withdrawal = await repository.findForAdmin(withdrawalId);
      // An earlier attempt's news (it failed for lack of funds; a new attempt is live) changes nothing.
      if (withdrawal === undefined || transferIdOf(withdrawal) !== state.transferId) return null;
      // Every step below also checks the attempt in its UPDATE: a concurrent answer that already
      // moved this withdrawal on to a new attempt makes these no-ops.
      const live = { attempt: withdrawal.transferAttempt };
      const move = (from: WithdrawalRow['status'][], changes: WithdrawalChanges) =>
        repository.transition(withdrawalId, from, changes, live);
      const decide = async (): Promise<PayoutNews | null> => {
        const steps = withdrawalLedger(deps.ledger, trx);
        const mail = deps.mail.within(trx);
        const details = emailDetails(withdrawal, now, links);
        const common = {
          providerStatus: provider,
          providerTransferId: state.providerTransferId ?? withdrawal.providerTransferId,
        };

        if (outcome === 'paid' && withdrawal.status === 'PROCESSING') {
          const paid = await move(['PROCESSING'], {
            ...common,
            status: 'PAID',
            resolvedAt: now,
            paymentReference: state.utr,
            nextCheckAt: now + (REVERSAL_WATCH_MS[0] ?? HOURLY_MS),
            checks: 0,
          });
          if (!paid) return null;
          await steps.paid(withdrawal, state.utr, null, now);
          await mail.send(withdrawalPaidEmail({ ...details, reference: state.utr }));
          return 'paid';
        }
        if (outcome === 'paid' && withdrawal.status === 'PAID') {
          // Still paid: watch a little longer for a return, then stop asking.
          const next = REVERSAL_WATCH_MS[withdrawal.checks + 1];
          await move(['PAID'], {
            ...common,
            paymentReference: withdrawal.paymentReference ?? state.utr,
            nextCheckAt: next === undefined ? null : now + next,
            checks: withdrawal.checks + 1,
          });
          return null;
        }
        if (outcome === 'failed' && withdrawal.status === 'PROCESSING') {
          if (isLackOfFunds(state.statusCode)) {
            // Kholo's balance, not hers: it stays held and goes again, as a new transfer, after a top-up.
            const requeued = await move(['PROCESSING'], {
              ...common,
              status: 'REQUESTED',
              transferAttempt: withdrawal.transferAttempt + 1,
              sentAt: null,
              providerTransferId: null,
              waitingForFundsSince: now,
              nextCheckAt: null,
            });
            return requeued ? 'waiting' : null;
          }
          const reason = failureReason(state.statusCode, state.statusDescription);
          const failed = await move(['PROCESSING'], {
            ...common,
            status: 'FAILED',
            resolvedAt: now,
            rejectionReason: reason,
            nextCheckAt: null,
          });
          if (!failed) return null;
          await steps.returned(withdrawal, 'in_transit', reason, null, now);
          await mail.send(withdrawalFailedEmail({ ...details, reason }));
          return 'failed';
        }
        if (outcome === 'reversed' && (withdrawal.status === 'PROCESSING' || withdrawal.status === 'PAID')) {
          const reason =
            'Your bank returned this payout. Check your payout account in the Wallet, then withdraw again.';
          const wasPaid = withdrawal.status === 'PAID';
          const reversed = await move([withdrawal.status], {
            ...common,
            status: 'REVERSED',
            resolvedAt: withdrawal.resolvedAt ?? now,
            reversedAt: now,
            rejectionReason: reason,
            nextCheckAt: null,
          });
          if (!reversed) return null;
          await steps.returned(withdrawal, wasPaid ? 'paid_out' : 'in_transit', reason, null, now);
          await mail.send(withdrawalReversedEmail({ ...details, reference: withdrawal.paymentReference ?? state.utr }));
          return 'reversed';
        }
        if ((outcome === 'in_flight' || outcome === 'unknown') && withdrawal.status === 'PROCESSING') {
          const wait = CHECK_DELAYS_MS[withdrawal.checks + 1] ?? HOURLY_MS;
          await move(['PROCESSING'], {
            ...common,
            nextCheckAt: now + wait,
            checks: withdrawal.checks + 1,
          });
          if (outcome === 'unknown' || (withdrawal.sentAt !== null && now - withdrawal.sentAt > STUCK_AFTER_MS)) {
            return 'needs_attention';
          }
          return null;
        }
        // Anything else is news we already acted on (a late SUCCESS after REVERSED), or a provider
        // that disagrees with us (FAILED after PAID, a transfer for a withdrawal never sent): nothing
        // moves, and a person must look.
        return agrees(withdrawal.status, outcome) ? null : 'needs_attention';
      };
      const news = await decide();
      await deps.events.within(trx).record(
        {
          dedupeKey: `transfer:${state.transferId}:${provider}`,
          source,
          eventType: `TRANSFER_${state.status}`,
          withdrawalId,
          transferId: state.transferId,
          transferStatus: state.status,
          statusCode: state.statusCode,
          outcome: NEWS_WORDS[news ?? 'none'],
        },
        now,
      );
      return news;
    });
    if (news === 'needs_attention') {
      logger.error(
        { withdrawalId, transferId: state.transferId, status: state.status, statusCode: state.statusCode },
        'payouts: a transfer needs a person to look at it (unknown status, stuck, or the provider disagrees with us)',
      );
    } else if (news !== null) {
      logger.info({ withdrawalId, transferId: state.transferId, outcome: news }, 'payouts: transfer settled');
    }
  }

  let lastOverdueWarning = Number.NEGATIVE_INFINITY;

  /** Every 30 s: checks for what is due, and sends for what waits (after a top-up, a crash, an outage). */
  async function reconcile(): Promise<void> {
    const now = clock.now();
    for (const withdrawal of await withdrawals.listDueChecks(now, RECONCILE_BATCH)) {
      await checkJob.enqueue({ withdrawalId: withdrawal.id }, { key: `check:${withdrawal.id}` });
    }
    if (deps.sendsAutomatically) {
      const moved = await withdrawals.reviewUncleared('asked_while_manual');
      if (moved > 0)
        logger.warn({ count: moved }, 'payouts: withdrawals asked for while paid by hand now wait for review');
      for (const withdrawal of await withdrawals.listUnsent(RECONCILE_BATCH)) {
        await sendJob.enqueue({ withdrawalId: withdrawal.id }, { key: `send:${withdrawal.id}` });
      }
    }
    const overdue = await withdrawals.listReviewSince(now - REVIEW_OVERDUE_MS, RECONCILE_BATCH);
    // Once an hour at most (per process), not every 30 s: an alert, not a flood.
    if (overdue.length > 0 && now - lastOverdueWarning >= HOURLY_MS) {
      lastOverdueWarning = now;
      logger.warn(
        { withdrawalIds: overdue.map((withdrawal) => withdrawal.id), since: overdue[0]?.requestedAt },
        'payouts: payouts have waited over 20 hours for review (the Wallet promises 24): approve or reject them',
      );
    }
  }

  return {
    async queueSend(trx, withdrawalId) {
      await sendJob.within(trx).enqueue({ withdrawalId }, { key: `send:${withdrawalId}` });
    },

    async receiveWebhook(event) {
      const now = clock.now();
      const transfer = event.transfer;
      const withdrawalId = transfer === null ? null : withdrawalIdOfTransfer(transfer.transferId);
      // An event about no transfer (LOW_BALANCE_ALERT) is logged once an hour, not once ever.
      const about =
        transfer === null
          ? `hour-${Math.floor(now / HOURLY_MS)}`
          : `${transfer.transferId}:${transfer.statusCode ?? ''}`;
      // Logged and its check queued together: a crash between the two would otherwise leave a
      // logged event whose retries count as duplicates, and no check ever queued.
      const fresh = await deps.transaction(async (trx) => {
        const recorded = await deps.events.within(trx).record(
          {
            dedupeKey: `webhook:${event.type}:${about}`,
            source: 'webhook',
            eventType: event.type,
            withdrawalId,
            transferId: transfer?.transferId ?? null,
            transferStatus: transfer?.status ?? null,
            statusCode: transfer?.statusCode ?? null,
            outcome: withdrawalId === null ? 'Not about a payout: logged' : 'Checked with the provider',
          },
          now,
        );
        if (recorded && withdrawalId !== null) {
          await checkJob.within(trx).enqueue({ withdrawalId }, { key: `check:${withdrawalId}` });
        }
        return recorded;
      });
      if (!fresh) return 'duplicate';
      if (withdrawalId === null) {
        if (event.type === 'LOW_BALANCE_ALERT') logger.warn({ type: event.type }, 'payouts: the payout balance is low');
        return 'ignored';
      }
      return 'checked';
    },
  };
}

/** Whether a withdrawal already settled is where the provider's news would have put it. */
function agrees(status: WithdrawalRow['status'], outcome: ReturnType<typeof transferOutcome>): boolean {
  switch (status) {
    case 'FAILED':
      return outcome === 'failed' || outcome === 'in_flight';
    case 'REVERSED':
      return outcome === 'reversed' || outcome === 'paid' || outcome === 'in_flight';
    case 'PAID':
      return outcome === 'paid' || outcome === 'in_flight';
    case 'REQUESTED':
    case 'PROCESSING':
      return true;
    case 'REVIEW':
    case 'REJECTED':
    case 'CANCELLED':
      return false;
  }
}

/** The provider takes letters and spaces only, at most 100: "Asha Rao" from "ASHA RAO" or the UPI ID's name. */
function beneficiaryName(withdrawal: WithdrawalRow): string {
  const name = (withdrawal.payeeName ?? '')
    .replace(/[^A-Za-z ]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 100);
  return name === '' ? 'Kholo Creator' : name;
}
