import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database, RefundReason } from '../../db/schema.js';
import type { Joinable } from '../../lib/transactions.js';
import type { ContentSales } from '../content/index.js';
import type { EmailQueue } from '../email/index.js';
import { debitLines, type Ledger, type LedgerLine } from '../ledger/index.js';
import type { DisputesRepository } from './disputes-repository.js';
import { refundStartedForCreatorEmail, type RefundEmailLinks } from './refund-emails.js';
import type { OrderForRefund, RefundRow, RefundsRepository } from './refunds-repository.js';

/** Failure reasons of an order whose money arrived but bought nothing: it can be refunded though never PAID. */
export const RETURNED_PAYMENT_REASONS = ['paid_for_removed_item', 'already_unlocked', 'late_payment'] as const;

export interface RefundRequest {
  orderId: string;
  reason: RefundReason;
  /** Whoever asked, in their words (the admin's reason, the creator's, the rule's). */
  note: string | null;
  /** The account that asked; null for a rule. */
  requestedBy: string | null;
  at: number;
  /** Her own refund: her wallet must cover her whole share (nothing becomes owed). */
  creatorPays?: boolean;
}

export type IssueResult =
  | { kind: 'issued'; refund: RefundRow }
  | { kind: 'already_refunded'; refund: RefundRow }
  | { kind: 'refused'; why: 'unknown_order' | 'not_paid' | 'disputed' }
  | { kind: 'wallet_short'; walletPaise: number; sharePaise: number };

/** `rf_` and 24 letters and digits: ours, and the provider's refund_id (3–40, `[A-Za-z0-9_]`). */
export function newRefundId(): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  const bytes = randomBytes(24);
  let id = 'rf_';
  for (const byte of bytes) id += alphabet.charAt(byte % alphabet.length);
  return id;
}

/** The id the provider knows the live attempt by: ours, then `_2`, `_3` … after a failure. */
export function providerRefundIdOf(refund: Pick<RefundRow, 'id' | 'attempt'>): string {
  return refund.attempt <= 1 ? refund.id : `${refund.id}_${refund.attempt}`;
}

const PROVIDER_REFUND_ID = /^(rf_[A-Za-z0-9]{24})(?:_(\d{1,3}))?$/;

export function refundIdOfProviderId(providerRefundId: string): string | null {
  return PROVIDER_REFUND_ID.exec(providerRefundId)?.[1] ?? null;
}

/**
 * Locks the order's item, then the order (money changes lock item, order, creator in that order
 * everywhere, as settlement does), and answers the order; undefined when there is none.
 */
export async function lockItemThenOrder(
  trx: Kysely<Database>,
  deps: { refunds: RefundsRepository; sales: ContentSales },
  orderId: string,
): Promise<OrderForRefund | undefined> {
  const item = await deps.refunds.within(trx).findOrderItem(orderId);
  if (item === undefined) return undefined;
  await deps.sales.within(trx).holdItemForSale(item.contentId);
  return deps.refunds.within(trx).lockOrder(orderId);
}

export interface RefundEngine {
  /**
   * Refunds a paid order in full, exactly once, inside the caller's transaction (ADR 021): the
   * refund is recorded, the reversal posted (Kholo gives back its fee; her share comes out of her
   * wallet, and what the wallet cannot cover becomes what she owes), the fan's access ends, the
   * item's counters go down, and the send to the provider is queued to run after the commit. A
   * second request for the same order gets the first refund back, whoever asks.
   */
  issue(trx: Kysely<Database>, request: RefundRequest): Promise<IssueResult>;
}

export function createRefundEngine(deps: {
  refunds: RefundsRepository;
  disputes: DisputesRepository;
  ledger: Joinable<Ledger>;
  sales: ContentSales;
  mail: EmailQueue;
  /** Queues the send of a refund in the caller's transaction (refund-transfers). */
  queueSend(trx: Kysely<Database>, refundId: string): Promise<void>;
  links: RefundEmailLinks;
}): RefundEngine {
  async function issue(trx: Kysely<Database>, request: RefundRequest): Promise<IssueResult> {
    const refunds = deps.refunds.within(trx);
    const order = await lockItemThenOrder(trx, deps, request.orderId);
    if (order === undefined) return { kind: 'refused', why: 'unknown_order' };
    const existing = await refunds.findByOrder(order.id);
    if (existing !== undefined) return { kind: 'already_refunded', refund: existing };

    const settled = order.status === 'PAID';
    const returned = (RETURNED_PAYMENT_REASONS as readonly string[]).includes(request.reason);
    // Money that bought nothing goes back only while it never became a sale: a rule never
    // undoes a sale (a person does, with a reason of her own).
    if (
      returned
        ? settled
        : !settled && !(RETURNED_PAYMENT_REASONS as readonly string[]).includes(order.failureReason ?? '')
    ) {
      return { kind: 'refused', why: 'not_paid' };
    }
    // While the fan's bank disputes the payment, refunding too would pay her twice (the bank
    // takes the money back if it rules for her): the dispute decides instead.
    if (await deps.disputes.within(trx).findOpenForOrder(order.id)) return { kind: 'refused', why: 'disputed' };

    const taken = settled ? await saleReversal(trx, order, request) : null;
    if (taken?.kind === 'wallet_short') return taken;
    const reversal = taken?.kind === 'reversal' ? taken : null;
    const refund: RefundRow = {
      id: newRefundId(),
      orderId: order.id,
      fanId: order.fanId,
      creatorId: order.creatorId,
      contentId: order.contentId,
      amountPaise: order.amountPaise,
      feePaise: reversal?.feePaise ?? 0,
      fromWalletPaise: reversal?.fromWalletPaise ?? 0,
      toReceivablePaise: reversal?.owedPaise ?? 0,
      fromHeldPaise: 0,
      reason: request.reason,
      note: request.note,
      requestedBy: request.requestedBy,
      status: 'PENDING',
      viaBank: 0,
      attempt: 1,
      paymentMethod: order.paymentMethod,
      providerRefundId: null,
      providerStatus: null,
      arn: null,
      failureReason: null,
      nextCheckAt: request.at,
      checks: 0,
      createdAt: request.at,
      sentAt: null,
      finishedAt: null,
    };
    await refunds.insert(refund);
    // A ticket she opened about this order is answered by the refund (its email says so).
    await refunds.resolveReports(order.id, 'REFUNDED', 'Refunded', request.requestedBy, request.at);
    await deps.ledger.within(trx).post({
      subject: { kind: 'refund', refundId: refund.id, orderId: order.id },
      creatorId: order.creatorId,
      memo: `Refund of ${order.id}`,
      createdBy: request.requestedBy,
      at: request.at,
      // The fan is owed the whole price; a sale gives back Kholo's fee and her share, money that
      // never became a sale comes out of the fans' clearing account it sits in.
      lines:
        reversal === null
          ? [
              { account: 'refunds_in_transit', creatorId: null, amountPaise: order.amountPaise },
              { account: 'fan_payments_clearing', creatorId: null, amountPaise: -order.amountPaise },
            ]
          : [
              { account: 'refunds_in_transit', creatorId: null, amountPaise: order.amountPaise },
              { account: 'platform_revenue', creatorId: null, amountPaise: -reversal.feePaise },
              ...reversal.lines,
            ],
    });
    if (reversal !== null) {
      await deps.sales.within(trx).endAccess({
        orderId: order.id,
        contentId: order.contentId,
        undoCounters: true,
        creatorPaise: reversal.sharePaise,
        now: request.at,
      });
      // She asked for her own; an item taken down refunds many fans at once, and one email per
      // fan would bury her: her studio shows the item hidden with the reason, and her wallet
      // each refund with it.
      if (request.reason !== 'creator' && request.reason !== 'item_removed') {
        await tellCreator(trx, refund, reversal.sharePaise);
      }
    }
    await deps.queueSend(trx, refund.id);
    return { kind: 'issued', refund };
  }

  /** What undoing the sale takes from whom: Kholo's fee, and her share from her wallet, the rest owed. */
  async function saleReversal(
    trx: Kysely<Database>,
    order: OrderForRefund,
    request: RefundRequest,
  ): Promise<
    | { kind: 'wallet_short'; walletPaise: number; sharePaise: number }
    | {
        kind: 'reversal';
        feePaise: number;
        sharePaise: number;
        fromWalletPaise: number;
        owedPaise: number;
        lines: LedgerLine[];
      }
  > {
    const ledger = deps.ledger.within(trx);
    const split = (await ledger.saleSplits([order.id])).get(order.id) ?? { feePaise: 0, creditPaise: 0 };
    const walletPaise = (await ledger.lockBalances(order.creatorId))?.walletPaise ?? 0;
    if (request.creatorPays === true && walletPaise < split.creditPaise) {
      return { kind: 'wallet_short', walletPaise, sharePaise: split.creditPaise };
    }
    const debit = debitLines(order.creatorId, split.creditPaise, walletPaise);
    return {
      kind: 'reversal',
      feePaise: split.feePaise,
      sharePaise: split.creditPaise,
      fromWalletPaise: debit.fromWalletPaise,
      owedPaise: debit.owedPaise,
      lines: debit.lines,
    };
  }

  async function tellCreator(trx: Kysely<Database>, refund: RefundRow, sharePaise: number): Promise<void> {
    const details = await deps.refunds.within(trx).findEmailDetails(refund.orderId);
    if (details === undefined) return;
    await deps.mail.within(trx).send(
      refundStartedForCreatorEmail({
        to: details.creatorEmail,
        creatorName: details.creatorName,
        itemTitle: details.title,
        refund,
        sharePaise,
        ...deps.links,
      }),
      { key: `refund-creator:${refund.id}` },
    );
  }

  return { issue };
}
