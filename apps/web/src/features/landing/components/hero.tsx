import { UNLOCK_WINDOW_DAYS } from '@kholo/contracts';
import { ArrowRight, Check } from 'lucide-react';
import { Link } from 'react-router';
import { Button, buttonClasses } from '../../../components/ui/button.tsx';
import { useT } from '../../../lib/i18n/index.ts';
import { getPublicConfig } from '../../../lib/public-config.ts';
import { authDialogTrigger, useAuthDialog } from '../../accounts/index.ts';
import { HOW_IT_WORKS_SECTION_ID } from '../landing-sections.ts';
import { payoutWords } from '../payout-wording.ts';
import { HeroPreview } from './hero-preview.tsx';
import { RotatingTagline } from './rotating-tagline.tsx';

/** Each short enough to fit one line on a 360 px phone, so the rotation never reflows the hero. */
const TAGLINE_KEYS = [
  'landing.hero.tagline1',
  'landing.hero.tagline2',
  'landing.hero.tagline3',
  'landing.hero.tagline4',
  'landing.hero.tagline5',
] as const;

export function Hero() {
  const { t, locale } = useT();
  const authDialog = useAuthDialog();
  const payouts = payoutWords(getPublicConfig().payoutsMode, locale);
  const highlights = [t('landing.hero.noMonthlyFees'), payouts.highlight, t('landing.hero.paymentMethods')];
  const taglines = TAGLINE_KEYS.map((key) => t(key));
  return (
    <section aria-labelledby="hero-title" className="on-dark relative isolate overflow-hidden bg-ink-950 text-white">
      <div
        aria-hidden="true"
        className="absolute inset-0 -z-10 bg-[radial-gradient(50rem_30rem_at_100%_0%,rgb(255_182_39/0.16),transparent_70%),radial-gradient(40rem_30rem_at_0%_100%,rgb(106_95_189/0.35),transparent_70%)]"
      />
      <div className="mx-auto grid max-w-6xl items-center gap-16 px-4 pt-12 pb-20 sm:px-6 sm:pt-20 lg:grid-cols-[1.15fr_0.85fr] lg:gap-8 lg:px-8 lg:pt-24 lg:pb-28">
        <div>
          <p className="inline-flex items-center gap-2 rounded-full bg-white/8 px-3.5 py-1.5 text-sm font-semibold text-marigold-200 ring-1 ring-white/15">
            <span aria-hidden="true" className="size-1.5 rounded-full bg-marigold-400" />
            {t('landing.hero.eyebrow')}
          </p>
          <h1
            id="hero-title"
            className="mt-6 text-[2.5rem] leading-[1.08] font-extrabold tracking-tight sm:text-6xl lg:text-[4.25rem] lg:leading-[1.04]"
          >
            {/* A stable name for assistive tech; the rotating words below are visual only. */}
            <span className="sr-only">{t('landing.hero.titleAccessible')}</span>
            <span aria-hidden="true" className="block">
              <span className="block">{t('landing.hero.titleStart')}</span>
              <RotatingTagline phrases={taglines} className="text-marigold-400" />
              <span className="block">{t('landing.hero.titleEnd')}</span>
            </span>
          </h1>
          <p className="mt-6 max-w-xl text-lg leading-8 text-ink-100">
            {t('landing.hero.lead', { days: UNLOCK_WINDOW_DAYS, payoutClause: payouts.heroClause })}
          </p>
          <div className="mt-9 flex flex-col gap-3 sm:flex-row">
            <Button
              variant="primary"
              size="lg"
              {...authDialogTrigger(authDialog, { audience: 'creator', mode: 'signup' })}
            >
              {t('landing.hero.startSelling')}
              <ArrowRight aria-hidden="true" className="size-5" />
            </Button>
            <Link
              to={`#${HOW_IT_WORKS_SECTION_ID}`}
              className={buttonClasses({ variant: 'outline-light', size: 'lg' })}
            >
              {t('landing.hero.howItWorks')}
            </Link>
          </div>
          <ul className="mt-9 flex flex-wrap gap-x-6 gap-y-3 text-[0.9375rem] font-medium text-ink-100">
            {highlights.map((item) => (
              <li key={item} className="flex items-center gap-2">
                <span className="grid size-5 place-items-center rounded-full bg-marigold-400/15 text-marigold-300">
                  <Check aria-hidden="true" className="size-3.5" strokeWidth={3} />
                </span>
                {item}
              </li>
            ))}
          </ul>
        </div>
        <HeroPreview />
      </div>
    </section>
  );
}
