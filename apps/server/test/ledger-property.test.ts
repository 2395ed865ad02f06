import { MIN_WITHDRAWAL_PAISE } from '@kholo/contracts';
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../src/db/connect.js';
import { AppError } from '../src/lib/app-error.js';
import { createAuditRepository } from '../src/features/audit/index.js';
import { createLedger, createWalletAdjustments, splitSale } from '../src/features/ledger/index.js';
import {
  createPayoutAccountsRepository,
  createWithdrawalsRepository,
  createWithdrawalsService,
} from '../src/features/withdrawals/index.js';
import { createContentSales } from '../src/features/content/index.js';
import {
  createDisputesRepository,
  createRefundEngine,
  createRefundsRepository,
} from '../src/features/refunds/index.js';
import { transactionsOn } from '../src/lib/transactions.js';
import {
  type CreatorWithItem,
  insertAccount,
  insertCreatorWithItem,
  keptEmails,
  settlementOver,
} from './money-fixtures.js';
import { expectLedgerHoldsIn } from './payments-helpers.js';
import { createMigratedTestDatabase, FakeClock } from './test-app.js';

/**
 * The ledger's promises under random sequences of everything that moves money today: sales (and
 * repeated settlements of them), withdrawals (of the whole balance, and of a stale one),
 * rejections, payments marked done, admin adjustments either way, refunds (of a sale already
 * withdrawn: what she owes, recovered from her next sales) and pairs of these at the same
 * moment. After every step: each transaction sums to zero, each cached balance equals its lines
 * and is never negative, and each balance is what a plain model of the rules says it is.
 */

const FEE_BPS = 500;
const PRICES = [100, 14_900, 1_499_00, 99_999] as const;
const ADMIN = { id: 'admin-id', email: 'admin@kholo.test' };

let handle: { database: DatabaseHandle; close: () => Promise<void> };
beforeAll(async () => {
  handle = await createMigratedTestDatabase();
});
afterAll(() => handle.close());

type Creator = CreatorWithItem;

interface Attempt {
  outcome: 'done' | 'refused' | 'skipped';
  apply: (model: Model) => void;
}

/** What the rules say should be true, kept beside the database. */
interface Model {
  wallets: Map<string, number>;
  /** What each creator owes for refunds her wallet could not cover. */
  owed: Map<string, number>;
  requested: { id: string; creatorId: string; amountPaise: number }[];
  resolved: string[];
  settledOrders: string[];
  /** Each sale's creator and share, for its refund. */
  shares: Map<string, { creatorId: string; sharePaise: number }>;
  refunded: string[];
}

function cloneModel(model: Model): Model {
  return {
    wallets: new Map(model.wallets),
    owed: new Map(model.owed),
    requested: [...model.requested],
    resolved: [...model.resolved],
    settledOrders: [...model.settledOrders],
    shares: new Map(model.shares),
    refunded: [...model.refunded],
  };
}

type Step =
  | { kind: 'sale'; creator: number; price: number }
  | { kind: 'settle_again'; pick: number }
  | { kind: 'withdraw'; creator: number; stale: boolean }
  | { kind: 'resolve'; pick: number; paid: boolean }
  | { kind: 'resolve_again'; pick: number; paid: boolean }
  | { kind: 'adjust'; creator: number; share: number; credit: boolean }
  | { kind: 'refund'; pick: number };

const stepArbitrary: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({ kind: fc.constant('sale' as const), creator: fc.nat(1), price: fc.constantFrom(...PRICES) }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('settle_again' as const), pick: fc.nat() }) },
  {
    weight: 3,
    arbitrary: fc.record({ kind: fc.constant('withdraw' as const), creator: fc.nat(1), stale: fc.boolean() }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('resolve' as const), pick: fc.nat(), paid: fc.boolean() }) },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant('resolve_again' as const), pick: fc.nat(), paid: fc.boolean() }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('adjust' as const),
      creator: fc.nat(1),
      // A share of the balance, above 1 to try to take more than there is.
      share: fc.double({ min: 0.01, max: 1.5, noNaN: true }),
      credit: fc.boolean(),
    }),
  },
);

const stepsWithRefunds: fc.Arbitrary<Step> = fc.oneof(
  { weight: 6, arbitrary: stepArbitrary },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('refund' as const), pick: fc.nat() }) },
);

/** One step or two at the same moment. */
const turnArbitrary = fc.oneof(
  { weight: 3, arbitrary: stepsWithRefunds.map((step) => [step]) },
  { weight: 1, arbitrary: fc.tuple(stepsWithRefunds, stepsWithRefunds) },
);

async function castOf(database: DatabaseHandle, now: number): Promise<Creator[]> {
  return [await insertCreatorWithItem(database, 'Meera', now), await insertCreatorWithItem(database, 'Kabir', now)];
}

describe('the ledger under random sequences of every money movement', () => {
  it('keeps every transaction balanced and every cached balance equal to its lines, never negative', async () => {
    const { database } = handle;
    const { db } = database;
    const clock = new FakeClock(Date.UTC(2026, 10, 25, 6, 0));
    const ledger = createLedger(db);
    const audit = createAuditRepository(db);
    const transaction = transactionsOn(db);
    const settle = settlementOver(db, clock, FEE_BPS);
    // PAYOUTS=manual with no provider: the admin pays by hand (the automatic path has its own property test).
    const withdrawals = createWithdrawalsService({
      withdrawals: createWithdrawalsRepository(db),
      payoutAccounts: createPayoutAccountsRepository(db),
      gateway: null,
      transfers: null,
      limits: { autoLimitPaise: 5_000_000, dailyLimitPaise: 10_000_000 },
      logger: { warn: () => undefined },
      ledger,
      audit,
      transaction,
      clock,
      mail: keptEmails(),
      publicUrl: 'http://kholo.test',
      supportEmail: 'support@kholo.test',
    });
    const adjustments = createWalletAdjustments({ ledger, audit, transaction, clock });
    // Refunds as the admin issues them; the send to the provider is another test's (refunds.test.ts).
    const refundEngine = createRefundEngine({
      refunds: createRefundsRepository(db),
      disputes: createDisputesRepository(db),
      ledger,
      sales: createContentSales(db),
      mail: keptEmails(),
      queueSend: () => Promise.resolve(),
      links: {
        purchasesUrl: 'http://kholo.test/purchases',
        walletUrl: 'http://kholo.test/?tab=wallet',
        supportEmail: 'support@kholo.test',
      },
    });

    /**
     * Tries one step against the services, choosing what it needs (a withdrawal to resolve, the
     * amount to ask for) from the model as it stands. A refusal must be a clear 409; anything
     * else fails the test. `apply` records a step that went through in the model.
     */
    async function attempt(step: Step, creators: Creator[], model: Model): Promise<Attempt> {
      clock.advance(1_000);
      const refusedAs409 = async (work: Promise<unknown>): Promise<'done' | 'refused'> => {
        try {
          await work;
          return 'done';
        } catch (error) {
          if (error instanceof AppError && error.code === 'CONFLICT') return 'refused';
          throw error;
        }
      };
      switch (step.kind) {
        case 'sale': {
          const creator = creators[step.creator] as Creator;
          const orderId = await openOrder(creator, step.price);
          const result = await settle(orderId, {
            providerPaymentId: `pay_${orderId}`,
            amountPaise: step.price,
            currency: 'INR',
          });
          expect(result.kind).toBe('settled');
          return {
            outcome: 'done',
            apply: (m) => {
              const { creatorPaise } = splitSale(step.price, FEE_BPS);
              // Her share pays down what she owes first.
              const recovered = Math.min(m.owed.get(creator.id) ?? 0, creatorPaise);
              m.owed.set(creator.id, (m.owed.get(creator.id) ?? 0) - recovered);
              credit(m, creator.id, creatorPaise - recovered);
              m.settledOrders.push(orderId);
              m.shares.set(orderId, { creatorId: creator.id, sharePaise: creatorPaise });
            },
          };
        }
        case 'settle_again': {
          const orderId = pick(model.settledOrders, step.pick);
          if (orderId === undefined) return { outcome: 'skipped', apply: () => undefined };
          const row = await db
            .selectFrom('orders')
            .select('amountPaise')
            .where('id', '=', orderId)
            .executeTakeFirstOrThrow();
          const result = await settle(orderId, {
            providerPaymentId: `pay_${orderId}`,
            amountPaise: row.amountPaise,
            currency: 'INR',
          });
          expect(result.kind).toBe('already_paid');
          return { outcome: 'refused', apply: () => undefined };
        }
        case 'withdraw': {
          const creator = creators[step.creator] as Creator;
          const balance = model.wallets.get(creator.id) ?? 0;
          // A stale amount is the balance she saw before a sale (less) or before an adjustment took some (more).
          const amountPaise =
            balance === 0 ? 100 : step.stale ? (balance > 100 ? balance - 100 : balance + 100) : balance;
          let id = '';
          const outcome = await refusedAs409(
            withdrawals
              .request(
                { id: creator.id, name: 'Creator', email: creator.email },
                { creator: undefined, amountPaise, upiId: 'creator@okaxis' },
              )
              .then((answer) => {
                id = answer.withdrawal.id;
                expect(answer.balancePaise).toBe(0);
              }),
          );
          return {
            outcome,
            apply: (m) => {
              credit(m, creator.id, -amountPaise);
              m.requested.push({ id, creatorId: creator.id, amountPaise });
            },
          };
        }
        case 'resolve':
        case 'resolve_again': {
          const list = step.kind === 'resolve' ? model.requested.map((w) => w.id) : model.resolved;
          const id = pick(list, step.pick);
          if (id === undefined) return { outcome: 'skipped', apply: () => undefined };
          const withdrawal = model.requested.find((w) => w.id === id);
          const outcome = await refusedAs409(
            step.paid ? withdrawals.markPaid(ADMIN, { id }) : withdrawals.reject(ADMIN, { id, reason: 'Wrong UPI ID' }),
          );
          return {
            outcome,
            apply: (m) => {
              if (withdrawal === undefined) throw new Error(`resolved ${id}, which was not REQUESTED`);
              if (!step.paid) credit(m, withdrawal.creatorId, withdrawal.amountPaise);
              m.requested = m.requested.filter((w) => w.id !== id);
              m.resolved.push(id);
            },
          };
        }
        case 'refund': {
          const orderId = pick(model.settledOrders, step.pick);
          if (orderId === undefined) return { outcome: 'skipped', apply: () => undefined };
          const result = await transaction((trx) =>
            refundEngine.issue(trx, {
              orderId,
              reason: 'admin',
              note: 'Property',
              requestedBy: ADMIN.id,
              at: clock.now(),
            }),
          );
          expect(['issued', 'already_refunded']).toContain(result.kind);
          return {
            outcome: result.kind === 'issued' ? 'done' : 'refused',
            apply: (m) => {
              const sale = m.shares.get(orderId);
              if (sale === undefined) throw new Error(`refunded ${orderId}, which was no sale`);
              const wallet = m.wallets.get(sale.creatorId) ?? 0;
              const fromWallet = Math.min(wallet, sale.sharePaise);
              credit(m, sale.creatorId, -fromWallet);
              m.owed.set(sale.creatorId, (m.owed.get(sale.creatorId) ?? 0) + sale.sharePaise - fromWallet);
              m.refunded.push(orderId);
            },
          };
        }
        case 'adjust': {
          const creator = creators[step.creator] as Creator;
          const balance = model.wallets.get(creator.id) ?? 0;
          const size = Math.max(1, Math.round(Math.max(balance, 10_000) * step.share));
          const amountPaise = step.credit ? size : -size;
          const outcome = await refusedAs409(
            adjustments.adjust(ADMIN, { creatorId: creator.id, amountPaise, reason: 'Correction' }),
          );
          return {
            outcome,
            apply: (m) => {
              credit(m, creator.id, amountPaise);
            },
          };
        }
      }
    }

    /** What the rules say a step alone does, from the model before it. */
    function expectedOutcome(step: Step, creators: Creator[], model: Model): Attempt['outcome'] {
      switch (step.kind) {
        case 'sale':
          return 'done';
        case 'settle_again':
          return model.settledOrders.length === 0 ? 'skipped' : 'refused';
        case 'withdraw': {
          const balance = model.wallets.get((creators[step.creator] as Creator).id) ?? 0;
          // The whole balance, and at least the minimum (the service checks both before the hold).
          return step.stale || balance < MIN_WITHDRAWAL_PAISE ? 'refused' : 'done';
        }
        case 'resolve':
          return model.requested.length === 0 ? 'skipped' : 'done';
        case 'resolve_again':
          return model.resolved.length === 0 ? 'skipped' : 'refused';
        case 'adjust': {
          const balance = model.wallets.get((creators[step.creator] as Creator).id) ?? 0;
          const size = Math.max(1, Math.round(Math.max(balance, 10_000) * step.share));
          return step.credit || balance - size >= 0 ? 'done' : 'refused';
        }
        case 'refund': {
          const orderId = pick(model.settledOrders, step.pick);
          if (orderId === undefined) return 'skipped';
          return model.refunded.includes(orderId) ? 'refused' : 'done';
        }
      }
    }

    async function openOrder(creator: Creator, amountPaise: number): Promise<string> {
      const orderId = `o_${randomUUID().replaceAll('-', '')}`;
      // A fan of its own: a second payment by one fan for an item she holds is sent back (ADR 021).
      const { id: fanId } = await insertAccount(database, 'Arjun', clock.now());
      await db
        .insertInto('orders')
        .values({
          id: orderId,
          fanId,
          contentId: creator.contentId,
          creatorId: creator.id,
          amountPaise,
          currency: 'INR',
          status: 'ACTIVE',
          provider: 'simulator',
          paymentSessionId: null,
          providerPaymentId: null,
          failureReason: null,
          createdAt: clock.now(),
          updatedAt: clock.now(),
          paidAt: null,
          nextCheckAt: clock.now(),
        })
        .execute();
      return orderId;
    }

    await fc.assert(
      fc.asyncProperty(fc.array(turnArbitrary, { minLength: 1, maxLength: 20 }), async (turns) => {
        const creators = await castOf(database, clock.now());
        let model: Model = {
          wallets: new Map(),
          owed: new Map(),
          requested: [],
          resolved: [],
          settledOrders: [],
          shares: new Map(),
          refunded: [],
        };
        for (const turn of turns) {
          if (turn.length === 1) {
            const step = turn[0] as Step;
            const expected = expectedOutcome(step, creators, model);
            const result = await attempt(step, creators, model);
            expect(result.outcome).toBe(expected);
            if (result.outcome === 'done') result.apply(model);
          } else {
            // Both chose from the same model; whichever commits first, the other must either
            // still hold or be refused with a 409, and the balances end as what went through did,
            // in the order it committed (a refund before or after a sale splits wallet and owed
            // differently): one of the two orders must be what the database holds.
            const results = await Promise.all(turn.map((step) => attempt(step, creators, model)));
            const done = results.filter((result) => result.outcome === 'done');
            const orders = done.length === 2 ? [done, [...done].reverse()] : [done];
            const candidates = orders.map((order) => {
              const next = cloneModel(model);
              for (const result of order) result.apply(next);
              return next;
            });
            const actual = await balancesOf(creators);
            model =
              candidates.find((candidate) => sameBalances(actual, creators, candidate)) ?? (candidates[0] as Model);
          }
          await expectLedgerAgrees(creators, model);
        }
      }),
      { numRuns: 25, seed: 19 },
    );
  }, 120_000);

  async function balancesOf(creators: Creator[]) {
    const rows = [];
    for (const creator of creators) {
      rows.push(
        await handle.database.db
          .selectFrom('creators')
          .select(['walletBalancePaise', 'receivablePaise', 'heldPaise'])
          .where('userId', '=', creator.id)
          .executeTakeFirstOrThrow(),
      );
    }
    return rows;
  }

  function expectedBalances(creators: Creator[], model: Model) {
    return creators.map((creator) => ({
      walletBalancePaise: model.wallets.get(creator.id) ?? 0,
      receivablePaise: model.owed.get(creator.id) ?? 0,
      heldPaise: 0,
    }));
  }

  function sameBalances(actual: Awaited<ReturnType<typeof balancesOf>>, creators: Creator[], model: Model): boolean {
    return JSON.stringify(actual) === JSON.stringify(expectedBalances(creators, model));
  }

  async function expectLedgerAgrees(creators: Creator[], model: Model): Promise<void> {
    await expectLedgerHoldsIn(handle.database);
    expect(await balancesOf(creators)).toEqual(expectedBalances(creators, model));
  }
});

function credit(model: Model, creatorId: string, amountPaise: number): void {
  model.wallets.set(creatorId, (model.wallets.get(creatorId) ?? 0) + amountPaise);
}

function pick<T>(list: T[], index: number): T | undefined {
  return list.length === 0 ? undefined : list[index % list.length];
}
