import { useMemo, useRef, useState, type ComponentType, type ReactNode } from 'react';
import { toast } from '../../../components/ui/toast.tsx';
import { createChunkLoader } from '../../../lib/chunk-loader.ts';
import { AuthDialogContext, type AuthDialogApi, type OpenAuthDialogOptions } from '../hooks/use-auth-dialog.ts';
import { clearPendingUnlock } from '../pending-unlock.ts';
import type { AuthDialogProps } from './auth-dialog.tsx';

/*
 * The dialog's code (forms, zod, the contracts' schemas) is a separate chunk fetched on first
 * open, or earlier on a hint (hover, focus), so the landing page's first load stays small
 * (ADR 007). Loaded by hand rather than with React.lazy so that a failed fetch becomes a toast
 * and can be retried, instead of an error boundary that remembers the failure.
 */
type AuthDialogComponent = ComponentType<AuthDialogProps>;
const dialogChunk = createChunkLoader<AuthDialogComponent>(() =>
  import('./auth-dialog.tsx').then((module) => module.AuthDialog),
);

interface OpenRequest extends OpenAuthDialogOptions {
  /** A new key per open, so every open starts from a fresh form. */
  key: number;
}

export function AuthDialogProvider({ children }: { children: ReactNode }) {
  const [request, setRequest] = useState<OpenRequest | null>(null);
  const [Dialog, setDialog] = useState<AuthDialogComponent | undefined>(() => dialogChunk.loaded);
  const nextKey = useRef(1);

  const api = useMemo<AuthDialogApi>(() => {
    const show = (options: OpenAuthDialogOptions, component: AuthDialogComponent) => {
      setDialog(() => component);
      setRequest({ ...options, key: nextKey.current++ });
    };
    return {
      open: (options) => {
        const loaded = dialogChunk.loaded;
        if (loaded) {
          show(options, loaded);
          return;
        }
        dialogChunk.load().then(
          (component) => {
            show(options, component);
          },
          () => {
            toast.error('Could not open the login form', {
              description: 'Check your connection and try again.',
            });
          },
        );
      },
      close: () => {
        setRequest(null);
      },
      preload: () => {
        dialogChunk.load().catch(() => {
          // Only a hint; open() reports the failure if it happens again.
        });
      },
    };
  }, []);

  return (
    <AuthDialogContext value={api}>
      {children}
      {request && Dialog ? (
        <Dialog
          key={request.key}
          options={request}
          onClose={(signedIn) => {
            // A fan who closes the dialog without logging in no longer wants the unlock they tapped.
            if (!signedIn && request.audience === 'fan') clearPendingUnlock();
            setRequest((current) => (current?.key === request.key ? null : current));
          }}
        />
      ) : null}
    </AuthDialogContext>
  );
}
