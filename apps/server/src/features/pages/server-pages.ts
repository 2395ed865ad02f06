import { indiaYear, type Locale, LOCALE_TAGS, SHARE_SOURCE_PARAM } from '@kholo/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { localeOfRequest } from '../../lib/request-locale.js';
import type { PageQuery, WebRenderer } from './page-renderer.js';

/** A page rendered on the server (ADR 027), for the static-web plugin to put into index.html. */
export interface ServedPage {
  status: number;
  /** Tags for `<head>`: the page's title and description, and `noindex` where it must not be indexed. */
  head: string;
  /** The inside of `<div id="root">`. */
  body: string;
  /** The API answers the page was rendered from, for the browser to hydrate with. */
  queries: PageQuery[];
  /** A visitor's page loads the app on her first intent; a signed-in account's at once. */
  hydrate: 'on-intent' | 'now';
  /** Cookies the API reads set (a session renewed on the way), for the page's own response. */
  setCookies: string[];
  /** The page's language tag for `<html lang>` ('en-IN', 'hi-IN'): the browser hydrates in it (ADR 030). */
  lang: string;
}

export type PageAnswer = ServedPage | { status: 302; location: string; setCookies: string[] };

/** Headers an API read made for a page carries over from the page's request. */
const FORWARDED_HEADERS = ['cookie', 'user-agent', 'accept-language'] as const;

/** Visitors' pages that need no API reads are the same for everyone: rendered once per path. */
const STATIC_PAGE_CACHE_SIZE = 64;

/**
 * Renders the public pages on the server with the web's own routes and components. The data comes
 * from the app's own API routes, asked in-process with the visitor's cookies (`app.inject`), so a
 * page shows exactly what the browser would have fetched: the same access rules, the same JSON.
 * Status codes follow the API's answers (ADR 027): an unknown creator or item is a 404, a suspended
 * creator's page 410, an old handle redirects to her new one while it is held for her.
 */
export function createServerPages(deps: {
  app: FastifyInstance;
  renderer: WebRenderer;
  config: object;
  publicUrl: string;
  /** The app's clock (ms), for the visitors' page cache's day. */
  now: () => number;
  /** A creator's page or one of her items was sent whole (status 200): the visit counter's cue. */
  onCreatorPageSent?: (request: FastifyRequest, sent: SentCreatorPage) => void;
}) {
  const { app, renderer } = deps;
  const staticPages = new Map<string, { head: string; body: string }>();

  async function ask(
    request: FastifyRequest,
    path: string,
    key: readonly unknown[],
    setCookies: Map<string, string>,
  ): Promise<PageQuery> {
    const headers: Record<string, string> = {};
    for (const name of FORWARDED_HEADERS) {
      const value = request.headers[name];
      if (typeof value === 'string') headers[name] = value;
    }
    const answer = await app.inject({ method: 'GET', url: path, headers, remoteAddress: request.ip });
    // A session the read renewed: the browser gets the cookie, as it would have from its own read.
    const cookies = answer.headers['set-cookie'];
    for (const cookie of typeof cookies === 'string' ? [cookies] : (cookies ?? [])) {
      setCookies.set(cookie.slice(0, cookie.indexOf('=')), cookie);
    }
    if (answer.statusCode === 200) return { key, data: answer.json() };
    return { key, status: answer.statusCode, errorBody: answer.body };
  }

  /**
   * A page the same for every visitor is kept per path (no page reads its query string, so a share
   * link's `?fbclid=` does not make a new one) and per year in India (the footer's, contracts' indiaYear).
   */
  async function render(url: string, pathname: string, queries: PageQuery[], cacheable: boolean, locale: Locale) {
    const key = `${indiaYear(deps.now())} ${locale} ${pathname}`;
    const cached = cacheable ? staticPages.get(key) : undefined;
    if (cached !== undefined) return cached;
    const page = await renderer.renderPage({ url, origin: deps.publicUrl, config: deps.config, queries, locale });
    if (cacheable) {
      if (staticPages.size >= STATIC_PAGE_CACHE_SIZE) staticPages.delete(staticPages.keys().next().value ?? '');
      staticPages.set(key, page);
    }
    return page;
  }

  /** The page for a GET of `url`, or null when the browser renders it (the shell goes out). */
  return async function servePage(request: FastifyRequest, url: string): Promise<PageAnswer | null> {
    // Planned and rendered from one normalized path (`/x/../u/a` is `/u/a`; `//host/…` stays a path).
    const normalized = new URL(`http://localhost${url}`);
    const pathname = normalized.pathname;
    url = `${pathname}${normalized.search}`;
    const setCookies = new Map<string, string>();
    const me = await ask(request, '/api/me', renderer.meQueryKey, setCookies);
    // Without knowing who is asking, the browser's own render is the safe answer.
    if (!('data' in me)) return null;
    const account = (me.data as { account: { id: string; isAdmin?: boolean } | null }).account;
    const accountId = account?.id ?? null;
    const plan = renderer.planPage(pathname, accountId);
    if (!plan.render) return null;

    const prefetched = await Promise.all(plan.prefetch.map((read) => ask(request, read.path, read.key, setCookies)));
    const outcome = statusOf(plan.notFound, prefetched);
    if ('location' in outcome) return { ...outcome, setCookies: [...setCookies.values()] };

    const queries = [me, ...prefetched];
    // Her choice (the switch's cookie), else her browser's languages (ADR 030).
    const locale = localeOfRequest(request);
    const page = await render(
      url,
      pathname,
      queries,
      accountId === null && plan.prefetch.length === 0 && !plan.notFound,
      locale,
    );
    const noindex = outcome.status !== 200 ? '<meta name="robots" content="noindex" />' : '';
    const shown = outcome.status === 200 ? creatorPageShown(prefetched) : null;
    if (shown !== null && deps.onCreatorPageSent !== undefined) {
      deps.onCreatorPageSent(request, {
        ...shown,
        accountId,
        accountIsAdmin: account?.isAdmin === true,
        tag: normalized.searchParams.get(SHARE_SOURCE_PARAM),
      });
    }
    return {
      status: outcome.status,
      head: page.head + noindex,
      body: page.body,
      queries,
      hydrate: accountId === null ? 'on-intent' : 'now',
      setCookies: [...setCookies.values()],
      lang: LOCALE_TAGS[locale],
    };
  };
}

export type ServerPages = ReturnType<typeof createServerPages>;

/** A creator's page (contentId null) or one of her items, as a page sent whole showed it. */
export interface SentCreatorPage {
  creatorId: string;
  contentId: string | null;
  accountId: string | null;
  accountIsAdmin: boolean;
  /** The link's share tag (`?src=`), if any. */
  tag: string | null;
}

/**
 * Which creator's page, or which item, the reads were for: the creator page's answer names her
 * (`creator`), an item's names the item too (`item`).
 */
function creatorPageShown(reads: readonly PageQuery[]): { creatorId: string; contentId: string | null } | null {
  for (const read of reads) {
    if (!('data' in read)) continue;
    const data = read.data as { creator?: { id?: unknown }; item?: { id?: unknown } } | null;
    const creatorId = data?.creator?.id;
    if (typeof creatorId !== 'string') continue;
    const contentId = data?.item?.id;
    return { creatorId, contentId: typeof contentId === 'string' ? contentId : null };
  }
  return null;
}

/**
 * The page's status from what its reads answered: the first error decides (a 404 stays a 404, a
 * suspended creator, CREATOR_GONE, is 410: the page existed and is gone for good), and an old
 * handle whose creator moved redirects to her new address: 302, not 301, because the handle is
 * hers only for the cooling-off period and browsers keep a 301 for good.
 */
function statusOf(
  notFound: boolean,
  reads: readonly PageQuery[],
): { status: number } | { status: 302; location: string } {
  if (notFound) return { status: 404 };
  for (const read of reads) {
    if ('data' in read) continue;
    const error = errorOf(read.errorBody);
    if (error?.code === 'CREATOR_MOVED' && error.movedTo !== undefined) {
      return { status: 302, location: `/u/${encodeURIComponent(error.movedTo.handle)}` };
    }
    if (error?.code === 'CREATOR_GONE') return { status: 410 };
    return { status: read.status };
  }
  return { status: 200 };
}

function errorOf(body: string): { code?: string; movedTo?: { handle: string } } | undefined {
  try {
    return (JSON.parse(body) as { error?: { code?: string; movedTo?: { handle: string } } }).error;
  } catch {
    return undefined;
  }
}
