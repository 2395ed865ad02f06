import { formatPaise, MIN_PRICE_PAISE, UNLOCK_WINDOW_DAYS, type Locale } from '@kholo/contracts';
import { CalendarX2, Coins, CreditCard, IndianRupee, ShieldCheck, Zap, type LucideIcon } from 'lucide-react';
import { useT } from '../../../lib/i18n/index.ts';
import { getPublicConfig, type PayoutsMode } from '../../../lib/public-config.ts';
import { payoutWords } from '../payout-wording.ts';
import { SectionHeading } from './section-heading.tsx';
import { IconTile } from '../../../components/ui/icon-tile.tsx';

type Translate = ReturnType<typeof useT>['t'];

interface Benefit {
  icon: LucideIcon;
  title: string;
  body: string;
}

// SPEC §1: the platform fee is only ever called small; no number or percentage appears here.
function benefitsFor(payoutsMode: PayoutsMode, locale: Locale, t: Translate): readonly Benefit[] {
  const payouts = payoutWords(payoutsMode, locale);
  return [
    {
      icon: CalendarX2,
      title: t('landing.benefits.noFeesTitle'),
      body: t('landing.benefits.noFeesBody'),
    },
    {
      icon: Coins,
      title: t('landing.benefits.feeTitle'),
      body: t('landing.benefits.feeBody'),
    },
    {
      icon: Zap,
      title: payouts.benefitTitle,
      body: payouts.benefitBody,
    },
    {
      icon: CreditCard,
      title: t('landing.benefits.payTitle'),
      body: t('landing.benefits.payBody'),
    },
    {
      icon: IndianRupee,
      title: t('landing.benefits.priceTitle'),
      body: t('landing.benefits.priceBody', {
        minPrice: formatPaise(MIN_PRICE_PAISE, locale),
        days: UNLOCK_WINDOW_DAYS,
      }),
    },
    {
      icon: ShieldCheck,
      title: t('landing.benefits.protectTitle'),
      body: t('landing.benefits.protectBody'),
    },
  ];
}

export function Benefits() {
  const { t, locale } = useT();
  const benefits = benefitsFor(getPublicConfig().payoutsMode, locale, t);
  return (
    <section aria-labelledby="benefits" className="bg-sand">
      <div className="mx-auto max-w-6xl px-4 py-20 sm:px-6 sm:py-24 lg:px-8 lg:py-28">
        <SectionHeading id="benefits" eyebrow={t('landing.benefits.eyebrow')} title={t('landing.benefits.title')}>
          {t('landing.benefits.lead')}
        </SectionHeading>
        <ul className="mt-12 grid gap-5 sm:grid-cols-2 lg:mt-14 lg:grid-cols-3 lg:gap-6">
          {benefits.map(({ icon: Icon, title, body }) => (
            <li key={title} className="rounded-3xl bg-white p-6 shadow-card ring-1 ring-ink-950/5 sm:p-7">
              <IconTile icon={Icon} />
              <h3 className="mt-5 text-lg font-bold tracking-tight text-ink-950">{title}</h3>
              <p className="mt-2 leading-7 text-ink-muted">{body}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
