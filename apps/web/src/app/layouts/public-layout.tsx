import { useEffect, useRef, type ReactNode } from 'react';
import { Outlet, ScrollRestoration, useLocation, type Location } from 'react-router';
import { useT } from '../../lib/i18n/index.ts';
import { useAuthEntryActions } from './auth-entry.ts';
import { NavigationProgress } from './navigation-progress.tsx';
import { SiteFooter } from './site-footer.tsx';
import { SiteHeader } from './site-header.tsx';

function SkipLink() {
  const { t } = useT();
  return (
    <a
      href="#main"
      onClick={(event) => {
        event.preventDefault();
        document.getElementById('main')?.focus();
      }}
      className="sr-only rounded-full bg-ink-950 px-5 py-3 font-semibold text-white focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:z-[70]"
    >
      {t('site.skipToMain')}
    </a>
  );
}

interface ShellProps {
  children?: ReactNode;
  loading?: boolean;
}

/** Header, main and footer, shared by every page. */
function PublicShell({ children, loading = false }: ShellProps) {
  const authEntry = useAuthEntryActions();
  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink />
      <SiteHeader onLogin={authEntry.onLogin} onJoin={authEntry.onJoin} onPreload={authEntry.onPreload} />
      {/* While loading, main fills the screen so the footer doesn't flash up and then jump down. */}
      <main id="main" tabIndex={-1} className={loading ? 'min-h-dvh flex-1 outline-none' : 'flex-1 outline-none'}>
        {children}
      </main>
      <SiteFooter />
    </div>
  );
}

/**
 * After a client-side page change, screen-reader and keyboard users would otherwise stay on
 * the link they pressed; move focus to the new page's main content instead. In-page hash
 * links (same path) are left alone.
 */
function useFocusMainOnPageChange() {
  const { pathname } = useLocation();
  const previous = useRef(pathname);
  useEffect(() => {
    if (previous.current === pathname) return;
    previous.current = pathname;
    document.getElementById('main')?.focus({ preventScroll: true });
  }, [pathname]);
}

/**
 * Where ScrollRestoration files a page's scroll position. Every page a tab loads from the server
 * (a link from elsewhere, the checkout sending the fan back to /payment-success) gets the key
 * 'default', so keying on it alone would put the page at the scroll position of whatever page
 * the tab last left; those loads are keyed on the path instead.
 */
function scrollKey(location: Location): string {
  return location.key === 'default' ? location.pathname : location.key;
}

export function PublicLayout() {
  useFocusMainOnPageChange();
  return (
    <>
      <NavigationProgress />
      <PublicShell>
        <Outlet />
      </PublicShell>
      <ScrollRestoration getKey={scrollKey} />
    </>
  );
}

/** Shown on a first visit straight to a lazily loaded page while its code arrives. */
export function PublicShellFallback() {
  return <PublicShell loading />;
}
