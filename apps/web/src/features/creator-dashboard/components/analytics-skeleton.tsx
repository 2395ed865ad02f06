import { useT } from '../../../lib/i18n/index.ts';

/** The Analytics tab's outline while its code or its numbers arrive. */
export function AnalyticsSkeleton() {
  const { t } = useT();
  return (
    <div role="status" className="mt-4">
      <span className="sr-only">{t('dashboardAnalytics.loading')}</span>
      <div aria-hidden="true" className="space-y-4">
        <div className="h-10 w-64 max-w-full rounded-full bg-ink-100 motion-safe:animate-pulse" />
        <div className="grid grid-cols-2 gap-3 sm:grid-cols-3">
          {Array.from({ length: 6 }, (_, index) => (
            <div key={index} className="h-20 rounded-2xl bg-ink-100/70 motion-safe:animate-pulse" />
          ))}
        </div>
        <div className="h-56 rounded-2xl bg-ink-100/70 motion-safe:animate-pulse" />
      </div>
    </div>
  );
}
