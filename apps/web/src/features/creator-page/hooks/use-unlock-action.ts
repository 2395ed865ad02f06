import type { Me } from '@kholo/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { toast } from '../../../components/ui/toast.tsx';
import { useMe, useAuthDialog, rememberPendingUnlock, takePendingUnlock } from '../../accounts/index.ts';
import { contentQueryKey, getContent } from '../../catalog/index.ts';
import { useUnlockDialog, type UnlockTarget } from '../../payments/index.ts';

export type { UnlockTarget };

/**
 * What every "Unlock for ₹…" button does (the creator page and the content page, both under an
 * <UnlockDialogProvider>). A signed-in person gets 'Unlock Premium Content'. A visitor is asked
 * to log in first and the tapped item is remembered, so the dialog opens right after the login
 * (SPEC §4), unless the item turns out to be theirs already.
 */
export function useUnlockAction() {
  const me = useMe();
  const auth = useAuthDialog();
  const payment = useUnlockDialog();
  const queryClient = useQueryClient();
  const signedIn = Boolean(me.data?.account);

  const unlock = useMemo(() => {
    const pay = (item: UnlockTarget) => {
      payment.open({
        target: item,
        onSessionEnded: () => {
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

    return (item: UnlockTarget) => {
      if (signedIn) pay(item);
      else askToLogIn(item);
    };
  }, [auth, payment, queryClient, signedIn]);

  // Hover or focus starts fetching the code of the dialog the tap will open.
  return useMemo(
    () => ({ unlock, preload: signedIn ? payment.preload : auth.preload }),
    [unlock, signedIn, payment, auth],
  );
}
