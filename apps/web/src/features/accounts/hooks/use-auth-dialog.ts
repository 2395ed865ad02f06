import type { AccountRole, Me } from '@kholo/contracts';
import { createContext, useContext } from 'react';
import type { LazyDialogApi, LazyDialogContext } from '../../../lib/lazy-dialog.tsx';

/** Which dialog: the creator's or the fan's (SPEC calls fans "viewers"). */
export type AuthAudience = AccountRole;
/**
 * Which form shows. 'code' logs in with a code emailed to her instead of a password.
 * 'start-selling' ("Start selling on Kholo?") is for an account already signed in without a
 * creator page; the creator dialog also moves there by itself when such an account logs in
 * through it.
 */
export type AuthDialogMode = 'login' | 'signup' | 'forgot' | 'code' | 'start-selling';

export interface OpenAuthDialogOptions {
  audience: AuthAudience;
  /** Defaults to 'login'. */
  mode?: AuthDialogMode;
  /** Prefills the email field. */
  email?: string;
  /**
   * Runs after a successful login or sign-up in the dialog of this `audience`, with the new
   * session, e.g. to resume an unlock (see pending-unlock.ts). A creator dialog's success
   * always goes to `/` afterwards: the dashboard, or her library if she said "Not now" to selling.
   */
  onSignedIn?: (me: Me) => void;
}

export type AuthDialogApi = LazyDialogApi<OpenAuthDialogOptions>;

export const AuthDialogContext: LazyDialogContext<OpenAuthDialogOptions> = createContext<AuthDialogApi | null>(null);

/** Opens the creator or fan login / sign-up dialog from anywhere under <AuthDialogProvider>. */
export function useAuthDialog(): AuthDialogApi {
  const api = useContext(AuthDialogContext);
  if (!api) throw new Error('useAuthDialog must be used inside <AuthDialogProvider>');
  return api;
}

/**
 * Props for a button that opens a dialog: the click opens it, and hover or focus starts
 * fetching its code so it appears at once.
 */
export function authDialogTrigger(
  dialog: AuthDialogApi,
  options: OpenAuthDialogOptions,
): { onPointerEnter: () => void; onFocus: () => void; onClick: () => void } {
  return {
    onPointerEnter: dialog.preload,
    onFocus: dialog.preload,
    onClick: () => {
      dialog.open(options);
    },
  };
}
