import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/** One API answer, under the web's query key for it (the web's `PageQuery`). */
export type PageQuery =
  { key: readonly unknown[]; data: unknown } | { key: readonly unknown[]; status: number; errorBody: string };

/** The web's server entry (apps/web/src/entry-server.tsx), as built into dist-server/. */
export interface WebRenderer {
  planPage(
    pathname: string,
    accountId: string | null,
  ): { render: boolean; notFound: boolean; prefetch: { key: readonly unknown[]; path: string }[] };
  renderPage(input: {
    url: string;
    origin: string;
    /** The public config the shell's meta tag carries (the web's PublicConfig). */
    config: object;
    queries: PageQuery[];
    /** The visitor's language (ADR 030). */
    locale: 'en' | 'hi';
  }): Promise<{ body: string; head: string }>;
  meQueryKey: readonly unknown[];
}

/**
 * Loads the web's server-rendering bundle, built beside the web's dist folder
 * (`apps/web/dist-server/entry-server.js`). Null when it was not built: pages then go out as the
 * empty shell the browser renders, as before ADR 027.
 */
export async function loadWebRenderer(distDir: string): Promise<WebRenderer | null> {
  const entry = path.join(distDir, '..', 'dist-server', 'entry-server.js');
  if (!fs.existsSync(entry)) return null;
  const module = (await import(pathToFileURL(entry).href)) as Partial<WebRenderer>;
  if (typeof module.planPage !== 'function' || typeof module.renderPage !== 'function' || !module.meQueryKey) {
    throw new Error(`${entry} is not the web's server entry (planPage, renderPage, meQueryKey)`);
  }
  return module as WebRenderer;
}
