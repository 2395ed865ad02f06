import { useMemo, useRef, useState, type ComponentType, type ReactNode } from 'react';
import { toast } from '../../../components/ui/toast.tsx';
import { createChunkLoader } from '../../../lib/chunk-loader.ts';
import { UnlockDialogContext, type OpenUnlockDialogOptions, type UnlockDialogApi } from '../hooks/use-unlock-dialog.ts';
import type { UnlockDialogProps } from './unlock-dialog.tsx';

/*
 * The dialog's code (and the checkout code it calls) is a chunk of its own, fetched on the first
 * Unlock or earlier on hover or focus, so the creator and content pages stay small. Loaded by
 * hand, as the login dialog is, so a failed fetch becomes a toast that can be retried.
 */
type UnlockDialogComponent = ComponentType<UnlockDialogProps>;
const dialogChunk = createChunkLoader<UnlockDialogComponent>(() =>
  import('./unlock-dialog.tsx').then((module) => module.UnlockDialog),
);

interface OpenRequest extends OpenUnlockDialogOptions {
  /** A new key per open, so every open starts fresh (no stale error or busy button). */
  key: number;
}

/** Wraps a page whose Unlock buttons open 'Unlock Premium Content' (SPEC §2). */
export function UnlockDialogProvider({ children }: { children: ReactNode }) {
  const [request, setRequest] = useState<OpenRequest | null>(null);
  const [Dialog, setDialog] = useState<UnlockDialogComponent | undefined>(() => dialogChunk.loaded);
  const nextKey = useRef(1);

  const api = useMemo<UnlockDialogApi>(() => {
    const show = (options: OpenUnlockDialogOptions, component: UnlockDialogComponent) => {
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
            toast.error('Could not open the payment window', { description: 'Check your connection and try again.' });
          },
        );
      },
      preload: () => {
        dialogChunk.load().catch(() => {
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
