import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { sendError, apiNotFound } from './errors.js';

export interface PublicWebConfig {
  supportEmail: string;
  supportPhone: string | null;
  publicUrl: string;
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
        setHeaders(reply, filePath) {
          const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
          reply.setHeader('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
        },
      });
    }

    app.setNotFoundHandler((request, reply) => {
      const isPage = (request.method === 'GET' || request.method === 'HEAD') && !isApiPath(request.url);
      if (!isPage || indexHtml === null) return sendError(reply, apiNotFound(request.method, request.url));
      return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(indexHtml);
    });
  },
  { name: 'static-web', dependencies: ['errors'] },
);

function isApiPath(url: string): boolean {
  return url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');
}

function readIndexHtml(distDir: string, publicConfig: PublicWebConfig): string | null {
  const file = path.join(distDir, 'index.html');
  if (!fs.existsSync(file)) return null;
  const html = fs.readFileSync(file, 'utf8');
  if (!CONFIG_META.test(html)) throw new Error(`${file} lacks the kholo-config meta tag the server fills in`);
  return html.replace(
    CONFIG_META,
    `<meta name="kholo-config" content="${escapeAttribute(JSON.stringify(publicConfig))}" />`,
  );
}

function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
