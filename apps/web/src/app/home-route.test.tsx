import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FAN_CACHE_KEY, VISITOR } from '../features/accounts/index.ts';
import { ADMIN_ME, CREATOR_ME, FAN_ME, FAN_PROFILE } from '../test-fixtures/accounts.ts';
import { jsonResponse, renderRoute, stubApi } from '../test-utils.tsx';

const LANDING_HEADING = 'Turn your photos and videos into income';

describe('/ chooses what to show from /api/me', () => {
  it('a visitor gets the landing page and nothing asks for purchases', async () => {
    const fetchMock = stubApi({});
    renderRoute('/', { me: VISITOR });
    expect(await screen.findByRole('heading', { level: 1, name: LANDING_HEADING })).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([path]) => path === '/api/purchases')).toBe(false);
  });

  it('a signed-in fan who is not a creator gets her library', async () => {
    stubApi({ 'GET /api/purchases': () => jsonResponse(200, { items: [] }) });
    renderRoute('/', { me: FAN_ME });
    expect(await screen.findByRole('heading', { level: 1, name: 'Your library' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 1, name: LANDING_HEADING })).not.toBeInTheDocument();
  });

  it.each([
    ['a creator', CREATOR_ME],
    ['a creator who is a fan too', { ...CREATOR_ME, fan: FAN_PROFILE }],
  ])('%s gets the dashboard', async (_who, me) => {
    stubApi({ 'GET /api/studio/contents': () => new Promise<Response>(() => {}) });
    renderRoute('/', { me });
    expect(await screen.findByRole('heading', { level: 1, name: 'Hi, Priya' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 1, name: 'Your library' })).not.toBeInTheDocument();
  });

  it('the admin, who buys nothing, gets the landing page', async () => {
    stubApi({});
    renderRoute('/', { me: ADMIN_ME });
    expect(await screen.findByRole('heading', { level: 1, name: LANDING_HEADING })).toBeInTheDocument();
  });

  it('a browser that last had a fan signed in shows the library’s outline, not the landing page, while /api/me answers', async () => {
    localStorage.setItem(FAN_CACHE_KEY, JSON.stringify(FAN_PROFILE));
    stubApi({ 'GET /api/me': () => new Promise<Response>(() => {}) });
    renderRoute('/', { me: null });
    expect(await screen.findByText('Loading your library…')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 1 })).not.toBeInTheDocument();
  });

  it('a stale fan cache gives way to the landing page when /api/me says visitor', async () => {
    localStorage.setItem(FAN_CACHE_KEY, JSON.stringify(FAN_PROFILE));
    stubApi({ 'GET /api/me': () => jsonResponse(200, VISITOR) });
    renderRoute('/', { me: null });
    expect(await screen.findByRole('heading', { level: 1, name: LANDING_HEADING })).toBeInTheDocument();
    expect(localStorage.getItem(FAN_CACHE_KEY)).toBeNull();
  });
});
