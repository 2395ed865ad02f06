import type { ReactNode } from 'react';
import { createChunkLoader } from '../../../lib/chunk-loader.ts';
import { useT } from '../../../lib/i18n/index.ts';
import { LazyDialogProvider } from '../../../lib/lazy-dialog.tsx';
import { AuthDialogContext, type OpenAuthDialogOptions } from '../hooks/use-auth-dialog.ts';
import { clearPendingUnlock } from '../pending-unlock.ts';

// The dialog's code (forms, zod, the contracts' schemas) is a chunk of its own (lib/lazy-dialog.tsx).
const dialogChunk = createChunkLoader(() => import('./auth-dialog.tsx').then((module) => module.AuthDialog));

/** A fan who closes the dialog without logging in no longer wants the unlock they tapped. */
function dropPendingUnlock(options: OpenAuthDialogOptions, signedIn: boolean) {
  if (!signedIn && options.audience === 'fan') clearPendingUnlock();
}

export function AuthDialogProvider({ children }: { children: ReactNode }) {
  const { t } = useT();
  return (
    <LazyDialogProvider
      context={AuthDialogContext}
      chunk={dialogChunk}
      loadFailedMessage={t('accounts.dialogLoadFailed')}
      onClosed={dropPendingUnlock}
    >
      {children}
    </LazyDialogProvider>
  );
}
