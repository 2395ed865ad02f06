import type { ReactNode } from 'react';
import { createChunkLoader } from '../../../lib/chunk-loader.ts';
import { useT } from '../../../lib/i18n/index.ts';
import { LazyDialogProvider } from '../../../lib/lazy-dialog.tsx';
import { ReportDialogContext } from '../hooks/use-report-dialog.ts';

// The dialog (and the zod it validates with) is a chunk of its own (lib/lazy-dialog.tsx): the
// creator page, the content page and the library fetch it only when Report is tapped, or hovered.
const dialogChunk = createChunkLoader(() => import('./report-dialog.tsx').then((module) => module.ReportDialog));

/** Wraps a page whose Report buttons open the Report dialog (issue 24). */
export function ReportDialogProvider({ children }: { children: ReactNode }) {
  const { t } = useT();
  return (
    <LazyDialogProvider context={ReportDialogContext} chunk={dialogChunk} loadFailedMessage={t('reports.loadFailed')}>
      {children}
    </LazyDialogProvider>
  );
}

/** Fetches the dialog's code now, e.g. so a test can be sure a dialog that stays shut was there to open. */
export function preloadReportDialog(): Promise<unknown> {
  return dialogChunk.load();
}
