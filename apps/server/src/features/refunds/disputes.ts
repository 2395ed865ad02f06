import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import type { Joinable, Transact } from '../../lib/transactions.js';
import { disputeOutcome, type GatewayDispute } from '../../providers/payments/payment-gateway.js';
import type { ContentSales } from '../content/index.js';
import type { EmailQueue } from '../email/index.js';
import { creditLines, debitLines, type Ledger } from '../ledger/index.js';
import type { OrdersRepository } from '../payments/index.js';
import type { DisputeRow, DisputesRepository } from './disputes-repository.js';
import { lockItemThenOrder, newRefundId } from './refund-engine.js';
import { disputeEmail, type DisputeStep, disputeOpenedAdminEmail, type RefundEmailLinks } from './refund-emails.js';
import type { OrderForRefund, RefundsRepository } from './refunds-repository.js';

export interface Disputes {
  /** A verified dispute webhook (created, updated, closed): recorded and acted on once; what it did. */
  receive(event: { type: string; dispute: GatewayDispute }): Promise<string>;
}

/**
 * Chargebacks and complaints from the fan's bank (issue 22 §4, ADR 021). When one opens, the fan's
 * access ends and the creator's share is held (from her wallet; what it cannot cover becomes owed);
 * won, the share is hers again (paying down anything she owes first); lost, the bank has taken the
 * money back, so the sale is reversed like a refund that Kholo never sends. Each step is one
 * transaction with the order's row locked, so a refund and a dispute of one order never both act.
 */
export function createDisputes(deps: {
  disputes: DisputesRepository;
  refunds: RefundsRepository;
  /** The payments log (the admin's Logs): each dispute webhook once per status. */
  events: Pick<OrdersRepository, 'recordEvent'>;
  ledger: Joinable<Ledger>;
  sales: ContentSales;
  transaction: Transact;
  clock: Clock;
  mail: EmailQueue;
  links: RefundEmailLinks;
  adminEmail: string;
  adminUrl: string;
  logger: { warn(details: object, message: string): void; error(details: object, message: string): void };
}): Disputes {
  const { clock, logger } = deps;

  async function tellCreator(trx: Kysely<Database>, dispute: DisputeRow, step: DisputeStep, sharePaise: number) {
    const details = await deps.refunds.within(trx).findEmailDetails(dispute.orderId);
    if (details === undefined) return;
    await deps.mail.within(trx).send(
      disputeEmail({
        to: details.creatorEmail,
        creatorName: details.creatorName,
        itemTitle: details.title,
        step,
        sharePaise,
        orderId: dispute.orderId,
        ...deps.links,
      }),
      { key: `dispute-${step}:${dispute.id}` },
    );
  }

  /** Holds her share of a paid, unrefunded sale while the dispute is open, unless another dispute of the order already does. */
  async function hold(trx: Kysely<Database>, dispute: DisputeRow, order: OrderForRefund, now: number): Promise<string> {
    const refunds = deps.refunds.within(trx);
    if (order.status !== 'PAID') return 'not_a_sale';
    if ((await refunds.findByOrder(order.id)) !== undefined) return 'already_refunded';
    if ((await deps.disputes.within(trx).findOpenForOrder(order.id, dispute.id))?.shareHeldPaise)
      return 'held_by_earlier';
    const ledger = deps.ledger.within(trx);
    const share = (await ledger.saleSplits([order.id])).get(order.id)?.creditPaise ?? 0;
    const walletPaise = (await ledger.lockBalances(order.creatorId))?.walletPaise ?? 0;
    const debit = debitLines(order.creatorId, share, walletPaise);
    if (share > 0) {
      await ledger.post({
        subject: { kind: 'dispute_hold', disputeId: dispute.id, stage: dispute.stage, orderId: order.id },
        creatorId: order.creatorId,
        memo: `Held for dispute ${dispute.id}`,
        createdBy: null,
        at: now,
        lines: [...debit.lines, { account: 'creator_funds_held', creatorId: order.creatorId, amountPaise: share }],
      });
    }
    await deps.disputes.within(trx).setHeld(dispute.id, share, debit.fromWalletPaise);
    // The fan disputes what she bought: her access ends while her bank decides.
    await deps.sales.within(trx).endAccess({
      orderId: order.id,
      contentId: order.contentId,
      undoCounters: false,
      creatorPaise: share,
      now,
    });
    await tellCreator(trx, dispute, 'held', share);
    return 'held';
  }

  /** Won: the held share is hers again, paying down what she owes first; the fan's access runs again. */
  async function release(
    trx: Kysely<Database>,
    dispute: DisputeRow,
    now: number,
    access: 'restore' | 'leave' = 'restore',
  ): Promise<void> {
    if (dispute.shareHeldPaise <= 0) return;
    if (access === 'restore') await deps.sales.within(trx).restoreAccess(dispute.orderId, now);
    const ledger = deps.ledger.within(trx);
    const owedPaise = (await ledger.lockBalances(dispute.creatorId))?.owedPaise ?? 0;
    await ledger.post({
      subject: { kind: 'dispute_release', disputeId: dispute.id, stage: dispute.stage, orderId: dispute.orderId },
      creatorId: dispute.creatorId,
      memo: `Dispute ${dispute.id} won`,
      createdBy: null,
      at: now,
      lines: [
        { account: 'creator_funds_held', creatorId: dispute.creatorId, amountPaise: -dispute.shareHeldPaise },
        ...creditLines(dispute.creatorId, dispute.shareHeldPaise, owedPaise).lines,
      ],
    });
    await tellCreator(trx, dispute, 'released', dispute.shareHeldPaise);
  }

  /**
   * Lost: the bank took the fan's money back, so the sale is reversed once (a refund row that is
   * never sent): Kholo's fee, her held share, and any rest of her share from her wallet or owed.
   */
  async function reverse(
    trx: Kysely<Database>,
    dispute: DisputeRow,
    order: OrderForRefund,
    now: number,
  ): Promise<string> {
    const refunds = deps.refunds.within(trx);
    const ledger = deps.ledger.within(trx);
    if ((await refunds.findByOrder(order.id)) !== undefined || order.status !== 'PAID') {
      // The money went back twice (a refund and the bank): nothing more to take from her; a
      // person contests it at the provider with the refund as proof.
      if (dispute.shareHeldPaise > 0) await release(trx, dispute, now, 'leave');
      logger.error(
        { disputeId: dispute.id, orderId: order.id },
        'dispute lost on an order already refunded; contest it',
      );
      return 'lost_after_refund';
    }
    const split = (await ledger.saleSplits([order.id])).get(order.id) ?? { feePaise: 0, creditPaise: 0 };
    const fromHeld = Math.min(dispute.shareHeldPaise, split.creditPaise);
    const walletPaise = (await ledger.lockBalances(order.creatorId))?.walletPaise ?? 0;
    const rest = debitLines(order.creatorId, split.creditPaise - fromHeld, walletPaise);
    await refunds.insert({
      id: newRefundId(),
      orderId: order.id,
      fanId: order.fanId,
      creatorId: order.creatorId,
      contentId: order.contentId,
      amountPaise: order.amountPaise,
      feePaise: split.feePaise,
      fromWalletPaise: rest.fromWalletPaise,
      toReceivablePaise: rest.owedPaise,
      fromHeldPaise: fromHeld,
      reason: 'dispute_lost',
      note: dispute.reasonDescription,
      requestedBy: null,
      status: 'SUCCESS',
      viaBank: 1,
      attempt: 1,
      paymentMethod: order.paymentMethod,
      providerRefundId: null,
      providerStatus: dispute.providerStatus,
      arn: null,
      failureReason: null,
      nextCheckAt: null,
      checks: 0,
      createdAt: now,
      sentAt: null,
      finishedAt: now,
    });
    await ledger.post({
      subject: { kind: 'dispute_lost', disputeId: dispute.id, stage: dispute.stage, orderId: order.id },
      creatorId: order.creatorId,
      memo: `Dispute ${dispute.id} lost`,
      createdBy: null,
      at: now,
      lines: [
        // The bank took the price out of what fans paid in.
        { account: 'fan_payments_clearing', creatorId: null, amountPaise: order.amountPaise },
        { account: 'platform_revenue', creatorId: null, amountPaise: -split.feePaise },
        ...(fromHeld > 0
          ? [{ account: 'creator_funds_held' as const, creatorId: order.creatorId, amountPaise: -fromHeld }]
          : []),
        ...rest.lines,
      ],
    });
    await deps.sales.within(trx).endAccess({
      orderId: order.id,
      contentId: order.contentId,
      undoCounters: true,
      creatorPaise: split.creditPaise,
      now,
    });
    await tellCreator(trx, dispute, 'lost', split.creditPaise);
    return 'lost';
  }

  return {
    async receive(event) {
      const outcome = await decide(event);
      await deps.events.recordEvent(
        {
          dedupeKey: `dispute:${event.dispute.disputeId}:${event.dispute.status}`,
          source: 'webhook',
          eventType: event.type,
          orderId: event.dispute.orderId,
          providerPaymentId: null,
          paymentStatus: event.dispute.status,
          amountPaise: event.dispute.amountPaise,
          currency: 'INR',
          outcome,
        },
        clock.now(),
      );
      return outcome;
    },
  };

  /** One webhook's news, acted on once in one transaction; what it did. */
  async function decide({ type, dispute: remote }: { type: string; dispute: GatewayDispute }): Promise<string> {
    const now = clock.now();
    return deps.transaction(async (trx) => {
      const repository = deps.disputes.within(trx);
      // The item and the order locked first (held to the end): a refund of the same order waits
      // for this, or this for it, and hold and reverse act on the order read here.
      const order = await lockItemThenOrder(trx, deps, remote.orderId);
      if (order === undefined) {
        logger.warn({ disputeId: remote.disputeId, orderId: remote.orderId, type }, 'dispute for an unknown order');
        return 'unknown_order';
      }
      const fresh = {
        stage: remote.stage,
        providerStatus: remote.status,
        respondBy: remote.respondBy,
        amountPaise: remote.amountPaise,
        updatedAt: now,
      };
      const inserted = await repository.insert({
        id: remote.disputeId,
        orderId: order.id,
        creatorId: order.creatorId,
        ...fresh,
        state: 'OPEN',
        reasonCode: remote.reasonCode,
        reasonDescription: remote.reasonDescription,
        shareHeldPaise: 0,
        shareFromWalletPaise: 0,
        createdAt: remote.createdAt ?? now,
        resolvedAt: null,
      });
      if (!inserted) await repository.refresh(remote.disputeId, fresh);
      let result = inserted ? 'recorded' : 'updated';
      if (inserted) {
        result = await hold(trx, (await repository.find(remote.disputeId)) as DisputeRow, order, now);
        await deps.mail.within(trx).send(
          disputeOpenedAdminEmail({
            to: deps.adminEmail,
            disputeId: remote.disputeId,
            orderId: order.id,
            amountPaise: remote.amountPaise,
            reason: remote.reasonDescription,
            respondBy: remote.respondBy,
            adminUrl: deps.adminUrl,
            supportEmail: deps.links.supportEmail,
          }),
          { key: `dispute-admin:${remote.disputeId}` },
        );
      }
      const outcome = disputeOutcome(remote.status);
      // Won, then escalated on the same id (pre-arbitration): open again, her share held again.
      if (outcome === null && !inserted && (await repository.reopen(remote.disputeId, now))) {
        return hold(trx, (await repository.find(remote.disputeId)) as DisputeRow, order, now);
      }
      if (outcome === null) return result;
      const before = await repository.find(remote.disputeId);
      if (
        before === undefined ||
        !(await repository.decide(remote.disputeId, outcome === 'won' ? 'WON' : 'LOST', now))
      ) {
        return 'already_decided';
      }
      if (outcome === 'won') {
        await release(trx, before, now);
        return 'won';
      }
      return reverse(trx, before, order, now);
    });
  }
}
