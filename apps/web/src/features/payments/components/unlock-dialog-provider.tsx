import { useMemo, useRef, useState, type ComponentType, type ReactNode } from 'react';
import { toast } from '../../../components/ui/toast.tsx';
import { UnlockDialogContext, type OpenUnlockDialogOptions, type UnlockDialogApi } from '../hooks/use-unlock-dialog.ts';
import type { UnlockDialogProps } from './unlock-dialog.tsx';

/*
 * The dialog's code (and the checkout code it calls) is a chunk of its own, fetched on the first
 * Unlock or earlier on hover or focus, so the creator and content pages stay small. Loaded by
 * hand, as the login dialog is, so a failed fetch becomes a toast that can be retried.
 */
type UnlockDialogComponent = ComponentType<UnlockDialogProps>;
let loaded: UnlockDialogComponent | undefined;
let loading: Promise<UnlockDialogComponent> | undefined;

function loadUnlockDialog(): Promise<UnlockDialogComponent> {
  loading ??= import('./unlock-dialog.tsx').then(
    (module) => (loaded = module.UnlockDialog),
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

interface OpenRequest extends OpenUnlockDialogOptions {
  /** A new key per open, so every open starts fresh (no stale error or busy button). */
  key: number;
}

/** Wraps a page whose Unlock buttons open 'Unlock Premium Content' (SPEC §2). */
export function UnlockDialogProvider({ children }: { children: ReactNode }) {
  const [request, setRequest] = useState<OpenRequest | null>(null);
  const [Dialog, setDialog] = useState<UnlockDialogComponent | undefined>(() => loaded);
  const nextKey = useRef(1);

  const api = useMemo<UnlockDialogApi>(() => {
    const show = (options: OpenUnlockDialogOptions, component: UnlockDialogComponent) => {
      setDialog(() => component);
      setRequest({ ...options, key: nextKey.current++ });
    };
    return {
      open: (options) => {
        if (loaded) {
          show(options, loaded);
          return;
        }
        loadUnlockDialog().then(
          (component) => {
            show(options, component);
          },
          () => {
            toast.error('Could not open the payment window', { description: 'Check your connection and try again.' });
          },
        );
      },
      preload: () => {
        loadUnlockDialog().catch(() => {
          // Only a hint; open() reports the failure if it happens again.
        });
      },
    };
  }, []);

  return (
    <UnlockDialogContext value={api}>
      {children}
      {request && Dialog ? (
        <Dialog
          key={request.key}
          target={request.target}
          onSessionEnded={request.onSessionEnded}
          onClose={() => {
            setRequest((current) => (current?.key === request.key ? null : current));
          }}
        />
      ) : null}
    </UnlockDialogContext>
  );
}
