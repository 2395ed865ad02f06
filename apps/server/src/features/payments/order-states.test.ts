import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { OrderStatus } from '../../db/schema.js';
import {
  FINAL_FAILURE_REASONS,
  isOpen,
  mayStillBePaidLate,
  nextState,
  type OrderFacts,
  type OrderNews,
  ORDER_TTL_MS,
  statusesBefore,
  worthAsking,
} from './order-states.js';

const RANK: Record<OrderStatus, number> = { CREATED: 0, ACTIVE: 1, FAILED: 2, EXPIRED: 3, PAID: 4 };
const AMOUNT = 14_900;
const HOUR = 60 * 60_000;

/** Money arrived: by default for the right item, in time, to a fan who does not hold it yet. */
function paid(amountPaise: number, facts: Partial<Extract<OrderNews, { kind: 'paid' }>> = {}): OrderNews {
  return {
    kind: 'paid',
    amountPaise,
    currency: 'INR',
    itemAvailable: true,
    alreadyUnlocked: false,
    itemChanged: false,
    afterGrace: false,
    ...facts,
  };
}

const newsArbitrary: fc.Arbitrary<OrderNews> = fc.oneof(
  fc.constant<OrderNews>({ kind: 'checkout_opened' }),
  fc.constant<OrderNews>({ kind: 'provider_mismatch' }),
  fc.constantFrom<OrderNews>(
    paid(AMOUNT),
    paid(100),
    paid(AMOUNT, { itemAvailable: false }),
    paid(AMOUNT, { alreadyUnlocked: true }),
  ),
  fc.constantFrom<OrderNews>(
    { kind: 'attempt_failed', reason: 'failed' },
    { kind: 'attempt_failed', reason: 'user_dropped' },
    { kind: 'attempt_failed', reason: 'cancelled' },
  ),
  fc.constantFrom<OrderNews>({ kind: 'expired', reason: 'expired' }, { kind: 'expired', reason: 'not_at_provider' }),
  fc.constant<OrderNews>({ kind: 'no_attempt_left' }),
);

/**
 * The orders table as the repository guards it (orders-repository.ts): each carrier of news reads
 * the row, asks the machine, then writes with the same WHERE as the real UPDATE, so a carrier that
 * read a row another has changed since writes nothing.
 */
class OrderTable {
  row: OrderFacts = { status: 'CREATED', failureReason: null, createdAt: 0, amountPaise: AMOUNT, currency: 'INR' };
  settlements = 0;
  history: OrderStatus[] = ['CREATED'];

  read(): OrderFacts {
    return { ...this.row };
  }

  write(seen: OrderFacts, news: OrderNews): void {
    const transition = nextState(seen, news);
    switch (transition.kind) {
      case 'stay':
        return;
      case 'move':
        // advance(): `where status in statusesBefore(to)`; markActive: `where status = 'CREATED'`.
        if (statusesBefore(transition.to).includes(this.row.status)) {
          this.row = { ...this.row, status: transition.to, failureReason: transition.reason };
        }
        break;
      case 'close':
        if (this.row.status === seen.status) this.row = { ...this.row, failureReason: transition.reason };
        break;
      case 'refuse':
        // closeForGood(): FAILED if still CREATED/ACTIVE, the reason either way, never once PAID.
        if (this.row.status !== 'PAID') {
          const status = this.row.status === 'CREATED' || this.row.status === 'ACTIVE' ? 'FAILED' : this.row.status;
          this.row = { ...this.row, status, failureReason: transition.reason };
        }
        break;
      case 'settle':
        // Settlement reads the row again inside its transaction, and markPaid is `where status <> 'PAID'`.
        if (this.row.status !== 'PAID') {
          this.row = { ...this.row, status: 'PAID', failureReason: null };
          this.settlements += 1;
        }
        break;
    }
    this.history.push(this.row.status);
  }
}

const validPayment = (news: OrderNews) =>
  news.kind === 'paid' &&
  news.amountPaise === AMOUNT &&
  news.currency === 'INR' &&
  news.itemAvailable &&
  !news.alreadyUnlocked;

describe('the order state machine', () => {
  it('moves only forward, never leaves PAID, settles at most once, and settles whenever valid money arrived', () => {
    fc.assert(
      fc.property(fc.array(newsArbitrary, { maxLength: 30 }), (events) => {
        const table = new OrderTable();
        for (const news of events) table.write(table.read(), news);
        for (let i = 1; i < table.history.length; i += 1) {
          expect(RANK[table.history[i] as OrderStatus]).toBeGreaterThanOrEqual(
            RANK[table.history[i - 1] as OrderStatus],
          );
        }
        expect(table.settlements).toBeLessThanOrEqual(1);
        // Valid money settles whatever came before it (failures, expiry, a refused wrong amount).
        expect(table.row.status === 'PAID').toBe(events.some(validPayment));
        expect(table.settlements).toBe(events.some(validPayment) ? 1 : 0);
      }),
      { numRuns: 2000 },
    );
  });

  it('ends the same whichever order duplicate and out-of-order webhooks arrive in, when money arrived', () => {
    fc.assert(
      fc.property(
        fc
          .array(newsArbitrary, { maxLength: 12 })
          .chain((events) =>
            fc.tuple(
              fc.constant(events),
              fc.shuffledSubarray([...events, ...events], { minLength: events.length * 2 }),
            ),
          ),
        ([events, shuffled]) => {
          fc.pre(events.some(validPayment));
          const table = new OrderTable();
          for (const news of shuffled) table.write(table.read(), news);
          expect(table.row).toMatchObject({ status: 'PAID', failureReason: null });
          expect(table.settlements).toBe(1);
        },
      ),
      { numRuns: 1000 },
    );
  });

  it('two carriers racing (verify, the reconciler, a webhook) that read the same row change it as one would', () => {
    fc.assert(
      fc.property(
        fc.array(newsArbitrary, { maxLength: 8 }),
        fc.array(fc.tuple(newsArbitrary, newsArbitrary, fc.boolean()), { maxLength: 8 }),
        (before, races) => {
          const table = new OrderTable();
          for (const news of before) table.write(table.read(), news);
          for (const [first, second, secondWritesFirst] of races) {
            const seenByFirst = table.read();
            const seenBySecond = table.read();
            if (secondWritesFirst) {
              table.write(seenBySecond, second);
              table.write(seenByFirst, first);
            } else {
              table.write(seenByFirst, first);
              table.write(seenBySecond, second);
            }
          }
          const all = [...before, ...races.flatMap(([first, second]) => [first, second])];
          expect(table.settlements).toBe(all.some(validPayment) ? 1 : 0);
          expect(table.row.status === 'PAID').toBe(all.some(validPayment));
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('sends back money that buys nothing: a second payment, or a late one past the grace window or for a changed item', () => {
    const open: OrderFacts = {
      status: 'ACTIVE',
      failureReason: null,
      createdAt: 0,
      amountPaise: AMOUNT,
      currency: 'INR',
    };
    const expired: OrderFacts = { ...open, status: 'EXPIRED', failureReason: 'expired' };
    expect(nextState(open, paid(AMOUNT, { alreadyUnlocked: true }))).toEqual({
      kind: 'refuse',
      reason: 'already_unlocked',
    });
    expect(nextState(expired, paid(AMOUNT, { afterGrace: true }))).toEqual({ kind: 'refuse', reason: 'late_payment' });
    expect(nextState(open, paid(AMOUNT, { afterGrace: true }))).toEqual({ kind: 'refuse', reason: 'late_payment' });
    expect(nextState(expired, paid(AMOUNT, { itemChanged: true }))).toEqual({ kind: 'refuse', reason: 'late_payment' });
    // Inside her checkout the item as sold is honoured, even if the creator deleted it meanwhile.
    expect(nextState(open, paid(AMOUNT, { itemChanged: true }))).toEqual({ kind: 'settle' });
    expect(nextState(expired, paid(AMOUNT))).toEqual({ kind: 'settle' });
    // A wrong amount is never refunded by itself: a person looks.
    expect(nextState(expired, paid(100, { afterGrace: true }))).toEqual({ kind: 'refuse', reason: 'amount_mismatch' });
  });

  it('a later failed attempt tells why (and when) in place of the earlier one', () => {
    const failed: OrderFacts = {
      status: 'FAILED',
      failureReason: 'failed',
      createdAt: 0,
      amountPaise: AMOUNT,
      currency: 'INR',
    };
    expect(nextState(failed, { kind: 'attempt_failed', reason: 'user_dropped' })).toEqual({
      kind: 'close',
      reason: 'user_dropped',
    });
    expect(nextState(failed, { kind: 'attempt_failed', reason: 'failed' })).toEqual({
      kind: 'close',
      reason: 'failed',
    });
    // Never once the order is closed for good, expired, or paid.
    for (const closed of [
      { ...failed, failureReason: 'already_unlocked' },
      { ...failed, status: 'EXPIRED' as const, failureReason: 'expired' },
      { ...failed, status: 'PAID' as const, failureReason: null },
    ]) {
      expect(nextState(closed, { kind: 'attempt_failed', reason: 'user_dropped' })).toEqual({ kind: 'stay' });
    }
  });

  it('settles a success that comes after the provider expired the order (M1)', () => {
    const table = new OrderTable();
    for (const news of [
      { kind: 'checkout_opened' },
      { kind: 'attempt_failed', reason: 'failed' },
      { kind: 'expired', reason: 'expired' },
      paid(AMOUNT),
    ] satisfies OrderNews[]) {
      table.write(table.read(), news);
    }
    expect(table.history).toEqual(['CREATED', 'ACTIVE', 'FAILED', 'EXPIRED', 'PAID']);
    expect(table.settlements).toBe(1);
  });

  it('closes an expired order to polling only when nothing is left to succeed, and never reopens it', () => {
    const expired: OrderFacts = {
      status: 'EXPIRED',
      failureReason: 'expired',
      createdAt: 0,
      amountPaise: AMOUNT,
      currency: 'INR',
    };
    expect(nextState(expired, { kind: 'no_attempt_left' })).toEqual({ kind: 'close', reason: 'expired_unpaid' });
    expect(nextState({ ...expired, failureReason: 'expired_unpaid' }, { kind: 'no_attempt_left' })).toEqual({
      kind: 'stay',
    });
    expect(nextState({ ...expired, status: 'ACTIVE' }, { kind: 'no_attempt_left' })).toEqual({ kind: 'stay' });
  });
});

describe('which orders are worth asking the provider about', () => {
  const base: OrderFacts = {
    status: 'ACTIVE',
    failureReason: null,
    createdAt: 0,
    amountPaise: AMOUNT,
    currency: 'INR',
  };
  const grace = 24 * HOUR;

  it('an open checkout, whatever its age; never a PAID or closed-for-good one', () => {
    for (const status of ['CREATED', 'ACTIVE', 'FAILED'] as const) {
      expect(isOpen({ ...base, status })).toBe(true);
      expect(worthAsking({ ...base, status }, 100 * HOUR, grace)).toBe(true);
    }
    expect(worthAsking({ ...base, status: 'PAID' }, 0, grace)).toBe(false);
    for (const reason of FINAL_FAILURE_REASONS) {
      expect(worthAsking({ ...base, status: 'FAILED', failureReason: reason }, 0, grace)).toBe(false);
    }
  });

  it('an order the provider expired, until the grace window after its expiry ends', () => {
    const expired = { ...base, status: 'EXPIRED' as const, failureReason: 'expired' };
    const end = ORDER_TTL_MS + grace;
    expect(mayStillBePaidLate(expired, end, grace)).toBe(true);
    expect(mayStillBePaidLate(expired, end + 1, grace)).toBe(false);
    expect(mayStillBePaidLate({ ...expired, failureReason: 'terminated' }, end, grace)).toBe(true);
    // Nothing at the provider to succeed, or every attempt over: not asked again.
    for (const reason of ['not_at_provider', 'never_created', 'expired_unpaid']) {
      expect(worthAsking({ ...expired, failureReason: reason }, ORDER_TTL_MS, grace)).toBe(false);
    }
  });
});
