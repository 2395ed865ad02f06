import { Link } from 'react-router';
import { Wordmark } from '../../components/ui/logo.tsx';
import { HeaderAccount } from '../../features/accounts/components/header-account.tsx';
import { useT } from '../../lib/i18n/index.ts';
import type { AuthEntryActions } from './auth-entry.ts';
import { LanguageSwitch } from './language-switch.tsx';

// No nav links here on purpose: every focusable element must be visible at 360 px too, and the
// footer already carries the page links.
export function SiteHeader({ onLogin, onJoin, onPreload }: AuthEntryActions) {
  const { t } = useT();
  return (
    <header className="sticky top-0 z-40 border-b border-ink-950/8 bg-cream/90 backdrop-blur-md print:hidden">
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-2 px-4 sm:px-6 lg:px-8">
        <Link to="/" aria-label={t('site.home')} className="-ml-1 shrink-0 rounded-xl p-1">
          <Wordmark />
        </Link>
        <div className="ml-auto flex min-w-0 items-center sm:gap-2">
          <LanguageSwitch />
          <HeaderAccount onLogin={onLogin} onJoin={onJoin} onPreload={onPreload} />
        </div>
      </div>
    </header>
  );
}
