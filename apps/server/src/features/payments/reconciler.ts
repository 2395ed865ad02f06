import type { PaymentsLogger, PaymentsService } from './payments-service.js';

/**
 * Runs the reconciler every `intervalMs` in this process (DESIGN §4 step 5). Every process may
 * run one: orders are claimed one by one and settlement is idempotent. A pass never overlaps
 * the previous one, and a failing pass is logged and retried on the next tick.
 */
export function startReconciler(payments: PaymentsService, intervalMs: number, logger: PaymentsLogger) {
  let running: Promise<void> | null = null;
  const tick = () => {
    if (running !== null) return;
    running = payments
      .reconcileOnce()
      .then((tally) => {
        if (tally.checked > 0) logger.info(tally, 'reconciled open payment orders');
      })
      .catch((error: unknown) => {
        logger.error({ err: error }, 'the payment reconciler failed; retrying on the next tick');
      })
      .finally(() => {
        running = null;
      });
  };
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  return {
    async stop(): Promise<void> {
      clearInterval(timer);
      await running;
    },
  };
}
