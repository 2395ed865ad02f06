import { act, render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useVisitBeacon } from './visit-beacon.ts';

function Page({ contentId }: { contentId?: string }) {
  useVisitBeacon({ creatorId: 'creator-1', ...(contentId === undefined ? {} : { contentId }) });
  return <p>page</p>;
}

function Loading() {
  useVisitBeacon(null);
  return <p>loading</p>;
}

const fetchMock = vi.fn((_url: string, _init: RequestInit) => Promise.resolve(new Response(null, { status: 204 })));

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockClear();
});

afterEach(() => {
  vi.unstubAllGlobals();
  document.getElementById('root')?.remove();
});

function appAt(entries: string[], serverRendered: boolean) {
  const root = document.createElement('div');
  root.id = 'root';
  if (serverRendered) root.setAttribute('data-server-rendered', '');
  document.body.append(root);
  const router = createMemoryRouter(
    [
      { path: '/u/:handle', element: <Page /> },
      { path: '/content/:id', element: <Page contentId="item-1" /> },
      { path: '/loading', element: <Loading /> },
    ],
    { initialEntries: entries },
  );
  render(<RouterProvider router={router} />, { container: root });
  return router;
}

const sentBodies = () => fetchMock.mock.calls.map((call) => JSON.parse(call[1].body as string) as unknown);

describe('the visit beacon', () => {
  it('says nothing for the page the server sent (it counted it), then reports each page opened in the app', async () => {
    const router = appAt(['/u/meera?src=wa'], true);
    expect(fetchMock).not.toHaveBeenCalled();
    await act(() => router.navigate('/content/item-1'));
    expect(sentBodies()).toEqual([{ creatorId: 'creator-1', contentId: 'item-1', src: null, referrer: null }]);
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/visits');
  });

  it('reports the first page when the browser rendered it (the server sent the shell), with its share tag', () => {
    appAt(['/u/meera?src=qr'], false);
    expect(sentBodies()).toEqual([{ creatorId: 'creator-1', contentId: null, src: 'qr', referrer: null }]);
  });

  it('reports nothing until the page knows whose it is', () => {
    appAt(['/loading'], false);
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
