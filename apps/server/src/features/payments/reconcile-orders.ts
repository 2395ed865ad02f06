import type { Jobs } from '../jobs/index.js';
import { RECONCILE_MIN_AGE_MS } from './create-order.js';
import { nextCheckDelayMs, ORDER_TTL_MS } from './order-states.js';
import type { PaymentsDependencies, PaymentsLogger } from './payments-context.js';
import type { ProviderNews } from './provider-news.js';

export interface ReconcileTally {
  checked: number;
  paid: number;
  expired: number;
}

export type ReconcileOrders = (limit?: number) => Promise<ReconcileTally>;

/**
 * One pass of the reconciler (DESIGN §4 step 5): orders older than a couple of minutes that the
 * provider could still change (open, or expired within the late-payment grace window) are checked
 * with it, each claimed first so parallel processes split the work, with a per-order backoff.
 */
export function reconcileOrdersUseCase(deps: PaymentsDependencies, news: ProviderNews): ReconcileOrders {
  const { orders, clock } = deps;
  return async (limit = 25) => {
    const now = clock.now();
    const due = await orders.listDueForCheck(now - RECONCILE_MIN_AGE_MS, now, deps.latePaymentGraceMs, limit);
    const tally = { checked: 0, paid: 0, expired: 0 };
    for (const order of due) {
      if (!(await orders.claimCheck(order, now + nextCheckDelayMs(order, order.checks)))) continue;
      tally.checked += 1;
      const status = await news.refresh(order, 'reconcile');
      if (status === 'PAID') tally.paid += 1;
      if (status === 'EXPIRED' && order.status !== 'EXPIRED') tally.expired += 1;
      // Never reached the provider and never will: give up once its checkout would be over.
      if (status === 'CREATED' && now - order.createdAt > ORDER_TTL_MS) {
        await news.apply(order, { kind: 'expired', reason: 'never_created' }, 'reconcile');
        tally.expired += 1;
      }
    }
    return tally;
  };
}

/**
 * The reconciler as periodic work (ADR 019): one pass every `intervalMs`, run by one process at a
 * time across all of them. Idempotent: orders are claimed one by one and settlement happens once.
 * A failing pass stays in the admin's Jobs view until a later one succeeds.
 */
export function scheduleReconciler(
  jobs: Pick<Jobs, 'every'>,
  payments: { reconcileOnce: ReconcileOrders },
  intervalMs: number,
  logger: PaymentsLogger,
): void {
  jobs.every({
    name: 'reconcile-payments',
    intervalMs,
    timeoutSeconds: 10 * 60,
    async run() {
      const tally = await payments.reconcileOnce();
      if (tally.checked > 0) logger.info(tally, 'reconciled open payment orders');
    },
  });
}
