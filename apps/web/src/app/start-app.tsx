import type { QueryClient } from '@tanstack/react-query';
import { StrictMode, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, matchRoutes, type RouteObject } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { LOCALE_TAGS, type Locale } from '@kholo/contracts';
import { loadCatalogue, startLocale } from '../lib/i18n/index.ts';
import { seedQueries } from '../ssr/page-queries.ts';
import { readPageQueries } from '../ssr/page-queries-script.ts';
import { AppProviders } from './providers.tsx';
import { createQueryClient } from './query-client.ts';
import { routes } from './routes.tsx';

/**
 * A server-rendered page's route chunks are loaded before hydrating, so the first render in the
 * browser is the page the server sent, not the loading fallback (which would not match).
 */
async function loadRouteChunks(pathname: string): Promise<void> {
  const lazyMatches = matchRoutes(routes, pathname)?.filter((match) => match.route.lazy !== undefined) ?? [];
  await Promise.all(
    lazyMatches.map(async ({ route }) => {
      const load = route.lazy as () => Promise<Partial<RouteObject>>;
      Object.assign(route, { ...(await load()), lazy: undefined });
    }),
  );
}

type Router = ReturnType<typeof createBrowserRouter>;

function App({
  router,
  queryClient,
  locale,
  onRendered,
}: {
  router: Router;
  queryClient: QueryClient;
  locale: Locale;
  onRendered: () => void;
}) {
  useEffect(onRendered, [onRendered]);
  return (
    <StrictMode>
      <AppProviders queryClient={queryClient} locale={locale}>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>
  );
}

/**
 * Starts the app in `root`: hydrates the page the server rendered, or renders the shell's page.
 * Resolves once React has put the page on screen (so a tap made before can be replayed).
 */
export async function startApp(root: HTMLElement): Promise<void> {
  const queryClient = createQueryClient();
  const serverRendered = root.hasAttribute('data-server-rendered');
  // The server's language on its page (so hydration matches), her choice or her browser's on the
  // shell. Its messages are fetched beside the route's code; if they cannot be (a dropped
  // connection), the app starts in English.
  const wanted = startLocale(root);
  const starting = loadCatalogue(wanted).then(
    (): Locale => wanted,
    (): Locale => 'en',
  );
  if (serverRendered) {
    seedQueries(queryClient, readPageQueries());
    await loadRouteChunks(window.location.pathname);
  }
  // With no loaders, empty hydration data tells the router the (loaded) matched routes are ready.
  const router = createBrowserRouter(routes, serverRendered ? { hydrationData: { loaderData: {} } } : {});
  const locale = await starting;
  await new Promise<void>((resolve) => {
    document.documentElement.lang = LOCALE_TAGS[locale];
    const app = <App router={router} queryClient={queryClient} locale={locale} onRendered={resolve} />;
    // A page that does not match what the server sent is a bug: said loudly, so journeys fail on it.
    if (serverRendered) {
      hydrateRoot(root, app, {
        onRecoverableError: (error) => {
          // eslint-disable-next-line no-console -- the journeys fail on console errors, on purpose
          console.error('Hydration did not match the server-rendered page:', error);
        },
      });
    } else createRoot(root).render(app);
  });
}
