import type { PublicCreator } from '@kholo/contracts';
import { useState } from 'react';
import { cn } from '../../../lib/cn.ts';

const SIZES = {
  sm: { box: 'size-10 text-base', pixels: 40 },
  lg: { box: 'size-20 text-3xl sm:size-24 sm:text-4xl', pixels: 96 },
} as const;

/** The creator's picture, or their initial on Kholo's warm gradient. Decorative: the name is always beside it. */
export function CreatorAvatar({
  creator,
  size = 'sm',
  className,
}: {
  creator: Pick<PublicCreator, 'name' | 'avatarUrl'>;
  size?: keyof typeof SIZES;
  className?: string;
}) {
  const [broken, setBroken] = useState(false);
  const { box, pixels } = SIZES[size];
  if (creator.avatarUrl && !broken) {
    return (
      <img
        src={creator.avatarUrl}
        alt=""
        width={pixels}
        height={pixels}
        decoding="async"
        onError={() => {
          setBroken(true);
        }}
        className={cn('shrink-0 rounded-full bg-ink-100 object-cover', box, className)}
      />
    );
  }
  return (
    <span
      aria-hidden="true"
      className={cn(
        'grid shrink-0 place-items-center rounded-full bg-gradient-to-br from-marigold-300 to-rose-400 font-extrabold text-ink-950 uppercase',
        box,
        className,
      )}
    >
      {creator.name.trim().charAt(0) || '?'}
    </span>
  );
}
