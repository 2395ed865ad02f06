import { formatPaise, MIN_PRICE_PAISE, UNLOCK_WINDOW_DAYS } from '@kholo/contracts';
import { CalendarX2, Coins, CreditCard, IndianRupee, ShieldCheck, Zap, type LucideIcon } from 'lucide-react';
import { getPublicConfig, type PayoutsMode } from '../../../lib/public-config.ts';
import { payoutWords } from '../payout-wording.ts';
import { SectionHeading } from './section-heading.tsx';
import { IconTile } from '../../../components/ui/icon-tile.tsx';

interface Benefit {
  icon: LucideIcon;
  title: string;
  body: string;
}

// SPEC §1: the platform fee is only ever called small; no number or percentage appears here.
function benefitsFor(payoutsMode: PayoutsMode): readonly Benefit[] {
  const payouts = payoutWords(payoutsMode);
  return [
    {
      icon: CalendarX2,
      title: 'No monthly fees',
      body: 'No subscription, no listing charges. Sign up and upload for free, and pay nothing until you earn.',
    },
    {
      icon: Coins,
      title: 'Only a small platform fee',
      body: 'We keep a small platform fee each time a fan unlocks your work. The rest of every sale is yours.',
    },
    {
      icon: Zap,
      title: payouts.benefitTitle,
      body: payouts.benefitBody,
    },
    {
      icon: CreditCard,
      title: 'Fans pay their way',
      body: 'UPI, debit and credit cards, and net banking: the ways your fans already pay, all in rupees.',
    },
    {
      icon: IndianRupee,
      title: 'You set the price',
      body: `Price each photo or video in ₹, from as little as ${formatPaise(MIN_PRICE_PAISE)}. Every unlock gives a fan ${UNLOCK_WINDOW_DAYS} days of access.`,
    },
    {
      icon: ShieldCheck,
      title: 'Your originals stay protected',
      body: 'Until a fan pays, they only see a blurred preview. Your original file never reaches anyone who hasn’t unlocked it.',
    },
  ];
}

export function Benefits() {
  const benefits = benefitsFor(getPublicConfig().payoutsMode);
  return (
    <section aria-labelledby="benefits" className="bg-sand">
      <div className="mx-auto max-w-6xl px-4 py-20 sm:px-6 sm:py-24 lg:px-8 lg:py-28">
        <SectionHeading id="benefits" eyebrow="Why Kholo" title="Why creators choose Kholo">
          Built around how Indian creators actually earn: simple pricing, familiar payments, money in your account fast.
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
