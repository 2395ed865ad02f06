import { useMemo, useRef, useState, type ComponentType, type ReactNode } from 'react';
import { toast } from '../../../components/ui/toast.tsx';
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
let loaded: AuthDialogComponent | undefined;
let loading: Promise<AuthDialogComponent> | undefined;

function loadAuthDialog(): Promise<AuthDialogComponent> {
  loading ??= import('./auth-dialog.tsx').then(
    (module) => (loaded = module.AuthDialog),
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

interface OpenRequest extends OpenAuthDialogOptions {
  /** A new key per open, so every open starts from a fresh form. */
  key: number;
}

export function AuthDialogProvider({ children }: { children: ReactNode }) {
  const [request, setRequest] = useState<OpenRequest | null>(null);
  const [Dialog, setDialog] = useState<AuthDialogComponent | undefined>(() => loaded);
  const nextKey = useRef(1);

  const api = useMemo<AuthDialogApi>(() => {
    const show = (options: OpenAuthDialogOptions, component: AuthDialogComponent) => {
      setDialog(() => component);
      setRequest({ ...options, key: nextKey.current++ });
    };
    return {
      open: (options) => {
        if (loaded) {
          show(options, loaded);
          return;
        }
        loadAuthDialog().then(
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
        loadAuthDialog().catch(() => {
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
