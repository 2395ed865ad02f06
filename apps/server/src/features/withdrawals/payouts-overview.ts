import type { AdminPayoutEvent, AdminPayoutsOverview } from '@kholo/contracts';
import { type PayoutGateway, PayoutGatewayError } from '../../providers/payouts/payout-gateway.js';
import type { PayoutEventsRepository } from './payout-events-repository.js';
import type { WithdrawalsRepository } from './withdrawals-repository.js';

/**
 * The admin's view of payouts: the provider's balance against what waits for it, what waits for
 * her, what is on its way, and what the provider told us (the Logs).
 */
export function createPayoutsOverview(deps: {
  withdrawals: WithdrawalsRepository;
  events: PayoutEventsRepository;
  gateway: PayoutGateway | null;
  mode: 'auto' | 'manual';
  logger: { warn(details: object, message: string): void };
}) {
  async function providerBalance(): Promise<
    Pick<AdminPayoutsOverview, 'providerBalancePaise' | 'providerAvailablePaise' | 'providerProblem'>
  > {
    if (deps.gateway === null)
      return { providerBalancePaise: null, providerAvailablePaise: null, providerProblem: null };
    try {
      const { balancePaise, availablePaise } = await deps.gateway.getBalance();
      return { providerBalancePaise: balancePaise, providerAvailablePaise: availablePaise, providerProblem: null };
    } catch (error) {
      if (!(error instanceof PayoutGatewayError)) throw error;
      deps.logger.warn({ err: error }, 'payouts: the balance could not be read');
      return {
        providerBalancePaise: null,
        providerAvailablePaise: null,
        providerProblem: 'The payouts provider did not answer; the balance is unknown just now.',
      };
    }
  }

  return {
    async overview(): Promise<AdminPayoutsOverview> {
      const [balance, totals] = await Promise.all([providerBalance(), deps.withdrawals.payoutTotals()]);
      return { mode: deps.mode, ...balance, ...totals };
    },

    async events(limit: number): Promise<AdminPayoutEvent[]> {
      return deps.events.listRecent(limit);
    },
  };
}

export type PayoutsOverview = ReturnType<typeof createPayoutsOverview>;
