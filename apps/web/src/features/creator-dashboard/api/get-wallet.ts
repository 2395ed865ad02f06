import { walletResponse, type WalletResponse } from '@kholo/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export const walletQueryKey = ['studio', 'wallet'] as const;

/** GET /api/wallet: the signed-in creator's balance, money held for withdrawals, and history (newest first). */
export function getWallet(signal?: AbortSignal): Promise<WalletResponse> {
  return apiRequest('/api/wallet', signal ? { schema: walletResponse, signal } : { schema: walletResponse });
}

export function useWallet() {
  return useQuery({ queryKey: walletQueryKey, queryFn: ({ signal }) => getWallet(signal) });
}
