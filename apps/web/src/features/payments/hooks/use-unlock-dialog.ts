import { createContext, useContext } from 'react';
import type { LazyDialogApi, LazyDialogContext } from '../../../lib/lazy-dialog.tsx';

/** The item a fan is about to pay for, as the page showed it. */
export interface UnlockTarget {
  id: string;
  title: string;
  pricePaise: number;
  /** An 18+ item: the dialog asks "I am 18 or older" before paying, unless this tab already said so. */
  isAdultContent: boolean;
  creatorId: string;
  creatorName: string;
}

export interface OpenUnlockDialogOptions {
  target: UnlockTarget;
  /** Prefills a visitor's email (she typed it for an earlier try). */
  email?: string;
  /** The server said the session is gone (401): the dialog has closed; ask the fan to log in again. */
  onSessionEnded: () => void;
  /** A visitor chose "Already have an account? Log in": the dialog has closed; open the fan login. */
  onLogIn: () => void;
}

export type UnlockDialogApi = LazyDialogApi<OpenUnlockDialogOptions>;

export const UnlockDialogContext: LazyDialogContext<OpenUnlockDialogOptions> = createContext<UnlockDialogApi | null>(
  null,
);

/** Opens 'Unlock Premium Content' from anywhere under <UnlockDialogProvider>. */
export function useUnlockDialog(): UnlockDialogApi {
  const api = useContext(UnlockDialogContext);
  if (!api) throw new Error('useUnlockDialog must be used inside <UnlockDialogProvider>');
  return api;
}
