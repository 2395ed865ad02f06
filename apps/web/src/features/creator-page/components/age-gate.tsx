import { EyeOff } from 'lucide-react';
import { useId } from 'react';
import { cn } from '../../../lib/cn.ts';
import { Button } from '../../../components/ui/button.tsx';

export const AGE_CONFIRM_LABEL = 'I am 18 or older — show';

/**
 * Stands in for an 18+ item's picture, blurred preview included, until the viewer says they are
 * 18 or older (DESIGN §7). Neutral on purpose: nothing of the item shows through.
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
  const id = useId();
  return (
    <div className="absolute inset-0 flex flex-col items-center justify-center gap-3 bg-gradient-to-br from-ink-800 to-ink-950 p-5 text-center text-white">
      <span
        aria-hidden="true"
        className={cn(
          'grid place-items-center rounded-full bg-white/10 ring-1 ring-white/20',
          size === 'page' ? 'size-16' : 'size-12',
        )}
      >
        <EyeOff className={size === 'page' ? 'size-7' : 'size-5'} />
      </span>
      <div id={id}>
        <p className={cn('font-bold', size === 'page' ? 'text-xl' : 'text-base')}>
          18+ <span className="sr-only">item: {title}</span>
        </p>
        <p className={cn('mt-1 text-ink-100', size === 'page' ? 'max-w-xs text-base' : 'max-w-[15rem] text-sm')}>
          Mature content. Confirm your age to see the preview.
        </p>
      </div>
      <Button variant="primary" size="sm" aria-describedby={id} onClick={onConfirm}>
        {AGE_CONFIRM_LABEL}
      </Button>
    </div>
  );
}
