import { cn } from '../../lib/cn.ts';

/** What a status means for the person reading it; each tone has its colour and dot. */
export type StatusTone = 'neutral' | 'waiting' | 'active' | 'done' | 'bad';

const TONES: Record<StatusTone, { badge: string; dot: string }> = {
  neutral: { badge: 'bg-ink-50 text-ink-800 ring-1 ring-ink-950/10', dot: 'bg-ink-400' },
  waiting: { badge: 'bg-marigold-100 text-marigold-800', dot: 'bg-marigold-600' },
  active: { badge: 'bg-ink-100 text-ink-800', dot: 'bg-ink-600' },
  done: { badge: 'bg-emerald-100 text-emerald-800', dot: 'bg-emerald-600' },
  bad: { badge: 'bg-red-100 text-red-800', dot: 'bg-red-600' },
};

/**
 * A status as a small pill: colour and text together, so it never rests on colour alone. `srPrefix`
 * ("Status: ") is read out before the label where the label alone would be unclear.
 */
export function StatusBadge({ tone, label, srPrefix }: { tone: StatusTone; label: string; srPrefix?: string }) {
  const style = TONES[tone];
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1.5 rounded-full px-2.5 py-0.5 text-xs font-bold whitespace-nowrap',
        style.badge,
      )}
    >
      <span aria-hidden="true" className={cn('size-1.5 shrink-0 rounded-full', style.dot)} />
      {srPrefix === undefined ? null : <span className="sr-only">{srPrefix}</span>}
      {label}
    </span>
  );
}
