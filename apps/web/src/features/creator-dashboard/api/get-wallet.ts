import { walletResponse, type WalletResponse } from '@kholo/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { getPublicConfig, type PayoutsMode } from '../../../lib/public-config.ts';

export const walletQueryKey = ['studio', 'wallet'] as const;

/** How often the Wallet asks again while a payout is being sent: it is usually paid within a minute. */
export const WALLET_SENDING_POLL_MS = 3_000;
/**
 * …and while one waits for a person (a review, Kholo's team paying by hand, a top-up): rarely, but
 * often enough that an approval she is waiting for shows within seconds.
 */
export const WALLET_WAITING_POLL_MS = 10_000;

/** GET /api/wallet: the signed-in creator's balance, money held for withdrawals, and history (newest first). */
export function getWallet(signal?: AbortSignal): Promise<WalletResponse> {
  return apiRequest('/api/wallet', signal ? { schema: walletResponse, signal } : { schema: walletResponse });
}

/**
 * While a withdrawal is on its way the Wallet refreshes by itself, so "Paid" (with the bank's
 * reference) appears without a reload; quickly while it is being sent automatically, slowly
 * while it waits for a person. False when nothing is on its way.
 */
export function walletRefetchInterval(wallet: WalletResponse | undefined, payoutsMode: PayoutsMode): number | false {
  let interval: number | false = false;
  for (const entry of wallet?.history ?? []) {
    if (entry.kind !== 'withdrawal') continue;
    const { status, waitingForFunds } = entry.withdrawal;
    const sending = status === 'PROCESSING' || (status === 'REQUESTED' && payoutsMode === 'auto' && !waitingForFunds);
    if (sending) return WALLET_SENDING_POLL_MS;
    if (status === 'REQUESTED' || status === 'REVIEW') interval = WALLET_WAITING_POLL_MS;
  }
  return interval;
}

export function useWallet() {
  const { payoutsMode } = getPublicConfig();
  return useQuery({
    queryKey: walletQueryKey,
    queryFn: ({ signal }) => getWallet(signal),
    refetchInterval: (query) => walletRefetchInterval(query.state.data, payoutsMode),
  });
}
