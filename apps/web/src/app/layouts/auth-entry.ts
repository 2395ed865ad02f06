import { useMemo } from 'react';
import { useLocation } from 'react-router';
import { useAuthDialog } from '../../features/accounts/hooks/use-auth-dialog.ts';

/** Pages a fan browses (a creator's page, a content page): there the header speaks to fans. */
const FAN_PAGES = /^\/(?:u|content)\//i;

export interface AuthEntryActions {
  /** The header's "Login" button: the creator dialog, login form. */
  onLogin: () => void;
  /** The header's "Join Now" button: the creator dialog, sign-up form. */
  onJoin: () => void;
  /** Hover or focus on either: start fetching the dialog's code. */
  onPreload: () => void;
}

/**
 * The header's way into the sign-in dialogs (SPEC §2 "Login dialogs"): the creator dialog on
 * Kholo's own pages, the fan dialog on a creator's page or a content page. Either dialog links
 * to the other ("Here to unlock content? Fan login").
 */
export function useAuthEntryActions(): AuthEntryActions {
  const dialog = useAuthDialog();
  const { pathname } = useLocation();
  const audience = FAN_PAGES.test(pathname) ? 'fan' : 'creator';
  return useMemo(
    () => ({
      onLogin: () => {
        dialog.open({ audience, mode: 'login' });
      },
      onJoin: () => {
        dialog.open({ audience, mode: 'signup' });
      },
      onPreload: dialog.preload,
    }),
    [dialog, audience],
  );
}
