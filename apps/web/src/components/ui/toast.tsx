import { CircleAlert, CircleCheck, X } from 'lucide-react';
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { cn } from '../../lib/cn.ts';
// use-t directly: the index re-exports the provider, which toasts (a cycle through the index).
import { useT } from '../../lib/i18n/use-t.ts';

/**
 * A tiny toast system: `toast.success(message)` / `toast.error(message)` from anywhere (with an
 * optional `{ description }` line under the message), and one `<Toaster />` near the root.
 * A message the catalogue knows in English (a rule's words, an API error, 'Link copied') is
 * shown in the interface's language (useT().tm), so code outside components can toast it too.
 * Written in-house because toast libraries inject `<style>` tags at runtime, which Kholo's CSP
 * (`style-src 'self'`) blocks.
 *
 * A modal <dialog> sits in the browser's top layer and makes the rest of the page inert, so a
 * toast rendered at the root would appear behind it and go unannounced. Each modal therefore
 * renders its own <Toaster />, and only the most recently mounted Toaster shows the toasts.
 */

export type ToastKind = 'success' | 'error';

export interface ToastItem {
  id: number;
  kind: ToastKind;
  message: string;
  /** A second, quieter line, e.g. the server's explanation under 'Authentication Error'. */
  description?: string | undefined;
}

export interface ToastOptions {
  description?: string | undefined;
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

function show(kind: ToastKind, message: string, options: ToastOptions = {}): number {
  const id = nextId++;
  toasts = [...toasts, { id, kind, message, description: options.description }].slice(-MAX_TOASTS);
  emit();
  return id;
}

export const toast = {
  /** Polite announcement (role="status"). Returns the toast's id. */
  success: (message: string, options?: ToastOptions): number => show('success', message, options),
  /** Assertive announcement (role="alert"). Returns the toast's id. */
  error: (message: string, options?: ToastOptions): number => show('error', message, options),
  /** Dismisses one toast, or all of them when called without an id. */
  dismiss: (id?: number): void => {
    toasts = id === undefined ? [] : toasts.filter((item) => item.id !== id);
    emit();
  },
};

// Mounted Toasters, oldest first; the last one is where toasts appear.
let hosts: readonly number[] = [];
let nextHostId = 1;
const hostListeners = new Set<() => void>();

function subscribeHosts(listener: () => void): () => void {
  hostListeners.add(listener);
  return () => hostListeners.delete(listener);
}

function getHosts(): readonly number[] {
  return hosts;
}

function setHosts(next: readonly number[]): void {
  hosts = next;
  for (const listener of hostListeners) listener();
}

/** Whether this Toaster is the newest one mounted, and so the one that shows the toasts. */
function useIsActiveHost(): boolean {
  const [hostId] = useState(() => nextHostId++);
  useEffect(() => {
    setHosts([...hosts, hostId]);
    return () => {
      setHosts(hosts.filter((id) => id !== hostId));
    };
  }, [hostId]);
  const current = useSyncExternalStore(subscribeHosts, getHosts, getHosts);
  return current[current.length - 1] === hostId;
}

function ToastCard({ item }: { item: ToastItem }) {
  const { t, tm } = useT();
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
      <div className="min-w-0 flex-1 text-sm leading-6">
        <p className={cn('text-ink-950', item.description ? 'font-semibold' : 'font-medium')}>{tm(item.message)}</p>
        {item.description ? <p className="text-ink-muted">{tm(item.description)}</p> : null}
      </div>
      <button
        type="button"
        onClick={() => {
          toast.dismiss(item.id);
        }}
        className="-my-1 grid size-8 shrink-0 place-items-center rounded-full text-ink-muted hover:bg-ink-50 hover:text-ink-950"
        aria-label={t('site.dismissNotification')}
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
  const { t } = useT();
  const active = useIsActiveHost();
  const all = useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
  const items = active ? all : [];
  const errors = items.filter((item) => item.kind === 'error');
  const successes = items.filter((item) => item.kind === 'success');
  return (
    <section
      aria-label={t('site.notifications')}
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
