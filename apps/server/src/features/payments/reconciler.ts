import { repeatEvery } from '../../lib/repeat-every.js';
import type { PaymentsLogger, PaymentsService } from './payments-service.js';

/**
 * Runs the reconciler every `intervalMs` in this process (DESIGN §4 step 5). Every process may
 * run one: orders are claimed one by one and settlement is idempotent. A pass never overlaps
 * the previous one, and a failing pass is logged and retried on the next tick.
 */
export function startReconciler(payments: PaymentsService, intervalMs: number, logger: PaymentsLogger) {
  return repeatEvery(
    intervalMs,
    async () => {
      const tally = await payments.reconcileOnce();
      if (tally.checked > 0) logger.info(tally, 'reconciled open payment orders');
    },
    (error) => {
      logger.error({ err: error }, 'the payment reconciler failed; retrying on the next tick');
    },
  );
}
