import type { QueryKey } from '@tanstack/react-query';
import type { Params } from 'react-router';

/** An API read the server makes before rendering a page, and the query key the page reads it by. */
export interface Prefetch {
  key: QueryKey;
  /** The API path, e.g. `/api/creators/priya`; the server asks it with the viewer's cookies. */
  path: string;
}

/**
 * How the server renders a route (ADR 027), in the route's `handle`. Routes without it are sent as
 * the empty shell and rendered in the browser (the dashboard, the admin, the fan's pages).
 */
export interface ServerRendering {
  /** The API reads the page needs, for this viewer (`accountId` null for a visitor). */
  prefetch?: (params: Params, accountId: string | null) => Prefetch[];
  /** Rendered on the server for visitors only (`/`: a signed-in account gets her dashboard or library). */
  visitorsOnly?: boolean;
  /** The friendly 404 page: the server answers it with status 404. */
  notFound?: boolean;
}

export function serverRendered(rendering: ServerRendering = {}): { ssr: ServerRendering } {
  return { ssr: rendering };
}

export function serverRenderingOf(handle: unknown): ServerRendering | undefined {
  if (typeof handle !== 'object' || handle === null || !('ssr' in handle)) return undefined;
  return (handle as { ssr: ServerRendering }).ssr;
}
