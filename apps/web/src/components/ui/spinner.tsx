import { LoaderCircle } from 'lucide-react';
import { cn } from '../../lib/cn.ts';
import { useT } from '../../lib/i18n/index.ts';

/** A spinning wheel with its label beside it, announced as a status while something loads. */
export function Spinner({ label: given, className }: { label?: string; className?: string }) {
  const { t } = useT();
  const label = given ?? t('ui.loading');
  return (
    <div
      role="status"
      aria-label={label}
      className={cn('flex items-center justify-center gap-3 py-12 text-sm font-semibold text-ink-muted', className)}
    >
      <LoaderCircle aria-hidden="true" className="size-6 text-marigold-600 motion-safe:animate-spin" />
      <span aria-hidden="true">{label}</span>
    </div>
  );
}

/** A busy wheel inside a button, beside its label. */
export function ButtonSpinner() {
  return (
    <span
      aria-hidden="true"
      className="size-4 rounded-full border-2 border-ink-950/30 border-t-ink-950 motion-safe:animate-spin"
    />
  );
}
