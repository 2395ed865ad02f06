import { formatPaise, UNLOCK_WINDOW_DAYS } from '@kholo/contracts';
import { BadgeCheck, Link2, Lock, Zap } from 'lucide-react';
import { useT } from '../../../lib/i18n/index.ts';
import { getPublicConfig } from '../../../lib/public-config.ts';
import { payoutWords } from '../payout-wording.ts';

/** Example prices for the illustration only; real prices are set by each creator. */
const EXAMPLE_PRICE_PAISE = 149_00;
const EXAMPLE_PAYOUT_PAISE = 2_450_00;

/**
 * An illustration of a creator page: one unlocked item, one locked one, and a payout note.
 * Decorative (aria-hidden): everything it shows is said in words elsewhere on the page.
 */
export function HeroPreview() {
  const { t, locale } = useT();
  const { payoutsMode } = getPublicConfig();
  return (
    <div
      aria-hidden="true"
      className="relative mx-auto w-full max-w-[22rem] select-none sm:max-w-sm lg:mr-0 lg:max-w-[26rem]"
    >
      <div className="absolute -inset-6 -z-10 rounded-[2.5rem] bg-marigold-400/10 blur-2xl" />
      <div className="rounded-[2rem] bg-white p-4 pb-10 text-ink-950 shadow-lift ring-1 ring-white/10 sm:p-5 sm:pb-11">
        <div className="flex items-center gap-3">
          <div className="grid size-11 place-items-center rounded-full bg-gradient-to-br from-marigold-300 to-rose-400 text-lg font-extrabold text-ink-950">
            A
          </div>
          <div className="min-w-0 flex-1">
            <p className="flex items-center gap-1 font-bold">
              Ananya Rao
              <BadgeCheck className="size-4 text-ink-600" />
            </p>
            <p className="truncate text-sm text-ink-muted">{t('landing.preview.bio')}</p>
          </div>
          <span className="rounded-full bg-ink-50 px-2.5 py-1 text-xs font-semibold text-ink-700">
            {t('landing.preview.posts', { count: 12 })}
          </span>
        </div>

        <div className="mt-4 grid grid-cols-2 gap-3">
          <div className="relative aspect-[4/5] overflow-hidden rounded-2xl bg-gradient-to-b from-marigold-300 via-orange-400 to-rose-500">
            <div className="absolute top-[22%] left-1/2 size-12 -translate-x-1/2 rounded-full bg-marigold-100/90" />
            <svg viewBox="0 0 100 60" preserveAspectRatio="none" className="absolute inset-x-0 bottom-0 h-1/2 w-full">
              <path d="M0 60 L0 34 L22 14 L40 30 L58 8 L80 30 L100 18 L100 60 Z" fill="#2d2667" opacity="0.85" />
              <path d="M0 60 L0 44 L30 30 L52 44 L76 34 L100 46 L100 60 Z" fill="#14112e" />
            </svg>
            <span className="absolute inset-x-2 bottom-2 flex items-center justify-center gap-1 rounded-full bg-white/95 px-1.5 py-1 text-[0.625rem] font-bold whitespace-nowrap text-emerald-800 shadow-sm sm:text-[0.6875rem]">
              <span className="size-1.5 shrink-0 rounded-full bg-emerald-600" />
              {t('landing.preview.unlocked', { days: UNLOCK_WINDOW_DAYS })}
            </span>
          </div>
          <div className="relative aspect-[4/5] overflow-hidden rounded-2xl bg-gradient-to-br from-teal-300 via-sky-500 to-ink-700">
            <div className="absolute inset-0 scale-110 blur-md">
              <div className="absolute top-[18%] left-[20%] size-16 rounded-full bg-white/60" />
              <div className="absolute right-[10%] bottom-[12%] h-20 w-24 rounded-3xl bg-ink-950/50" />
            </div>
            <div className="absolute inset-0 bg-ink-950/25" />
            <div className="absolute inset-0 flex flex-col items-center justify-center gap-2 p-2">
              <span className="grid size-10 place-items-center rounded-full bg-white/90 text-ink-950">
                <Lock className="size-5" />
              </span>
              <span className="rounded-full bg-ink-950 px-2.5 py-1 text-[0.6875rem] font-bold whitespace-nowrap text-white">
                {t('landing.preview.unlockFor', { price: formatPaise(EXAMPLE_PRICE_PAISE, locale) })}
              </span>
            </div>
          </div>
        </div>

        <div className="mt-4 flex items-center gap-2 rounded-xl bg-ink-50 px-3 py-2 text-xs">
          <Link2 className="size-3.5 shrink-0 text-ink-600" />
          <span className="min-w-0 flex-1 truncate font-semibold text-ink-800">kholo.in/u/ananya</span>
          <span className="rounded-md bg-white px-2 py-0.5 font-bold text-ink-950 shadow-xs">
            {t('landing.preview.copy')}
          </span>
        </div>
      </div>

      {/* Hangs over the card's bottom padding only, never over its content. */}
      <div className="relative -mt-7 ml-auto mr-3 flex w-fit items-center gap-3 rounded-2xl bg-white px-4 py-3 text-ink-950 shadow-lift ring-1 ring-ink-950/5 sm:-mr-6">
        <span className="grid size-9 place-items-center rounded-full bg-emerald-100 text-emerald-800">
          {payoutsMode === 'auto' ? (
            <Zap className="size-4.5" fill="currentColor" />
          ) : (
            <BadgeCheck className="size-4.5" />
          )}
        </span>
        <div>
          <p className="text-sm font-bold">{payoutWords(payoutsMode, locale).previewNote}</p>
          <p className="text-xs text-ink-muted">{formatPaise(EXAMPLE_PAYOUT_PAISE, locale)} · ananya@okaxis</p>
        </div>
      </div>
    </div>
  );
}
