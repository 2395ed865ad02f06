import { RotateCw } from 'lucide-react';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { buttonClasses } from '../components/ui/button.tsx';

/**
 * Shown when a page fails to render or its code fails to load (for example after a deploy
 * replaced the chunk the browser asked for). Reloading fixes the latter.
 */
export function RouteErrorPage() {
  const error = useRouteError();
  // eslint-disable-next-line no-console -- the only trace of a crash we have in the browser
  if (!isRouteErrorResponse(error)) console.error(error);
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center sm:py-32">
      <title>Something went wrong · Kholo</title>
      <h1 className="text-3xl font-extrabold tracking-tight text-ink-950 sm:text-4xl">Something went wrong</h1>
      <p className="mt-4 text-lg leading-8 text-ink-muted">
        This page didn’t load properly. Reloading usually fixes it. If it keeps happening, please contact us.
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <button
          type="button"
          onClick={() => {
            window.location.reload();
          }}
          className={buttonClasses({ variant: 'dark' })}
        >
          <RotateCw aria-hidden="true" className="size-4" />
          Reload the page
        </button>
        <Link to="/" className={buttonClasses({ variant: 'outline' })}>
          Go to the home page
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
