// Reporting an item or a creator's page (issue 24): the Report button, and the provider a page
// wraps itself in so the button can open the (lazily loaded) Report dialog.
export { ReportButton } from './components/report-button.tsx';
export { preloadReportDialog, ReportDialogProvider } from './components/report-dialog-provider.tsx';
export { useReportDialog, type OpenReportDialogOptions, type ReportSubject } from './hooks/use-report-dialog.ts';
export { reportButtonLabel, reportSentText, reviewWithinText } from './report-wording.ts';
