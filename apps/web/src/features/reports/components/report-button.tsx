import { Flag } from 'lucide-react';
import { Button, type ButtonSize } from '../../../components/ui/button.tsx';
import { cn } from '../../../lib/cn.ts';
import { useT } from '../../../lib/i18n/index.ts';
import { useMe } from '../../accounts/index.ts';
import { useReportDialog, type ReportSubject } from '../hooks/use-report-dialog.ts';
import { reportButtonLabel } from '../report-wording.ts';

/**
 * The quiet "Report" on every card, content page and creator page (issue 24): a flag and a word,
 * the first of the two taps. Anyone may report, visitors too; a creator sees none on her own items
 * or page (the server would refuse them anyway). Hover or focus starts fetching the dialog.
 */
export function ReportButton({
  subject,
  size = 'sm',
  className,
}: {
  subject: ReportSubject;
  size?: ButtonSize;
  className?: string;
}) {
  const { t } = useT();
  const me = useMe();
  const dialog = useReportDialog();
  if (me.data?.creator?.id === subject.creatorId) return null;
  return (
    <Button
      variant="ghost"
      size={size}
      aria-label={reportButtonLabel(subject, t)}
      onPointerEnter={dialog.preload}
      onFocus={dialog.preload}
      onClick={() => {
        dialog.open({ subject });
      }}
      className={cn('gap-1.5 px-3 font-semibold text-ink-muted hover:text-ink-950', className)}
    >
      <Flag aria-hidden="true" className="size-4" />
      {t('reports.button')}
    </Button>
  );
}
