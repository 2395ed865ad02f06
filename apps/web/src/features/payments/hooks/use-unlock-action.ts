import type { Me } from '@kholo/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { toast } from '../../../components/ui/toast.tsx';
import { useAuthDialog, rememberPendingUnlock, takePendingUnlock } from '../../accounts/index.ts';
import { contentQueryKey, getContent } from '../../catalog/index.ts';
import { useUnlockDialog, type UnlockTarget } from './use-unlock-dialog.ts';

/**
 * What every "Unlock for ₹…" button does (the creator page, the content page, and "Try again" on
 * /payment-success, each under an <UnlockDialogProvider>): 'Unlock Premium Content' opens at once
 * for everybody. A visitor pays with only her email (ADR 022); if she would rather log in first,
 * the tapped item is remembered and the dialog opens again right after the login (SPEC §4),
 * unless the item turns out to be hers already.
 */
export function useUnlockAction() {
  const auth = useAuthDialog();
  const payment = useUnlockDialog();
  const queryClient = useQueryClient();

  const unlock = useMemo(() => {
    const pay = (item: UnlockTarget, email?: string) => {
      payment.open({
        target: item,
        ...(email ? { email } : {}),
        onSessionEnded: () => {
          askToLogIn(item);
        },
        onLogIn: () => {
          askToLogIn(item);
        },
      });
    };

    // The page showed the item to a visitor. The person who just logged in may have bought it
    // already, or be its creator: ask again as them, and leave it to the page to show it.
    const resumeAfterLogin = async (item: UnlockTarget, account: Me['account']) => {
      payment.preload();
      let current = item;
      try {
        const detail = await queryClient.query({
          queryKey: contentQueryKey(item.id, account?.id ?? null),
          queryFn: ({ signal }) => getContent(item.id, signal),
          staleTime: 0,
        });
        if (detail.item.access.kind !== 'locked') return;
        current = {
          id: detail.item.id,
          title: detail.item.title,
          pricePaise: detail.item.pricePaise,
          isAdultContent: detail.item.isAdultContent,
          creatorId: detail.creator.id,
          creatorName: detail.creator.name,
        };
      } catch {
        // Could not ask: offer the payment as shown; the server refuses an order for an item already held.
      }
      // The payment dialog is the answer to the login. On a phone it fills the screen, and the
      // 'Welcome back' toast would sit over its Pay and Cancel buttons for five seconds.
      toast.dismiss();
      pay(current);
    };

    const askToLogIn = (item: UnlockTarget) => {
      rememberPendingUnlock(item.id);
      auth.open({
        audience: 'fan',
        mode: 'login',
        onSignedIn: (signedInAs) => {
          if (takePendingUnlock() === item.id) void resumeAfterLogin(item, signedInAs.account);
        },
      });
    };

    return pay;
  }, [auth, payment, queryClient]);

  // Hover or focus starts fetching the code of the dialog the tap will open.
  return useMemo(() => ({ unlock, preload: payment.preload }), [unlock, payment]);
}
