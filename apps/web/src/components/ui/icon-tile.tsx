import type { LucideIcon } from 'lucide-react';
import { cn } from '../../lib/cn.ts';

const TONES = {
  marigold: 'bg-marigold-100 text-marigold-800',
  ink: 'bg-ink-950 text-marigold-300',
  danger: 'bg-red-50 text-red-700',
  success: 'bg-emerald-100 text-emerald-800',
} as const;

export type IconTileTone = keyof typeof TONES;

/** The rounded square with an icon that heads a dialog, an empty page or a card: one shape, four tones. */
export function IconTile({
  icon: Icon,
  tone = 'marigold',
  small = false,
}: {
  icon: LucideIcon;
  tone?: IconTileTone;
  /** A smaller glyph in the same tile (a lock on a locked page). */
  small?: boolean;
}) {
  return (
    <span className={cn('grid size-12 shrink-0 place-items-center rounded-2xl', TONES[tone])}>
      <Icon aria-hidden="true" className={small ? 'size-5' : 'size-6'} />
    </span>
  );
}
