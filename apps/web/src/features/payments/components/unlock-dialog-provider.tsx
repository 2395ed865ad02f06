import type { ReactNode } from 'react';
import { createChunkLoader } from '../../../lib/chunk-loader.ts';
import { useT } from '../../../lib/i18n/index.ts';
import { LazyDialogProvider } from '../../../lib/lazy-dialog.tsx';
import { UnlockDialogContext } from '../hooks/use-unlock-dialog.ts';

// The dialog's code (and the checkout code it calls) is a chunk of its own (lib/lazy-dialog.tsx),
// so the creator and content pages stay small.
const dialogChunk = createChunkLoader(() => import('./unlock-dialog.tsx').then((module) => module.UnlockDialog));

/** Wraps a page whose Unlock buttons open 'Unlock Premium Content' (SPEC §2). */
export function UnlockDialogProvider({ children }: { children: ReactNode }) {
  const { t } = useT();
  return (
    <LazyDialogProvider
      context={UnlockDialogContext}
      chunk={dialogChunk}
      loadFailedMessage={t('payments.dialogLoadFailed')}
    >
      {children}
    </LazyDialogProvider>
  );
}

/** Fetches the dialog's code now, e.g. so a test can be sure a dialog that stays shut was there to open. */
export function preloadUnlockDialog(): Promise<unknown> {
  return dialogChunk.load();
}
