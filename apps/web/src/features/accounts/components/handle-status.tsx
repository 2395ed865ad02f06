import { handleInput } from '@kholo/contracts';
import { CircleAlert, CircleCheck } from 'lucide-react';
import { useT } from '../../../lib/i18n/index.ts';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { HANDLE_CHECK_DELAY_MS, useHandleAvailability } from '../api/check-handle.ts';

export type HandleStatus =
  | { kind: 'current' }
  | { kind: 'invalid' | 'taken' | 'unknown'; message: string }
  | { kind: 'checking' }
  | { kind: 'available' };

/**
 * What a handle field says as she types (the Profile tab, "Start selling on Kholo?"): checked
 * with the contracts' rule, then with the server once typing pauses. `current` is the handle
 * she has (the Profile tab), which needs no check; without one an empty field says nothing yet.
 */
export function useHandleStatus(handle: string, current: string | null = null) {
  const { t, tm } = useT();
  // The handle as the server will store it.
  const normalized = handle.trim().toLowerCase();
  const check = handleInput.safeParse(handle);
  const debounced = useDebouncedValue(normalized, HANDLE_CHECK_DELAY_MS);
  const settled = debounced === normalized;
  const availability = useHandleAvailability(check.success && settled && normalized !== current ? debounced : null);

  const status = ((): HandleStatus | null => {
    if (current !== null && normalized === current) return { kind: 'current' };
    // An empty field is not wrong yet: the hint says what to type.
    if ((current === null && normalized === '') || !settled) return null;
    if (!check.success) return { kind: 'invalid', message: tm(check.error.issues[0]?.message ?? '') };
    if (availability.data) {
      return availability.data.available
        ? { kind: 'available' }
        : { kind: 'taken', message: tm(availability.data.message ?? t('accounts.handle.taken')) };
    }
    if (availability.isError) return { kind: 'unknown', message: t('accounts.handle.unknown') };
    return { kind: 'checking' };
  })();

  return { normalized, status };
}

export function HandleStatusText({ status, handle }: { status: HandleStatus | null; handle: string }) {
  const { t } = useT();
  if (!status) return null;
  switch (status.kind) {
    case 'current':
      return <span className="text-ink-muted">{t('accounts.handle.current')}</span>;
    case 'checking':
      return <span className="text-ink-muted">{t('accounts.handle.checking', { handle })}</span>;
    case 'available':
      return (
        <span className="inline-flex items-start gap-1.5 text-emerald-800">
          <CircleCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          {t('accounts.handle.available', { handle })}
        </span>
      );
    case 'unknown':
      return <span className="text-ink-muted">{status.message}</span>;
    case 'invalid':
    case 'taken':
      return (
        <span className="inline-flex items-start gap-1.5 text-red-700">
          <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          {status.message}
        </span>
      );
  }
}
