import { createContext, useContext } from 'react';
import type { LazyDialogApi, LazyDialogContext } from '../../../lib/lazy-dialog.tsx';

/** What a Report button reports: one item, or a creator's page. */
export type ReportSubject =
  | {
      type: 'content';
      contentId: string;
      title: string;
      /** Whose item it is: her own items show no Report button. */
      creatorId: string;
    }
  | {
      type: 'creator';
      handle: string;
      name: string;
      creatorId: string;
    };

export interface OpenReportDialogOptions {
  subject: ReportSubject;
}

export type ReportDialogApi = LazyDialogApi<OpenReportDialogOptions>;

export const ReportDialogContext: LazyDialogContext<OpenReportDialogOptions> = createContext<ReportDialogApi | null>(
  null,
);

/** Opens the Report dialog from anywhere under <ReportDialogProvider>. */
export function useReportDialog(): ReportDialogApi {
  const api = useContext(ReportDialogContext);
  if (!api) throw new Error('useReportDialog must be used inside <ReportDialogProvider>');
  return api;
}
