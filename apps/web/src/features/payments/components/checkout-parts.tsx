import { ShieldCheck } from 'lucide-react';
import { cn } from '../../../lib/cn.ts';
import { getPublicConfig } from '../../../lib/public-config.ts';
import { UNLOCK_WINDOW_DAYS } from '@kholo/contracts';
import { useT } from '../../../lib/i18n/index.ts';
import type { UnlockTarget } from '../hooks/use-unlock-dialog.ts';

/** What she is buying, from whom, and the one price she pays (SPEC §2). */
export function ItemSummary({
  target,
  price,
  compact = false,
}: {
  target: UnlockTarget;
  price: string;
  compact?: boolean;
}) {
  const { t, tRich } = useT();
  return (
    <div className={cn('rounded-2xl bg-sand ring-1 ring-ink-950/5', compact ? 'mt-4 p-3.5' : 'mt-5 p-4')}>
      <p className={cn('leading-6 font-bold break-words text-ink-950', compact ? 'line-clamp-1' : 'line-clamp-2')}>
        {target.title}
      </p>
      <p className="mt-0.5 truncate text-sm text-ink-muted">
        {tRich('payments.by', { name: <span className="font-semibold text-ink-800">{target.creatorName}</span> })}
      </p>
      <div
        className={cn(
          'flex items-baseline justify-between gap-4 border-t border-ink-950/8',
          compact ? 'mt-2.5 pt-2.5' : 'mt-3 pt-3',
        )}
      >
        <span className="text-sm text-ink-muted">{t('payments.price')}</span>
        <p className="text-right">
          <span className={cn('font-extrabold tracking-tight text-ink-950', compact ? 'text-xl' : 'text-2xl')}>
            {price}
          </span>
          <span className="block text-xs font-medium text-ink-muted">{t('payments.includesFees')}</span>
        </p>
      </div>
    </div>
  );
}

/** Who keeps the payment safe, how long access lasts, and whether money is real. */
export function CheckoutFooter() {
  const { t } = useT();
  const testMode = getPublicConfig().checkoutMode === 'simulator';
  return (
    <div className="mt-5 space-y-1 text-center text-xs leading-5 text-ink-muted">
      <p className="flex items-center justify-center gap-1.5">
        <ShieldCheck aria-hidden="true" className="size-3.5 shrink-0" />
        {t('payments.securedBy')} · {t('payments.accessFor', { days: UNLOCK_WINDOW_DAYS })}
      </p>
      {testMode ? <p>{t('payments.testMode')}</p> : null}
    </div>
  );
}
