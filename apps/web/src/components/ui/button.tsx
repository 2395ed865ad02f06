import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn.ts';

export type ButtonVariant =
  'primary' | 'dark' | 'danger' | 'danger-ghost' | 'outline' | 'ghost' | 'outline-light' | 'whatsapp';
export type ButtonSize = 'sm' | 'md' | 'lg';

const variants: Record<ButtonVariant, string> = {
  primary: 'bg-marigold-400 text-ink-950 shadow-sm hover:bg-marigold-300 active:bg-marigold-500',
  dark: 'bg-ink-950 text-white shadow-sm hover:bg-ink-800 active:bg-ink-900',
  danger: 'bg-red-700 text-white shadow-sm hover:bg-red-800 active:bg-red-900',
  outline: 'border border-ink-200 bg-white text-ink-950 hover:border-ink-300 hover:bg-ink-50',
  ghost: 'text-ink-950 hover:bg-ink-100/70',
  'danger-ghost': 'text-red-700 hover:bg-red-50',
  'outline-light': 'border border-white/35 text-white hover:border-white/60 hover:bg-white/10',
  // An outline in WhatsApp's green, its own variant: a colour added to `outline` would compete
  // with the outline's own text colour, and the stylesheet's order, not ours, would pick one.
  whatsapp: 'border border-emerald-700/30 bg-white text-emerald-900 hover:border-emerald-700/50 hover:bg-emerald-50',
};

const sizes: Record<ButtonSize, string> = {
  sm: 'h-10 px-4 text-sm',
  md: 'h-11 px-5 text-[0.9375rem]',
  lg: 'h-13 px-7 text-base',
};

/** Classes for anything that should look like a button (a `<button>` or a link). */
export function buttonClasses({
  variant = 'primary',
  size = 'md',
  className,
}: { variant?: ButtonVariant; size?: ButtonSize; className?: string } = {}): string {
  return cn(
    'inline-flex shrink-0 items-center justify-center gap-2 rounded-full font-semibold whitespace-nowrap transition-colors select-none disabled:cursor-not-allowed disabled:opacity-60 aria-disabled:cursor-wait aria-disabled:opacity-75',
    variants[variant],
    sizes[size],
    className,
  );
}

export interface ButtonProps extends ComponentProps<'button'> {
  variant?: ButtonVariant;
  size?: ButtonSize;
}

export function Button({ variant = 'primary', size = 'md', className, type = 'button', ...props }: ButtonProps) {
  return <button type={type} className={buttonClasses({ variant, size, className: className ?? '' })} {...props} />;
}
