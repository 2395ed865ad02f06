import fs from 'node:fs';
import zlib from 'node:zlib';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { LOCALE_TAGS, translate, type LegalDetails, type Locale } from '@kholo/contracts';
import { AppError } from '../lib/app-error.js';
import { localeOfRequest } from '../lib/request-locale.js';
import type { PageAnswer, ServedPage } from '../features/pages/index.js';
import { apiNotFound, sendError } from './errors.js';

export interface PublicWebConfig {
  supportEmail: string;
  supportPhone: string | null;
  publicUrl: string;
  /** The highest price a creator may set, in paise. */
  maxPricePaise: number;
  /** How the browser opens checkout: the built-in simulator, or Cashfree's JS SDK in that mode. */
  checkoutMode: 'simulator' | 'sandbox' | 'production';
  /** auto: withdrawals are sent to UPI by themselves (the landing page and wallet promise minutes); manual: the admin pays. */
  payoutsMode: 'auto' | 'manual';
  /** The Grievance Officer and the company, for /grievance and the policies; `sample` outside production only. */
  legal: LegalDetails;
}

const DESCRIPTION_META = /<meta\s+name="description"\s+content="[^"]*"\s*\/?>\s*/;
const CONFIG_META = /<meta\s+name="kholo-config"\s+content="\{\}"\s*\/?>/;

/**
 * Serves the built web app: hashed assets cached for a year, index.html for every other page
 * path so the browser router decides (and shows its own 404). Unknown /api paths stay JSON.
 */
export const staticWebPlugin = fp(
  async (
    app: FastifyInstance,
    options: {
      distDir: string | null;
      publicConfig: PublicWebConfig;
      /** Extra <head> tags for a page path (share cards), or null for none. */
      headFor?: (pathname: string) => Promise<string | null>;
      /** The page rendered on the server (ADR 027), or null to send the shell for the browser to render. */
      pageFor?: (request: FastifyRequest, url: string) => Promise<PageAnswer | null>;
    },
  ) => {
    const indexHtml = options.distDir === null ? null : readIndexHtml(options.distDir, options.publicConfig);

    if (options.distDir !== null && indexHtml !== null) {
      await app.register(fastifyStatic, {
        root: options.distDir,
        // Files are listed once at start (the build does not change while we run), so misses fall to the handler below.
        wildcard: false,
        index: false,
        preCompressed: true,
        cacheControl: false,
        // index.html only goes out with the public config filled in, from the handler below.
        allowedPath: (pathName) => pathName !== '/index.html',
        setHeaders(reply, filePath) {
          const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
          reply.setHeader('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
        },
      });
    }

    app.setNotFoundHandler(async (request, reply) => {
      const pathname = request.url.split('?')[0] ?? request.url;
      const isRead = request.method === 'GET' || request.method === 'HEAD';
      // A page's form posted without the app (its script failed to load): back to the page, whose
      // form keeps nothing; a form never sends what she wrote to a page's address (ADR 027).
      if (request.method === 'POST' && indexHtml !== null && !isApiPath(pathname) && !looksLikeFile(pathname)) {
        // One leading slash: `//host/…` must stay on this site, not become another site's address.
        const back = `/${pathname.replace(/^[/\\]+/, '')}`;
        return reply.code(303).header('location', back).header('cache-control', 'no-store').send();
      }
      if (!isRead || indexHtml === null || isApiPath(pathname)) {
        return sendError(reply, apiNotFound(request.method, request.url));
      }
      // A missing file (an old chunk after a deploy, robots.txt) must be a real 404, not the
      // page: a browser that gets HTML for a script fails with a confusing type error instead.
      if (looksLikeFile(pathname) && pathname !== '/index.html') {
        return sendError(reply, new AppError('NOT_FOUND', `There is no file ${pathname}.`));
      }
      let page: PageAnswer | null = null;
      try {
        page = options.pageFor === undefined ? null : await options.pageFor(request, request.url);
      } catch (error) {
        // The page still loads: the browser renders it, as it did before server rendering.
        request.log.error({ err: error }, 'could not render this page on the server');
      }
      // Every page depends on who asks, so caches key it on the cookie; one that carries a cookie
      // or a signed-in account's own answers (her email, her wallet) is kept by nobody, like /api/me.
      const personal = page !== null && (page.setCookies.length > 0 || ('hydrate' in page && page.hydrate === 'now'));
      // …and on the language she asked for (her cookie, her browser's Accept-Language: ADR 030).
      void reply
        .header('cache-control', personal ? 'private, no-store' : 'no-cache')
        .header('vary', 'Cookie, Accept-Language');
      if (page !== null && page.setCookies.length > 0) void reply.header('set-cookie', page.setCookies);
      if (page !== null && 'location' in page)
        return await reply.code(page.status).header('location', page.location).send();

      let head: string | null = null;
      try {
        head = options.headFor === undefined ? null : await options.headFor(pathname);
      } catch (error) {
        // A share card is a nicety: the page itself, and its status, must still go out.
        request.log.error({ err: error }, 'could not build the share card for this page');
      }
      // Without a rendered page, a share card's description stands in for the page's own.
      const html =
        page === null
          ? withHead(shellIn(localeOfRequest(request), indexHtml), head, head !== null)
          : serverRendered(indexHtml, page, head);
      return sendHtml(request, reply, page === null ? 200 : page.status, html);
    });
  },
  { name: 'static-web', dependencies: ['errors'] },
);

const ROOT = '<div id="root"></div>';
/** The shell's `<html lang="en-IN"`: a rendered page says the language it was rendered in. */
const HTML_LANG = /<html lang="[^"]*"/;

/** Pages are a few kB to 100 kB of text: compressed for the slow links they are for (fast settings). */
const MIN_COMPRESSED_BYTES = 1024;

function sendHtml(request: FastifyRequest, reply: FastifyReply, status: number, html: string) {
  void reply.code(status).type('text/html; charset=utf-8').header('vary', 'Cookie, Accept-Language, Accept-Encoding');
  const accepted = request.headers['accept-encoding'] ?? '';
  if (request.method === 'HEAD' || html.length < MIN_COMPRESSED_BYTES) return reply.send(html);
  if (/\bbr\b/.test(accepted)) {
    const body = zlib.brotliCompressSync(html, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } });
    return reply.header('content-encoding', 'br').send(body);
  }
  if (/\bgzip\b/.test(accepted))
    return reply.header('content-encoding', 'gzip').send(zlib.gzipSync(html, { level: 6 }));
  return reply.send(html);
}

/**
 * The shell for a page the browser renders itself, in the visitor's language: its `<html lang>`
 * and the site's description (the landing's), so even a page without a server render says both
 * in Hindi to a Hindi visitor (ADR 030).
 */
function shellIn(locale: Locale, html: string): string {
  if (locale === 'en') return html;
  const description = `<meta name="description" content="${escapeAttribute(translate(locale, 'landing.description'))}" />\n    `;
  return html
    .replace(DESCRIPTION_META, () => description)
    .replace(HTML_LANG, () => `<html lang="${LOCALE_TAGS[locale]}"`);
}

/** Extra head tags, whose description (if `ownDescription`) replaces the site's. Functions keep `$&` in titles literal. */
function withHead(html: string, head: string | null, ownDescription: boolean): string {
  if (head === null || head === '') return html;
  const own = ownDescription ? html.replace(DESCRIPTION_META, '') : html;
  return own.replace('</head>', () => `  ${head}\n  </head>`);
}

/**
 * The shell with the page inside `#root`, and the API answers it was rendered from in a JSON script
 * (not run, so the CSP allows it; `<` escaped so no text in it can close the tag).
 */
function serverRendered(html: string, page: ServedPage, shareHead: string | null): string {
  const queries = JSON.stringify(page.queries).replace(/</g, '\\u003c');
  const root =
    `<div id="root" data-server-rendered data-hydrate="${page.hydrate}">${page.body}</div>\n` +
    `    <script type="application/json" id="kholo-page-queries">${queries}</script>`;
  return withHead(html, page.head + (shareHead ?? ''), page.head.includes('name="description"'))
    .replace(ROOT, () => root)
    .replace(HTML_LANG, () => `<html lang="${escapeAttribute(page.lang)}"`);
}

function isApiPath(pathname: string): boolean {
  return pathname === '/api' || pathname.startsWith('/api/');
}

/** Page paths never have an extension (handles are a–z, 0–9 and -), files always do. */
function looksLikeFile(pathname: string): boolean {
  return pathname.startsWith('/assets/') || /\.[A-Za-z0-9]{1,8}$/.test(pathname);
}

function readIndexHtml(distDir: string, publicConfig: PublicWebConfig): string | null {
  const file = path.join(distDir, 'index.html');
  if (!fs.existsSync(file)) return null;
  const html = fs.readFileSync(file, 'utf8');
  if (!CONFIG_META.test(html)) throw new Error(`${file} lacks the kholo-config meta tag the server fills in`);
  if (!html.includes(ROOT)) throw new Error(`${file} lacks the empty ${ROOT} the server renders pages into`);
  const filled = `<meta name="kholo-config" content="${escapeAttribute(JSON.stringify(publicConfig))}" />`;
  // A function, because a replacement string would expand `$'`, `$&`… inside config values.
  return html.replace(CONFIG_META, () => filled);
}

function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
