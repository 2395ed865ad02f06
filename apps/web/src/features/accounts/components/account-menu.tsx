import type { Me } from '@kholo/contracts';
import { ChevronDown, FileLock2, KeyRound, Store, type LucideIcon } from 'lucide-react';
import { Link } from 'react-router';
import { useEffect, useId, useRef, useState, type ComponentType } from 'react';
import { toast } from '../../../components/ui/toast.tsx';
import { createChunkLoader } from '../../../lib/chunk-loader.ts';
import { cn } from '../../../lib/cn.ts';
import { useT } from '../../../lib/i18n/index.ts';
import { useAuthDialog } from '../hooks/use-auth-dialog.ts';
import type { SetPasswordDialogProps } from './set-password-dialog.tsx';

// The dialog checks the password with the contracts' zod rule: its own chunk, off the first load.
const setPasswordChunk = createChunkLoader<ComponentType<SetPasswordDialogProps>>(() =>
  import('./set-password-dialog.tsx').then((module) => module.SetPasswordDialog),
);

export interface AccountMenuProps {
  account: NonNullable<Me['account']>;
  /** Whether the account has a creator page; one without is offered "Start selling on Kholo". */
  isCreator: boolean;
}

/**
 * The signed-in person's name in the header, opening what she can do with her account: start
 * selling (an account without a creator page) and set a password (an account made at checkout,
 * which logs in with emailed codes). A disclosure rather than an ARIA menu: a few plain buttons.
 */
export function AccountMenu({ account, isCreator }: AccountMenuProps) {
  const { t } = useT();
  const panelId = useId();
  const [open, setOpen] = useState(false);
  const [PasswordDialog, setPasswordDialog] = useState<ComponentType<SetPasswordDialogProps> | null>(null);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const authDialog = useAuthDialog();
  const displayName = account.name.trim().split(/\s+/)[0] || account.email;
  // The admin signs in at /admin and never sells.
  const canStartSelling = !isCreator && !account.isAdmin;

  // A press anywhere else closes the panel, as does focus leaving it (Tab past its last button).
  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
    };
  }, [open]);

  const choose = (action: () => void) => {
    setOpen(false);
    action();
  };

  const openSetPassword = () => {
    setPasswordChunk.load().then(
      (component) => {
        setPasswordDialog(() => component);
      },
      () => {
        toast.error(t('site.account.passwordFormFailed'), { description: t('site.account.checkConnection') });
      },
    );
  };

  return (
    <>
      <div
        ref={rootRef}
        className="relative min-w-0"
        onKeyDown={(event) => {
          if (event.key === 'Escape' && open) {
            event.stopPropagation();
            setOpen(false);
            buttonRef.current?.focus();
          }
        }}
        onBlur={(event) => {
          if (open && !event.currentTarget.contains(event.relatedTarget)) setOpen(false);
        }}
      >
        <button
          ref={buttonRef}
          type="button"
          aria-expanded={open}
          aria-controls={open ? panelId : undefined}
          onClick={() => {
            setOpen((value) => !value);
          }}
          onPointerEnter={canStartSelling ? authDialog.preload : undefined}
          className="flex h-10 max-w-full min-w-0 items-center gap-1 rounded-full px-1.5 transition-colors hover:bg-ink-100/70 sm:gap-2 sm:pr-2.5 sm:pl-1"
        >
          <span
            aria-hidden="true"
            className="hidden size-8 shrink-0 place-items-center rounded-full bg-ink-950 text-sm font-bold text-marigold-300 uppercase sm:grid"
          >
            {displayName.charAt(0)}
          </span>
          <span className="max-w-[6.5rem] min-w-0 truncate text-sm font-semibold text-ink-950 sm:max-w-[12rem]">
            <span className="sr-only">{t('site.account.signedInAs')}</span> {displayName}
          </span>
          <ChevronDown
            aria-hidden="true"
            className={cn('size-4 shrink-0 text-ink-muted transition-transform', open && 'rotate-180')}
          />
        </button>
        {open ? (
          // On a phone the panel spans the screen under the header: right-aligned beside Logout,
          // it would run off the left edge.
          <div
            id={panelId}
            className="absolute top-full right-0 z-50 mt-2 w-72 rounded-2xl bg-white p-2 shadow-lift ring-1 ring-ink-950/8 max-sm:fixed max-sm:inset-x-3 max-sm:top-16 max-sm:mt-1 max-sm:w-auto"
          >
            <p className="px-3 pt-2 pb-3 text-sm text-ink-muted">
              {t('site.account.signedInAs')}{' '}
              <span className="block truncate font-semibold text-ink-950">{account.email}</span>
            </p>
            {canStartSelling ? (
              <MenuButton
                icon={Store}
                onClick={() => {
                  choose(() => {
                    authDialog.open({ audience: 'creator', mode: 'start-selling' });
                  });
                }}
              >
                {t('site.account.startSelling')}
              </MenuButton>
            ) : null}
            <Link
              to="/account/data"
              onClick={() => {
                setOpen(false);
              }}
              className="flex min-h-11 w-full items-center gap-3 rounded-xl px-3 text-left text-[0.9375rem] font-semibold text-ink-950 transition-colors hover:bg-ink-50"
            >
              <FileLock2 aria-hidden="true" className="size-5 shrink-0 text-ink-muted" />
              {t('site.account.yourData')}
            </Link>
            {account.hasPassword ? null : (
              <MenuButton
                icon={KeyRound}
                onClick={() => {
                  choose(openSetPassword);
                }}
              >
                {t('site.account.setPassword')}
              </MenuButton>
            )}
          </div>
        ) : null}
      </div>
      {PasswordDialog ? (
        <PasswordDialog
          email={account.email}
          onClose={() => {
            setPasswordDialog(null);
            // The dialog would hand focus back to "Set a password", hidden with the panel (and
            // gone once a password is set).
            buttonRef.current?.focus();
          }}
        />
      ) : null}
    </>
  );
}

function MenuButton({ icon: Icon, onClick, children }: { icon: LucideIcon; onClick: () => void; children: string }) {
  return (
    <button
      type="button"
      onClick={onClick}
      className="flex min-h-11 w-full items-center gap-3 rounded-xl px-3 text-left text-[0.9375rem] font-semibold text-ink-950 transition-colors hover:bg-ink-50"
    >
      <Icon aria-hidden="true" className="size-5 shrink-0 text-ink-muted" />
      {children}
    </button>
  );
}
