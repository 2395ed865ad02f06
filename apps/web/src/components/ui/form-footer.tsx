import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from './button.tsx';
import { ButtonSpinner } from './spinner.tsx';
import { useT } from '../../lib/i18n/index.ts';

/**
 * The foot of a page's form (Contact Us, the grievance form): a large submit button, full width on
 * a phone, and a line beside it saying what happens next.
 */
export function FormSubmitRow({
  busy,
  busyLabel,
  icon: Icon,
  label,
  note,
}: {
  busy: boolean;
  busyLabel?: string;
  icon: LucideIcon;
  label: string;
  note: ReactNode;
}) {
  const { t } = useT();
  return (
    <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
      {/* aria-disabled rather than disabled keeps keyboard focus on the button while it works. */}
      <Button type="submit" size="lg" aria-disabled={busy} className="w-full sm:w-auto">
        {busy ? (
          <>
            <ButtonSpinner />
            {busyLabel ?? t('ui.sending')}
          </>
        ) : (
          <>
            <Icon aria-hidden="true" className="size-4" />
            {label}
          </>
        )}
      </Button>
      <p className="text-sm text-ink-muted">{note}</p>
    </div>
  );
}
