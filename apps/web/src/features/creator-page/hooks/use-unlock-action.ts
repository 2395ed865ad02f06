import { formatPaise } from '@kholo/contracts';
import { useCallback, useMemo } from 'react';
import { toast } from '../../../components/ui/toast.tsx';
import { useMe } from '../../accounts/api/get-me.ts';
import { useAuthDialog } from '../../accounts/hooks/use-auth-dialog.ts';
import { rememberPendingUnlock, takePendingUnlock } from '../../accounts/pending-unlock.ts';

export interface UnlockTarget {
  id: string;
  title: string;
  pricePaise: number;
}

export const PAYMENTS_SOON_MESSAGE = 'Payments open soon';

/**
 * The one place a signed-in person starts paying for an item. Until the payments issue brings
 * the 'Unlock Premium Content' dialog, it only says so; that issue replaces this function.
 */
function beginPayment(item: UnlockTarget): void {
  toast.success(PAYMENTS_SOON_MESSAGE, {
    description: `You’ll be able to unlock “${item.title}” for ${formatPaise(item.pricePaise)} here very soon.`,
  });
}

/**
 * What every "Unlock for ₹…" button does (the creator page and the content page). A visitor is
 * asked to log in first, and the tapped item is remembered so the payment can follow the login
 * (SPEC §4); a signed-in person goes straight to payment.
 */
export function useUnlockAction() {
  const me = useMe();
  const dialog = useAuthDialog();
  const signedIn = Boolean(me.data?.account);

  const unlock = useCallback(
    (item: UnlockTarget) => {
      if (signedIn) {
        beginPayment(item);
        return;
      }
      rememberPendingUnlock(item.id);
      dialog.open({
        audience: 'fan',
        mode: 'login',
        onSignedIn: () => {
          if (takePendingUnlock() === item.id) beginPayment(item);
        },
      });
    },
    [dialog, signedIn],
  );

  // A visitor's tap opens the login dialog: hover or focus starts fetching its code.
  return useMemo(() => ({ unlock, preload: signedIn ? undefined : dialog.preload }), [unlock, signedIn, dialog]);
}
