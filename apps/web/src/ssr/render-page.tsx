import type { Locale } from '@kholo/contracts';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, matchRoutes, StaticRouterProvider } from 'react-router';
import { AppProviders } from '../app/providers.tsx';
import { createQueryClient } from '../app/query-client.ts';
import { routes } from '../app/routes.tsx';
import { type PublicConfig, setPublicConfig } from '../lib/public-config.ts';
import { type PageQuery, seedQueries } from './page-queries.ts';
import { type Prefetch, serverRenderingOf } from './server-rendering.ts';

/** What the server needs to know about a page path before rendering it. */
export interface PagePlan {
  /** False: send the empty shell, the browser renders the page (dashboard, admin, the fan's pages). */
  render: boolean;
  /** The friendly 404 page. */
  notFound: boolean;
  /** The API reads to make first, with the viewer's cookies. */
  prefetch: Prefetch[];
}

/** Which page `pathname` is for this viewer, and what it needs, from the routes' `handle`s. */
export function planPage(pathname: string, accountId: string | null): PagePlan {
  const leaf = matchRoutes(routes, pathname)?.at(-1);
  const rendering = serverRenderingOf(leaf?.route.handle);
  if (leaf === undefined || rendering === undefined || (rendering.visitorsOnly === true && accountId !== null)) {
    return { render: false, notFound: false, prefetch: [] };
  }
  return {
    render: true,
    notFound: rendering.notFound === true,
    prefetch: rendering.prefetch?.(leaf.params, accountId) ?? [],
  };
}

export interface RenderInput {
  /** The page's path and query, e.g. `/u/priya`. */
  url: string;
  origin: string;
  config: PublicConfig;
  /** /api/me and the plan's prefetches, as the server read them. */
  queries: PageQuery[];
  /** The visitor's language (ADR 030), negotiated by the server; English when not given. */
  locale?: Locale;
}

export interface RenderedPage {
  /** What goes inside `<div id="root">`. */
  body: string;
  /** `<title>` and the other tags the page hoists into the document head. */
  head: string;
}

const handler = createStaticHandler(routes);

/**
 * Renders a page to HTML with the same routes and components the browser runs (ADR 027). The data
 * comes in `queries`; the page renders from the cache and asks nothing (effects do not run here).
 */
export async function renderPage(input: RenderInput): Promise<RenderedPage> {
  setPublicConfig(input.config);
  // The path as the server planned it, set rather than resolved: `//host/…` and `/x/../` stay the
  // unknown paths they are instead of becoming another host's or another page's address.
  const url = new URL(input.origin);
  const queryAt = input.url.indexOf('?');
  url.pathname = queryAt === -1 ? input.url : input.url.slice(0, queryAt);
  url.search = queryAt === -1 ? '' : input.url.slice(queryAt);
  const context = await handler.query(new Request(url));
  // No route loads data or redirects, so a Response here is a bug in the routes, not a page.
  if (context instanceof Response) throw new Error(`the routes answered ${input.url} with a response`);
  const queryClient = createQueryClient();
  seedQueries(queryClient, input.queries);
  const html = renderToString(
    <StrictMode>
      <AppProviders queryClient={queryClient} locale={input.locale ?? 'en'}>
        <StaticRouterProvider
          router={createStaticRouter(handler.dataRoutes, context)}
          context={context}
          hydrate={false}
        />
      </AppProviders>
    </StrictMode>,
  );
  queryClient.clear();
  return splitHoisted(html);
}

const HOISTED = /^(?:<title>[^<]*<\/title>|<meta [^>]*>|<link [^>]*>)+/;

/** React writes a page's `<title>` (and meta and link tags) first; they belong in `<head>`. */
function splitHoisted(html: string): RenderedPage {
  const head = HOISTED.exec(html)?.[0] ?? '';
  return { head, body: html.slice(head.length) };
}
