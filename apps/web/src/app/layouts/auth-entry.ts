import { useMemo } from 'react';
import { useAuthDialog } from '../../features/accounts/hooks/use-auth-dialog.ts';

export interface AuthEntryActions {
  /** The header's "Login" button: the creator dialog, login form. */
  onLogin: () => void;
  /** The header's "Join Now" button: the creator dialog, sign-up form. */
  onJoin: () => void;
  /** Hover or focus on either: start fetching the dialog's code. */
  onPreload: () => void;
}

/**
 * The header's way into the creator sign-in dialogs (SPEC §2 "Login dialogs"). Fans reach their
 * own dialog from the creator one ("Here to unlock content? Fan login") or from a creator's page.
 */
export function useAuthEntryActions(): AuthEntryActions {
  const dialog = useAuthDialog();
  return useMemo(
    () => ({
      onLogin: () => {
        dialog.open({ audience: 'creator', mode: 'login' });
      },
      onJoin: () => {
        dialog.open({ audience: 'creator', mode: 'signup' });
      },
      onPreload: dialog.preload,
    }),
    [dialog],
  );
}
