import { RotateCw } from 'lucide-react';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { buttonClasses } from '../components/ui/button.tsx';
import { useT } from '../lib/i18n/index.ts';

/**
 * Shown when a page fails to render or its code fails to load (for example after a deploy
 * replaced the chunk the browser asked for). Reloading fixes the latter.
 */
export function RouteErrorPage() {
  const { t } = useT();
  const error = useRouteError();
  // eslint-disable-next-line no-console -- the only trace of a crash we have in the browser
  if (!isRouteErrorResponse(error)) console.error(error);
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center sm:py-32">
      <title>{t('site.error.title')}</title>
      <h1 className="text-3xl font-extrabold tracking-tight text-ink-950 sm:text-4xl">{t('site.error.heading')}</h1>
      <p className="mt-4 text-lg leading-8 text-ink-muted">{t('site.error.body')}</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <button
          type="button"
          onClick={() => {
            window.location.reload();
          }}
          className={buttonClasses({ variant: 'dark' })}
        >
          <RotateCw aria-hidden="true" className="size-4" />
          {t('site.error.reload')}
        </button>
        <Link to="/" className={buttonClasses({ variant: 'outline' })}>
          {t('site.error.home')}
        </Link>
      </div>
    </div>
  );
}

/** The same page for errors outside the layout, where there is no <main> to render into. */
export function RootErrorPage() {
  return (
    <main id="main">
      <RouteErrorPage />
    </main>
  );
}
