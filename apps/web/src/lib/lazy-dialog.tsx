import { useMemo, useRef, useState, type ComponentType, type Context, type ReactNode } from 'react';
import { toast } from '../components/ui/toast.tsx';
import type { ChunkLoader } from './chunk-loader.ts';
import { useT } from './i18n/index.ts';

/*
 * A dialog whose code is a chunk of its own, fetched on first open or earlier on a hint (hover,
 * focus), so the pages that can open it stay small (ADR 007). The chunk is loaded by hand rather
 * than with React.lazy so that a failed fetch becomes a toast and can be retried, instead of an
 * error boundary that remembers the failure. The login and unlock dialogs both work this way.
 */

/** What a page gets from a lazy dialog's hook. */
export interface LazyDialogApi<Options> {
  open: (options: Options) => void;
  close: () => void;
  /** Starts fetching the dialog's code, e.g. when the button that opens it is hovered or focused. */
  preload: () => void;
}

/** The props a lazily loaded dialog takes: how it was opened, and what to call once it has closed. */
export interface LazyDialogProps<Options, Result = void> {
  options: Options;
  onClose: (result: Result) => void;
}

export type LazyDialogContext<Options> = Context<LazyDialogApi<Options> | null>;

export interface LazyDialogProviderProps<Options, Result> {
  context: LazyDialogContext<Options>;
  chunk: ChunkLoader<ComponentType<LazyDialogProps<Options, Result>>>;
  /** The toast's title when the chunk cannot be fetched. */
  loadFailedMessage: string;
  /** Runs once the dialog has closed, with how it was opened and what it reported. */
  onClosed?: ((options: Options, result: Result) => void) | undefined;
  children: ReactNode;
}

interface OpenRequest<Options> {
  options: Options;
  /** A new key per open, so every open starts fresh (an empty form, no stale error or busy button). */
  key: number;
}

/** Puts a lazy dialog in reach of everything under it; open it through its context's hook. */
export function LazyDialogProvider<Options, Result = void>({
  context: DialogContext,
  chunk,
  loadFailedMessage,
  onClosed,
  children,
}: LazyDialogProviderProps<Options, Result>) {
  type DialogComponent = ComponentType<LazyDialogProps<Options, Result>>;
  const [request, setRequest] = useState<OpenRequest<Options> | null>(null);
  const [Dialog, setDialog] = useState<DialogComponent | undefined>(() => chunk.loaded);
  const nextKey = useRef(1);
  const { t } = useT();
  const checkConnection = t('site.account.checkConnection');

  const api = useMemo<LazyDialogApi<Options>>(() => {
    const show = (options: Options, component: DialogComponent) => {
      setDialog(() => component);
      setRequest({ options, key: nextKey.current++ });
    };
    return {
      open: (options) => {
        const loaded = chunk.loaded;
        if (loaded) {
          show(options, loaded);
          return;
        }
        chunk.load().then(
          (component) => {
            show(options, component);
          },
          () => {
            toast.error(loadFailedMessage, { description: checkConnection });
          },
        );
      },
      close: () => {
        setRequest(null);
      },
      preload: () => {
        chunk.load().catch(() => {
          // Only a hint; open() reports the failure if it happens again.
        });
      },
    };
  }, [chunk, loadFailedMessage, checkConnection]);

  return (
    <DialogContext value={api}>
      {children}
      {request && Dialog ? (
        <Dialog
          key={request.key}
          options={request.options}
          onClose={(result) => {
            onClosed?.(request.options, result);
            setRequest((current) => (current?.key === request.key ? null : current));
          }}
        />
      ) : null}
    </DialogContext>
  );
}
