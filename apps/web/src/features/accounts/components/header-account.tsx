import { LogOut, ShoppingBag } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button, buttonClasses } from '../../../components/ui/button.tsx';
import { useT } from '../../../lib/i18n/index.ts';
import { useMe } from '../api/get-me.ts';
import { useLogout } from '../hooks/use-logout.ts';
import { hasCachedSession } from '../session-cache.ts';
import { AccountMenu } from './account-menu.tsx';

export interface HeaderAccountProps {
  onLogin: () => void;
  onJoin: () => void;
  /** A hint that a dialog may open soon (hover, focus), to fetch its code early. */
  onPreload: () => void;
}

/**
 * The header's right side: Login and Join Now for visitors; once signed in, My purchases (for a
 * fan), the person's first name opening her account menu, and Logout.
 */
export function HeaderAccount({ onLogin, onJoin, onPreload }: HeaderAccountProps) {
  const { t } = useT();
  const me = useMe();
  const { logout, isPending: loggingOut } = useLogout();
  // Read once: only decides whether a placeholder or the buttons show while /api/me loads.
  const [cachedSession] = useState(hasCachedSession);
  const account = me.data?.account;

  if (account) {
    return (
      <div key="account" className="flex min-w-0 items-center gap-1.5 sm:gap-3">
        {me.data?.fan ? (
          // On a phone only the bag shows (its name is still read out); the words from 640 px.
          <Link
            to="/purchases"
            className={buttonClasses({ variant: 'ghost', size: 'sm', className: 'px-2.5 sm:px-4' })}
          >
            <ShoppingBag aria-hidden="true" className="size-4" />
            <span className="sr-only sm:not-sr-only">{t('site.myPurchases')}</span>
          </Link>
        ) : null}
        <AccountMenu account={account} isCreator={Boolean(me.data?.creator)} />
        {/* Like the bag, only the icon on a phone, so her name and its menu keep their room. */}
        <Button
          variant="outline"
          size="sm"
          className="px-2.5 sm:px-4"
          aria-disabled={loggingOut}
          onClick={() => {
            void logout();
          }}
        >
          <LogOut aria-hidden="true" className="size-4 sm:hidden" />
          <span className="sr-only sm:not-sr-only">{loggingOut ? t('site.loggingOut') : t('site.logout')}</span>
        </Button>
      </div>
    );
  }

  if (me.isPending && cachedSession) {
    // This browser had someone signed in: hold the space instead of flashing Login / Join Now.
    return <span aria-hidden="true" className="h-10 w-32 rounded-full bg-ink-100 motion-safe:animate-pulse" />;
  }

  return (
    <div key="visitor" className="flex items-center gap-1.5 sm:gap-2">
      <Button variant="ghost" size="sm" onClick={onLogin} onPointerEnter={onPreload} onFocus={onPreload}>
        {t('site.login')}
      </Button>
      <Button variant="primary" size="sm" onClick={onJoin} onPointerEnter={onPreload} onFocus={onPreload}>
        {t('site.join')}
      </Button>
    </div>
  );
}
