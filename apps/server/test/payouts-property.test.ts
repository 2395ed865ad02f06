import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  defaultPayoutsSimulatorControls,
  FORCED_FAILURES,
} from '../src/providers/payouts/simulator/payouts-simulator.js';
import { adminCookie } from './content-helpers.js';
import { expectLedgerHolds, walletOf } from './payments-helpers.js';
import {
  adminApprove,
  anotherSale,
  HER_UPI,
  payoutsSimulatorOf,
  postCancel,
  savePayoutAccount,
  setPayoutControls,
} from './payouts-helpers.js';
import { buildTestApp, type TestApp } from './test-app.js';
import { adminPost, earningCreator, postWithdraw, rupees } from './withdrawals-helpers.js';

let t: TestApp;
let admin: string;
let cast: Awaited<ReturnType<typeof earningCreator>>;
beforeAll(async () => {
  t = await buildTestApp();
  admin = await adminCookie(t.app);
  cast = await earningCreator(t);
  await savePayoutAccount(t.app, cast.creator.cookie);
});
afterAll(() => t.close());

/** One thing that can happen to payouts: a person's action, the bank's answer, or a switch. */
const stepArbitrary = fc.oneof(
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('withdraw' as const), elsewhere: fc.boolean() }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('sale' as const) }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('approve' as const), pick: fc.nat(), twice: fc.boolean() }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('reject' as const), pick: fc.nat() }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('cancel' as const), pick: fc.nat() }) },
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('jobs' as const) }) },
  {
    weight: 4,
    arbitrary: fc.record({ kind: fc.constant('time' as const), ms: fc.integer({ min: 500, max: 90_000 }) }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('switches' as const),
      failWith: fc.option(fc.constantFrom(...FORCED_FAILURES), { nil: null }),
      reverseAfterMs: fc.option(fc.integer({ min: 1_000, max: 60_000 }), { nil: null }),
      duplicateWebhooks: fc.nat(3),
      outOfOrderWebhooks: fc.boolean(),
      dropWebhooks: fc.boolean(),
      longPending: fc.boolean(),
      failNextRequests: fc.nat(2),
      failAfterCreate: fc.nat(1),
      lowBalance: fc.boolean(),
    }),
  },
);
type Step = typeof stepArbitrary extends fc.Arbitrary<infer S> ? S : never;

const TOP_BALANCE = 1_000_000_000;

async function withdrawalsOfHers() {
  return t.database.db
    .selectFrom('withdrawals')
    .selectAll()
    .where('creatorId', '=', cast.creator.id)
    .orderBy('requestedAt')
    .orderBy('id')
    .execute();
}

/**
 * Paid at most once, and money never both paid and back: a PAID withdrawal has exactly one
 * successful transfer at the provider; one never sent, failed, rejected or cancelled has none on
 * its way or paid; no withdrawal ever has two. `settled` also refuses one still sending.
 */
async function payoutProblems(settled: boolean): Promise<string[]> {
  const problems: string[] = [];
  const transfers = await t.database.db
    .selectFrom('simulatorPayoutTransfers')
    .select(['transferId', 'state'])
    .execute();
  for (const withdrawal of await withdrawalsOfHers()) {
    const mine = transfers
      .filter((row) => row.transferId === withdrawal.id || row.transferId.startsWith(`${withdrawal.id}_`))
      .map((row) => (JSON.parse(row.state) as { status: string }).status);
    const live = mine.filter((status) => ['RECEIVED', 'PENDING', 'SUCCESS', 'REVERSED'].includes(status));
    const describe = `${withdrawal.id} ${withdrawal.status} ${JSON.stringify(mine)}`;
    if (live.length > 1) problems.push(`two live transfers: ${describe}`);
    if (withdrawal.status === 'PAID' && !(live.length === 1 && live[0] === 'SUCCESS'))
      problems.push(`paid: ${describe}`);
    if (withdrawal.status === 'REVERSED' && live.some((status) => status !== 'REVERSED'))
      problems.push(`returned: ${describe}`);
    if (['REQUESTED', 'REVIEW', 'FAILED', 'REJECTED', 'CANCELLED'].includes(withdrawal.status) && live.length > 0) {
      problems.push(`not paid, yet the provider has it: ${describe}`);
    }
    if (settled && withdrawal.status === 'PROCESSING') problems.push(`still sending: ${describe}`);
  }
  return problems;
}

async function take(step: Step): Promise<void> {
  const pick = <T>(list: T[], index: number) => (list.length === 0 ? undefined : list[index % list.length]);
  switch (step.kind) {
    case 'withdraw': {
      const balance = await walletOf(t.database, cast.creator.id);
      const response = await postWithdraw(t.app, cast.creator.cookie, {
        amount: rupees(balance),
        upi: step.elsewhere ? '9876543210@ybl' : HER_UPI,
      });
      // 201, or a clear refusal with nothing taken: no balance or below the minimum (400, 409), the
      // bank's check unavailable while the provider fails (503).
      expect([201, 400, 409, 503], response.body).toContain(response.statusCode);
      return;
    }
    case 'sale':
      return anotherSale(t, cast.item.id);
    case 'approve': {
      const waiting = (await withdrawalsOfHers()).filter((row) => row.status === 'REVIEW');
      const target = pick(waiting, step.pick);
      if (target === undefined) return;
      const answers = await Promise.all(
        Array.from({ length: step.twice ? 2 : 1 }, () => adminApprove(t.app, admin, { id: target.id })),
      );
      expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(1);
      return;
    }
    case 'reject': {
      const target = pick(await withdrawalsOfHers(), step.pick);
      if (target === undefined) return;
      const answer = await adminPost(t.app, admin, 'reject', { id: target.id, reason: 'Checked: not this time' });
      expect([200, 409]).toContain(answer.statusCode);
      return;
    }
    case 'cancel': {
      // Mostly one still on its way (she cancels what she just asked for), sometimes any.
      const all = await withdrawalsOfHers();
      const open = all.filter((row) => ['REQUESTED', 'REVIEW', 'PROCESSING'].includes(row.status));
      const target = pick(step.pick % 4 === 0 || open.length === 0 ? all : open, step.pick);
      if (target === undefined) return;
      const answer = await postCancel(t.app, cast.creator.cookie, { id: target.id });
      expect([200, 409]).toContain(answer.statusCode);
      return;
    }
    case 'jobs':
      await t.app.jobs.runDue();
      return;
    case 'time':
      t.clock.advance(step.ms);
      await payoutsSimulatorOf(t.app).runDue();
      return;
    case 'switches': {
      const { kind: _kind, lowBalance, ...switches } = step;
      setPayoutControls(t.app, { ...switches, balancePaise: lowBalance ? 0 : TOP_BALANCE });
      return;
    }
  }
}

describe('automatic payouts under random interleavings', () => {
  it('never pay twice, never lose money, and settle once the bank and the provider behave', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(stepArbitrary, { minLength: 10, maxLength: 40 }), async (steps) => {
        // Each run starts from a provider that behaves; what earlier runs left in flight goes on.
        const simulator = payoutsSimulatorOf(t.app);
        simulator.controls = { ...defaultPayoutsSimulatorControls(), balancePaise: TOP_BALANCE };
        for (const step of steps) {
          // A failed run must not lose the step that broke it: the message names it.
          try {
            await take(step);
          } catch (error) {
            throw new Error(`step ${JSON.stringify(step)} failed: ${String(error)}`, { cause: error });
          }
          await expectLedgerHolds(t.app);
          expect(await payoutProblems(false), JSON.stringify(step)).toEqual([]);
        }
        // Everything behaves again: every payout sent ends paid or back in her wallet.
        setPayoutControls(t.app, {
          failWith: null,
          longPending: false,
          dropWebhooks: false,
          failNextRequests: 0,
          failAfterCreate: 0,
          balancePaise: TOP_BALANCE,
        });
        for (let round = 0; round < 6; round += 1) {
          await t.app.jobs.runDue();
          t.clock.advance(5 * 60_000);
          await payoutsSimulatorOf(t.app).runDue();
        }
        await t.app.jobs.runDue();
        await expectLedgerHolds(t.app);
        expect(await payoutProblems(true)).toEqual([]);
      }),
      { numRuns: 24, seed: 21 },
    );
    // The runs reached every ending, so the property was tested on each path, not only the happy one.
    const endings = new Set((await withdrawalsOfHers()).map((row) => row.status));
    expect([...endings].sort()).toEqual(
      expect.arrayContaining(['CANCELLED', 'FAILED', 'PAID', 'REJECTED', 'REVERSED']),
    );
    // Hundreds of steps through the app, each checked: seconds alone, longer beside the other suites.
  }, 120_000);
});
