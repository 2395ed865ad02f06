import { cn } from '../../lib/cn.ts';

/** Kholo's mark: an open padlock (Kholo is Hindi for "open"). Decorative; label the link around it. */
export function LogoMark({ className }: { className?: string | undefined }) {
  return (
    <svg viewBox="0 0 64 64" aria-hidden="true" focusable="false" className={cn('size-8', className)}>
      <rect width="64" height="64" rx="16" fill="#14112e" />
      <path d="M22 29v-7a10 10 0 0 1 19.4-3.4" fill="none" stroke="#ffb627" strokeWidth="5.5" strokeLinecap="round" />
      <rect x="15" y="29" width="34" height="24" rx="6" fill="#ffb627" />
      <circle cx="32" cy="39.5" r="3.6" fill="#14112e" />
      <rect x="30.2" y="40" width="3.6" height="7" rx="1.8" fill="#14112e" />
    </svg>
  );
}

export function Wordmark({ className, tone = 'dark' }: { className?: string; tone?: 'dark' | 'light' }) {
  return (
    <span className={cn('inline-flex items-center gap-2', className)}>
      <LogoMark className={tone === 'light' ? 'ring-1 ring-white/15 rounded-[0.6rem]' : undefined} />
      <span
        className={cn(
          'text-[1.375rem] leading-none font-extrabold tracking-tight',
          tone === 'dark' ? 'text-ink-950' : 'text-white',
        )}
      >
        Kholo
      </span>
    </span>
  );
}
