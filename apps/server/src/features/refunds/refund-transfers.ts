import { REFUND_REASON_TEXT } from '@kholo/contracts';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Database } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import type { Joinable, Transact } from '../../lib/transactions.js';
import {
  type GatewayRefund,
  type PaymentGateway,
  PaymentGatewayError,
} from '../../providers/payments/payment-gateway.js';
import type { EmailQueue } from '../email/index.js';
import type { Jobs } from '../jobs/index.js';
import type { Ledger } from '../ledger/index.js';
import type { OrdersRepository } from '../payments/index.js';
import { providerRefundIdOf, refundIdOfProviderId } from './refund-engine.js';
import { type RefundEmailLinks, refundIssuedEmail } from './refund-emails.js';
import type { RefundRow, RefundsRepository } from './refunds-repository.js';

/**
 * Cashfree allows 30 refund reads a minute per account: a refund is asked about after these
 * waits, then hourly (reference-2 §2.8), and the reconciler asks about a few at a time.
 */
const CHECK_DELAYS_MS = [2 * 60_000, 5 * 60_000, 15 * 60_000, 30 * 60_000];
const HOURLY_MS = 60 * 60_000;
export const REFUND_RECONCILE_INTERVAL_MS = 60_000;
const RECONCILE_BATCH = 20;
/** A refund the provider has not finished after this long needs a person (Cashfree: ONHOLD for lack of funds). */
const STUCK_AFTER_MS = 3 * 24 * HOURLY_MS;

type Outcome = 'paid_back' | 'taken' | 'failed';

function outcomeOf(status: string): Outcome {
  if (status === 'SUCCESS') return 'paid_back';
  if (status === 'CANCELLED' || status === 'FAILED') return 'failed';
  // PENDING, ONHOLD and anything unknown: not final (reference-2 §2.4).
  return 'taken';
}

const payload = z.object({ refundId: z.string().min(1).max(64) });

export interface RefundTransfers {
  /** Queues the send in the caller's transaction (it goes after the commit). */
  queueSend(trx: Kysely<Database>, refundId: string): Promise<void>;
  /** A verified refund webhook: its terminal status applied once; what it did, for the log. */
  receiveWebhook(refund: {
    orderId: string | null;
    refundId: string | null;
    status: string;
    amountPaise: number | null;
    arn: string | null;
    providerRefundId: string | null;
  }): Promise<string>;
}

/**
 * Refunds to the provider, as jobs (like payouts, ADR 019/020): `send-refund` asks the provider
 * to refund with our refund id as its idempotency key, so a retry after a 5xx, a timeout or a kill
 * answers the refund already made rather than a second one; `check-refund` asks what became of
 * one; `reconcile-refunds` runs every minute for whatever is due. The provider's answer moves the
 * refund behind a status gate, with its ledger posting in the same transaction, so of any number
 * of webhooks and polls one acts.
 */
export function createRefundTransfers(deps: {
  jobs: Jobs;
  gateway: PaymentGateway;
  refunds: RefundsRepository;
  /** The payments log (the admin's Logs), where refund webhooks are recorded beside payment ones. */
  events: Pick<OrdersRepository, 'recordEvent'>;
  ledger: Joinable<Ledger>;
  transaction: Transact;
  clock: Clock;
  mail: EmailQueue;
  links: RefundEmailLinks;
  logger: {
    info(details: object, message: string): void;
    warn(details: object, message: string): void;
    error(details: object, message: string): void;
  };
}): RefundTransfers {
  const { gateway, refunds, clock, logger } = deps;

  const sendJob = deps.jobs.define({
    name: 'send-refund',
    payload,
    retry: { attempts: 10, backoffSeconds: 15 },
    timeoutSeconds: 120,
    handle: ({ refundId }) => send(refundId),
    describe: ({ refundId }) => `Send refund ${refundId}`,
  });
  const checkJob = deps.jobs.define({
    name: 'check-refund',
    payload,
    retry: { attempts: 5, backoffSeconds: 30 },
    timeoutSeconds: 120,
    handle: ({ refundId }) => check(refundId),
    describe: ({ refundId }) => `Check refund ${refundId}`,
  });
  deps.jobs.every({
    name: 'reconcile-refunds',
    intervalMs: REFUND_RECONCILE_INTERVAL_MS,
    timeoutSeconds: 120,
    run: reconcile,
  });

  function nextCheckAt(checks: number): number {
    return clock.now() + (CHECK_DELAYS_MS[checks] ?? HOURLY_MS);
  }

  /** How the fan paid, for the email's timing; best effort (the refund does not wait for it). */
  async function paymentMethodOf(refund: RefundRow): Promise<string | null> {
    if (refund.paymentMethod !== null) return refund.paymentMethod;
    try {
      const payments = await gateway.getPayments(refund.orderId);
      return payments.find((payment) => payment.status === 'SUCCESS')?.method ?? null;
    } catch {
      return null;
    }
  }

  async function send(refundId: string): Promise<void> {
    const refund = await refunds.findById(refundId);
    if (refund === undefined) return;
    if (refund.status === 'PROCESSING') return check(refundId);
    if (refund.status !== 'PENDING') return;
    const paymentMethod = await paymentMethodOf(refund);
    // Marked before the call: the reconciler then knows an answer may have been lost.
    await refunds.transition(
      refund.id,
      ['PENDING'],
      { sentAt: refund.sentAt ?? clock.now(), paymentMethod },
      refund.attempt,
    );
    let remote: GatewayRefund;
    try {
      remote = await gateway.createRefund({
        orderId: refund.orderId,
        refundId: providerRefundIdOf(refund),
        amountPaise: refund.amountPaise,
        note: REFUND_REASON_TEXT[refund.reason].slice(0, 100),
      });
    } catch (error) {
      // A 5xx, a timeout, a 429 or our keys refused: the answer is unknown or the fault is ours;
      // the job retries with the same refund id, which the provider answers without a second refund.
      if (!(error instanceof PaymentGatewayError) || (error.kind !== 'rejected' && error.kind !== 'not_found')) {
        throw error;
      }
      await fail(refund, `The provider refused the refund: ${error.message}`, error.details.code ?? 'rejected');
      return;
    }
    await apply({ ...refund, paymentMethod }, remote, 'send');
  }

  async function check(refundId: string): Promise<void> {
    const refund = await refunds.findById(refundId);
    if (refund === undefined || refund.status !== 'PROCESSING') return;
    let remote: GatewayRefund;
    try {
      remote = await gateway.getRefund(refund.orderId, providerRefundIdOf(refund));
    } catch (error) {
      if (error instanceof PaymentGatewayError && error.kind === 'not_found') {
        // Taken, then not found: the provider has not caught up; the same id is safe to send again.
        await refunds.transition(
          refund.id,
          ['PROCESSING'],
          { status: 'PENDING', nextCheckAt: clock.now() },
          refund.attempt,
        );
        await sendJob.enqueue({ refundId }, { key: `send-refund:${refundId}` });
        return;
      }
      throw error;
    }
    await apply(refund, remote, 'poll');
  }

  async function fail(refund: RefundRow, reason: string, providerStatus: string): Promise<void> {
    const moved = await refunds.transition(
      refund.id,
      ['PENDING', 'PROCESSING'],
      { status: 'FAILED', failureReason: reason.slice(0, 500), providerStatus, nextCheckAt: null },
      refund.attempt,
    );
    if (moved) {
      // Kholo still owes the fan: the money stays in refunds in transit until a person retries it.
      logger.error(
        { refundId: refund.id, orderId: refund.orderId, reason },
        'refund failed at the provider; retry it from Payments',
      );
    }
  }

  /** The provider's word on a refund, applied once: each step behind its status and attempt gate. */
  async function apply(refund: RefundRow, remote: GatewayRefund, source: 'send' | 'poll' | 'webhook'): Promise<string> {
    if (remote.refundId !== providerRefundIdOf(refund)) return 'other_attempt';
    const outcome = outcomeOf(remote.status);
    const now = clock.now();
    if (outcome === 'failed') {
      await fail(refund, remote.description ?? `The provider says ${remote.status}.`, remote.status);
      return 'failed';
    }
    return deps.transaction(async (trx) => {
      const repository = refunds.within(trx);
      const common = {
        providerStatus: remote.status,
        providerRefundId: remote.providerRefundId ?? refund.providerRefundId,
      };
      let result = 'no_change';
      // The fan's email goes once, with the step that first takes the refund out of PENDING.
      let firstTaken = false;
      if (outcome === 'paid_back') {
        const success = {
          ...common,
          status: 'SUCCESS' as const,
          arn: remote.arn,
          finishedAt: remote.processedAt ?? now,
          nextCheckAt: null,
        };
        firstTaken = await repository.transition(refund.id, ['PENDING'], success, refund.attempt);
        const done =
          firstTaken || (await repository.transition(refund.id, ['PROCESSING', 'FAILED'], success, refund.attempt));
        if (done) {
          await deps.ledger.within(trx).post({
            subject: { kind: 'refund_paid', refundId: refund.id, orderId: refund.orderId },
            creatorId: refund.creatorId,
            memo: `Refund of ${refund.orderId} paid back`,
            createdBy: null,
            at: now,
            lines: [
              { account: 'refunds_in_transit', creatorId: null, amountPaise: -refund.amountPaise },
              { account: 'fan_payments_clearing', creatorId: null, amountPaise: refund.amountPaise },
            ],
          });
          result = 'paid_back';
        }
      } else {
        firstTaken = await repository.transition(
          refund.id,
          ['PENDING'],
          { ...common, status: 'PROCESSING', nextCheckAt: nextCheckAt(0) },
          refund.attempt,
        );
        if (firstTaken) result = 'taken';
        else if (refund.status === 'PROCESSING' && source !== 'webhook') {
          await repository.transition(refund.id, ['PROCESSING'], { ...common }, refund.attempt);
          if (now - (refund.sentAt ?? now) > STUCK_AFTER_MS) {
            logger.error(
              { refundId: refund.id, status: remote.status },
              'refund unfinished for days; look at it at the provider',
            );
          }
        }
      }
      if (firstTaken) await tellFan(trx, { ...refund, ...common }, refund.paymentMethod);
      return result;
    });
  }

  /** Once per refund, when the provider first has it: her email with the timing by method. */
  async function tellFan(trx: Kysely<Database>, refund: RefundRow, paymentMethod: string | null): Promise<void> {
    const repository = refunds.within(trx);
    const details = await repository.findEmailDetails(refund.orderId);
    if (details === undefined) return;
    const report = (await repository.latestReports([refund.orderId]))[0];
    await deps.mail.within(trx).send(
      refundIssuedEmail({
        to: details.fanEmail,
        fanName: details.fanName,
        itemTitle: details.title,
        refund: { ...refund, paymentMethod },
        ticket: report?.status === 'REFUNDED' ? report.id : null,
        ...deps.links,
      }),
      { key: `refund-fan:${refund.id}` },
    );
  }

  async function reconcile(): Promise<void> {
    const now = clock.now();
    for (const refund of await refunds.listDue(now, RECONCILE_BATCH)) {
      if (!(await refunds.claimCheck(refund, nextCheckAt(refund.checks + 1)))) continue;
      if (refund.status === 'PENDING')
        await sendJob.enqueue({ refundId: refund.id }, { key: `send-refund:${refund.id}` });
      else await checkJob.enqueue({ refundId: refund.id }, { key: `check-refund:${refund.id}` });
    }
  }

  return {
    async queueSend(trx, refundId) {
      await sendJob.within(trx).enqueue({ refundId }, { key: `send-refund:${refundId}` });
    },

    async receiveWebhook(event) {
      const id = event.refundId === null ? null : refundIdOfProviderId(event.refundId);
      const refund = id === null ? undefined : await refunds.findById(id);
      let outcome = 'unknown_refund';
      if (refund !== undefined && event.refundId !== null) {
        // Signed, and the status is terminal (Cashfree sends SUCCESS and CANCELLED): applied as it
        // comes; a repeat, or one for an earlier attempt, changes nothing.
        outcome = await apply(
          refund,
          {
            orderId: refund.orderId,
            refundId: event.refundId,
            providerRefundId: event.providerRefundId,
            status: event.status,
            amountPaise: event.amountPaise ?? refund.amountPaise,
            arn: event.arn,
            description: null,
            processedAt: null,
          },
          'webhook',
        );
      }
      await deps.events.recordEvent(
        {
          dedupeKey: `refund:${event.refundId ?? 'none'}:${event.status}`,
          source: 'webhook',
          eventType: `REFUND_${event.status}`,
          orderId: refund?.orderId ?? event.orderId,
          providerPaymentId: null,
          paymentStatus: event.status,
          amountPaise: event.amountPaise,
          currency: 'INR',
          outcome,
        },
        clock.now(),
      );
      return outcome;
    },
  };
}
