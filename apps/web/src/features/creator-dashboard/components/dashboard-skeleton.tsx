import { RotateCw } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';
import { useT } from '../../../lib/i18n/index.ts';

/**
 * What `/` shows while /api/me answers, when this browser last had a creator signed in:
 * the dashboard's outline, so a returning creator never sees the landing page flash by.
 * Part of the first load, so it stays tiny.
 */
export function DashboardSkeleton() {
  const { t } = useT();
  return (
    <div
      role="status"
      className="mx-auto min-h-[calc(100dvh-4rem)] max-w-6xl px-4 py-6 sm:px-6 lg:grid lg:grid-cols-[13rem_1fr] lg:content-start lg:gap-10 lg:px-8 lg:py-10"
    >
      <span className="sr-only">{t('dashboard.loading')}</span>
      <div aria-hidden="true" className="grid grid-cols-5 gap-1.5 lg:grid-cols-1 lg:gap-2 lg:self-start">
        {Array.from({ length: 5 }, (_, index) => (
          <div key={index} className="h-14 rounded-2xl bg-ink-100/70 lg:h-11 motion-safe:animate-pulse" />
        ))}
      </div>
      <div aria-hidden="true" className="mt-8 space-y-4 lg:mt-0">
        <div className="h-4 w-32 rounded-full bg-ink-100 motion-safe:animate-pulse" />
        <div className="h-9 w-64 max-w-full rounded-full bg-ink-100 motion-safe:animate-pulse" />
        <div className="h-28 rounded-3xl bg-white ring-1 ring-ink-950/5" />
        <div className="grid grid-cols-2 gap-3 sm:grid-cols-3">
          <div className="col-span-2 h-20 rounded-3xl bg-ink-950/85 sm:col-span-1 sm:h-32" />
          <div className="h-16 rounded-3xl bg-white ring-1 ring-ink-950/5 sm:h-32" />
          <div className="h-16 rounded-3xl bg-white ring-1 ring-ink-950/5 sm:h-32" />
        </div>
        <div className="h-56 rounded-3xl bg-white ring-1 ring-ink-950/5" />
      </div>
    </div>
  );
}

/** When /api/me could not be reached for a browser that had a creator signed in. */
export function DashboardUnavailable({ onRetry, retrying }: { onRetry: () => void; retrying: boolean }) {
  const { t } = useT();
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
      <title>{t('dashboard.title')}</title>
      <h1 className="text-2xl font-extrabold tracking-tight text-ink-950 sm:text-3xl">
        {t('dashboard.unavailable.title')}
      </h1>
      <p className="mt-3 text-lg leading-8 text-ink-muted">{t('dashboard.unavailable.lead')}</p>
      <Button variant="dark" className="mt-8" aria-disabled={retrying} onClick={onRetry}>
        <RotateCw aria-hidden="true" className="size-4" />
        {t(retrying ? 'dashboard.unavailable.retrying' : 'dashboard.unavailable.retry')}
      </Button>
    </div>
  );
}
