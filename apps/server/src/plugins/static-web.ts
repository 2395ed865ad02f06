import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/app-error.js';
import { apiNotFound, sendError } from './errors.js';

export interface PublicWebConfig {
  supportEmail: string;
  supportPhone: string | null;
  publicUrl: string;
  /** The highest price a creator may set, in paise. */
  maxPricePaise: number;
}

const CONFIG_META = /<meta\s+name="kholo-config"\s+content="\{\}"\s*\/?>/;

/**
 * Serves the built web app: hashed assets cached for a year, index.html for every other page
 * path so the browser router decides (and shows its own 404). Unknown /api paths stay JSON.
 */
export const staticWebPlugin = fp(
  async (app: FastifyInstance, options: { distDir: string | null; publicConfig: PublicWebConfig }) => {
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

    app.setNotFoundHandler((request, reply) => {
      const pathname = request.url.split('?')[0] ?? request.url;
      const isRead = request.method === 'GET' || request.method === 'HEAD';
      if (!isRead || indexHtml === null || isApiPath(pathname)) {
        return sendError(reply, apiNotFound(request.method, request.url));
      }
      // A missing file (an old chunk after a deploy, robots.txt) must be a real 404, not the
      // page: a browser that gets HTML for a script fails with a confusing type error instead.
      if (looksLikeFile(pathname) && pathname !== '/index.html') {
        return sendError(reply, new AppError('NOT_FOUND', `There is no file ${pathname}.`));
      }
      return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(indexHtml);
    });
  },
  { name: 'static-web', dependencies: ['errors'] },
);

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
  const filled = `<meta name="kholo-config" content="${escapeAttribute(JSON.stringify(publicConfig))}" />`;
  // A function, because a replacement string would expand `$'`, `$&`… inside config values.
  return html.replace(CONFIG_META, () => filled);
}

function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
