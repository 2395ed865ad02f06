import { EyeOff } from 'lucide-react';
import { useId } from 'react';
import { cn } from '../../../lib/cn.ts';
import { Button } from '../../../components/ui/button.tsx';
import { useT } from '../../../lib/i18n/index.ts';
import { translate } from '@kholo/contracts';

export const AGE_CONFIRM_LABEL = translate('en', 'creatorPage.ageGate.confirm');

/**
 * Stands in for an 18+ item's picture, blurred preview included, until the viewer says they are
 * 18 or older (DESIGN §7). Neutral on purpose: nothing of the item shows through. On a card it is
 * compact (the card's picture box shrinks to fit it, content-card.tsx), so a creator's newest 18+
 * item never fills a visitor's first screen; on the content page it fills the media panel.
 */
export function AgeGate({
  title,
  onConfirm,
  size = 'card',
}: {
  title: string;
  onConfirm: () => void;
  size?: 'card' | 'page';
}) {
  const { t } = useT();
  const id = useId();
  const page = size === 'page';
  return (
    <div
      className={cn(
        'absolute inset-0 flex flex-col items-center justify-center bg-gradient-to-br from-ink-800 to-ink-950 text-center text-white',
        page ? 'gap-3 p-5' : 'gap-2.5 p-4',
      )}
    >
      {page ? (
        <span
          aria-hidden="true"
          className="grid size-16 place-items-center rounded-full bg-white/10 ring-1 ring-white/20"
        >
          <EyeOff className="size-7" />
        </span>
      ) : null}
      <div id={id}>
        <p className={cn('font-bold', page ? 'text-xl' : 'inline-flex items-center gap-1.5 text-base')}>
          {page ? null : <EyeOff aria-hidden="true" className="size-4" />}
          18+ <span className="sr-only">{t('creatorPage.ageGate.item', { title })}</span>
        </p>
        <p className={cn('mt-1 text-ink-100', page ? 'max-w-xs text-base' : 'max-w-[16rem] text-sm leading-5')}>
          {t('creatorPage.ageGate.body')}
        </p>
      </div>
      <Button variant="primary" size="sm" aria-describedby={id} onClick={onConfirm}>
        {t('creatorPage.ageGate.confirm')}
      </Button>
    </div>
  );
}
