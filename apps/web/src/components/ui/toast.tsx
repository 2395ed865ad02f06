import { CircleAlert, CircleCheck, X } from 'lucide-react';
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { cn } from '../../lib/cn.ts';

/**
 * A tiny toast system: `toast.success(message)` / `toast.error(message)` from anywhere,
 * and one `<Toaster />` near the root. Written in-house because toast libraries inject
 * `<style>` tags at runtime, which Kholo's CSP (`style-src 'self'`) blocks.
 */

export type ToastKind = 'success' | 'error';

export interface ToastItem {
  id: number;
  kind: ToastKind;
  message: string;
}

/** How long a toast stays up; the clock pauses while it is hovered or focused. */
export const TOAST_DURATION_MS = 5000;
const MAX_TOASTS = 4;

let toasts: readonly ToastItem[] = [];
let nextId = 1;
const listeners = new Set<() => void>();

function emit(): void {
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function getSnapshot(): readonly ToastItem[] {
  return toasts;
}

function show(kind: ToastKind, message: string): number {
  const id = nextId++;
  toasts = [...toasts, { id, kind, message }].slice(-MAX_TOASTS);
  emit();
  return id;
}

export const toast = {
  /** Polite announcement (role="status"). Returns the toast's id. */
  success: (message: string): number => show('success', message),
  /** Assertive announcement (role="alert"). Returns the toast's id. */
  error: (message: string): number => show('error', message),
  /** Dismisses one toast, or all of them when called without an id. */
  dismiss: (id?: number): void => {
    toasts = id === undefined ? [] : toasts.filter((item) => item.id !== id);
    emit();
  },
};

function ToastCard({ item }: { item: ToastItem }) {
  const [paused, setPaused] = useState(false);
  const remaining = useRef(TOAST_DURATION_MS);

  useEffect(() => {
    if (paused) return;
    const startedAt = Date.now();
    const timer = setTimeout(() => {
      toast.dismiss(item.id);
    }, remaining.current);
    return () => {
      clearTimeout(timer);
      remaining.current -= Date.now() - startedAt;
    };
  }, [paused, item.id]);

  const Icon = item.kind === 'success' ? CircleCheck : CircleAlert;
  return (
    <div
      className={cn(
        'pointer-events-auto flex w-full items-start gap-3 rounded-2xl border bg-white p-4 pr-2 shadow-lift motion-safe:animate-toast-in',
        item.kind === 'success' ? 'border-emerald-200' : 'border-red-200',
      )}
      onMouseEnter={() => {
        setPaused(true);
      }}
      onMouseLeave={() => {
        setPaused(false);
      }}
      onFocus={() => {
        setPaused(true);
      }}
      onBlur={() => {
        setPaused(false);
      }}
    >
      <Icon
        aria-hidden="true"
        className={cn('mt-0.5 size-5 shrink-0', item.kind === 'success' ? 'text-emerald-700' : 'text-red-700')}
      />
      <p className="flex-1 text-sm leading-6 font-medium text-ink-950">{item.message}</p>
      <button
        type="button"
        onClick={() => {
          toast.dismiss(item.id);
        }}
        className="-my-1 grid size-8 shrink-0 place-items-center rounded-full text-ink-muted hover:bg-ink-50 hover:text-ink-950"
        aria-label="Dismiss notification"
      >
        <X aria-hidden="true" className="size-4" />
      </button>
    </div>
  );
}

/**
 * Renders the toasts. The two live regions are always in the DOM so screen readers are
 * already listening when a message arrives: errors interrupt, successes wait their turn.
 */
export function Toaster() {
  const items = useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
  const errors = items.filter((item) => item.kind === 'error');
  const successes = items.filter((item) => item.kind === 'success');
  return (
    <section
      aria-label="Notifications"
      className="pointer-events-none fixed inset-x-0 bottom-0 z-50 flex flex-col items-center gap-2 px-3 pb-[max(1rem,env(safe-area-inset-bottom))] sm:items-end sm:px-6 sm:pb-6"
    >
      <div role="alert" aria-live="assertive" className="flex w-full max-w-sm flex-col gap-2">
        {errors.map((item) => (
          <ToastCard key={item.id} item={item} />
        ))}
      </div>
      <div role="status" aria-live="polite" className="flex w-full max-w-sm flex-col gap-2">
        {successes.map((item) => (
          <ToastCard key={item.id} item={item} />
        ))}
      </div>
    </section>
  );
}
