import type { ReactNode } from 'react';
import { cn } from '../../../lib/cn.ts';

export function SectionHeading({
  id,
  eyebrow,
  title,
  children,
  tone = 'dark',
  className,
}: {
  id: string;
  eyebrow: string;
  title: string;
  children?: ReactNode;
  tone?: 'dark' | 'light';
  className?: string;
}) {
  return (
    <div className={cn('max-w-2xl', className)}>
      <p
        className={cn(
          'text-sm font-bold tracking-[0.14em] uppercase',
          tone === 'dark' ? 'text-marigold-800' : 'text-marigold-300',
        )}
      >
        {eyebrow}
      </p>
      <h2
        id={id}
        className={cn(
          'mt-3 text-3xl leading-tight font-extrabold tracking-tight text-balance sm:text-4xl',
          tone === 'dark' ? 'text-ink-950' : 'text-white',
        )}
      >
        {title}
      </h2>
      {children ? (
        <p className={cn('mt-4 text-lg leading-8', tone === 'dark' ? 'text-ink-muted' : 'text-ink-100')}>{children}</p>
      ) : null}
    </div>
  );
}
