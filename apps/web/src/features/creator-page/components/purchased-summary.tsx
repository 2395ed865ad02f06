import { CONTENT_MESSAGES, type FanUnlocks } from '@kholo/contracts';
import { ChevronRight, ShoppingBag } from 'lucide-react';
import { Link } from 'react-router';
import { useT } from '../../../lib/i18n/index.ts';

type Unlock = FanUnlocks['items'][number];

/** SPEC §2: 'Your Purchased Content', the signed-in fan's active unlocks from this creator. */
export function PurchasedSummary({ unlocks, creatorName }: { unlocks: readonly Unlock[]; creatorName: string }) {
  const { t, tm } = useT();
  const count = unlocks.length;
  return (
    <section
      aria-labelledby="purchased-content"
      className="rounded-3xl bg-white p-5 shadow-card ring-1 ring-ink-950/5 sm:p-6"
    >
      <div className="flex items-start gap-4">
        <span className="grid size-11 shrink-0 place-items-center rounded-2xl bg-marigold-100 text-marigold-800">
          <ShoppingBag aria-hidden="true" className="size-5" />
        </span>
        <div className="min-w-0">
          <h2 id="purchased-content" className="text-lg font-bold tracking-tight text-ink-950">
            {tm(CONTENT_MESSAGES.purchasedContent)}
          </h2>
          <p className="mt-0.5 text-sm text-ink-muted">
            {t(count === 1 ? 'creatorPage.purchased.countOne' : 'creatorPage.purchased.countOther', {
              count,
              name: creatorName,
            })}
          </p>
        </div>
      </div>
      <ul className="mt-4 divide-y divide-ink-950/8 rounded-2xl ring-1 ring-ink-950/8">
        {unlocks.map((unlock) => (
          <li key={unlock.contentId}>
            <Link
              to={`/content/${encodeURIComponent(unlock.contentId)}`}
              className="flex items-center gap-3 rounded-2xl px-4 py-3 transition-colors hover:bg-ink-50"
            >
              <span className="flex min-w-0 flex-1 flex-col sm:flex-row sm:items-center sm:gap-3">
                <span className="min-w-0 truncate font-semibold text-ink-950 sm:flex-1">{unlock.title}</span>
                <span className="shrink-0 text-sm font-semibold text-emerald-800">
                  {t('creatorPage.unlockedDaysLeft', { days: unlock.daysLeft })}
                </span>
              </span>
              <ChevronRight aria-hidden="true" className="size-4 shrink-0 text-ink-muted" />
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
