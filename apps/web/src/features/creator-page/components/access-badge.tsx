import { translate, type ContentAccess, type Locale } from '@kholo/contracts';
import { Film } from 'lucide-react';
import { cn } from '../../../lib/cn.ts';
import { useT } from '../../../lib/i18n/index.ts';

/** SPEC §2: 'Unlocked ({n}d left)' for a fan; the creator and the admin see why they can see it. */
export function accessLabel(access: ContentAccess, locale: Locale = 'en'): string | null {
  switch (access.kind) {
    case 'unlocked':
      return translate(locale, 'creatorPage.unlockedDaysLeft', { days: access.daysLeft });
    case 'owner':
      return translate(locale, 'creatorPage.yourItem');
    case 'admin':
      return translate(locale, 'creatorPage.adminView');
    case 'locked':
      return null;
  }
}

const pill = 'inline-flex items-center gap-1.5 rounded-full px-2.5 py-1 text-xs font-bold whitespace-nowrap shadow-sm';

export function AccessBadge({ access, className }: { access: ContentAccess; className?: string }) {
  const { locale } = useT();
  const label = accessLabel(access, locale);
  if (!label) return null;
  const fan = access.kind === 'unlocked';
  return (
    <span className={cn(pill, fan ? 'bg-white/95 text-emerald-800' : 'bg-white/95 text-ink-800', className)}>
      <span
        aria-hidden="true"
        className={cn('size-1.5 shrink-0 rounded-full', fan ? 'bg-emerald-600' : 'bg-ink-500')}
      />
      {label}
    </span>
  );
}

/** DESIGN §7: 18+ means mature (horror, gore, strong language), never sexual. */
export function AdultBadge({ className }: { className?: string }) {
  const { t } = useT();
  return (
    <span title={t('creatorPage.adultTitle')} className={cn(pill, 'bg-ink-950/90 text-white', className)}>
      18+
    </span>
  );
}

export function VideoBadge({ className }: { className?: string }) {
  const { t } = useT();
  return (
    <span className={cn(pill, 'bg-white/90 text-ink-950', className)}>
      <Film aria-hidden="true" className="size-3.5" />
      {t('creatorPage.video')}
    </span>
  );
}
