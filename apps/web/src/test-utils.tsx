import type { Locale, Me } from '@kholo/contracts';
import { render } from '@testing-library/react';
import { vi } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppProviders } from './app/providers.tsx';
import { createQueryClient } from './app/query-client.ts';
import { routes } from './app/routes.tsx';
import { meQueryKey, VISITOR } from './features/accounts/api/get-me.ts';

export interface RenderRouteOptions {
  /**
   * The session GET /api/me would answer, put straight into the query cache so tests that
   * mock fetch for other calls are not disturbed by it. Visitor by default; `null` leaves the
   * cache empty, so the app really asks /api/me (mock that answer yourself).
   */
  me?: Me | null;
  /** The interface's language at start (ADR 030); English by default. */
  locale?: Locale;
}

/** Renders the real app (routes, layout, providers, toaster) at `path`, in memory. */
export function renderRoute(path: string, { me = VISITOR, locale = 'en' }: RenderRouteOptions = {}) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const queryClient = createQueryClient();
  if (me) queryClient.setQueryData(meQueryKey, me);
  const utils = render(
    <AppProviders queryClient={queryClient} locale={locale}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { router, queryClient, ...utils };
}

export function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

export type ApiHandler = (init: RequestInit | undefined) => Response | Promise<Response>;

/**
 * Stubs fetch with one handler per "METHOD /path" (a fresh Response per call). A request with no
 * handler fails like a network error would, and is recorded, so a test notices it.
 */
export function stubApi(handlers: Record<string, ApiHandler>) {
  const fetchMock = vi.fn<typeof fetch>((input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.pathname : input.url;
    const handler = handlers[`${init?.method ?? 'GET'} ${url}`];
    if (!handler) return Promise.reject(new TypeError(`No stub for ${init?.method ?? 'GET'} ${url}`));
    return Promise.resolve(handler(init));
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** The JSON body of the fetch call at `index`. */
export function requestBody(fetchMock: ReturnType<typeof stubApi>, index: number): unknown {
  const init = fetchMock.mock.calls[index]?.[1];
  return JSON.parse(typeof init?.body === 'string' ? init.body : 'null');
}
