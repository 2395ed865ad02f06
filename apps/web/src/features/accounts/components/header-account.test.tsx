import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toast } from '../../../components/ui/toast.tsx';
import { jsonResponse, renderRoute, stubApi } from '../../../test-utils.tsx';
import { meQueryKey, VISITOR } from '../api/get-me.ts';
import { CREATOR_CACHE_KEY, FAN_CACHE_KEY } from '../session-cache.ts';
import { CREATOR_ME, CREATOR_PROFILE, FAN_ME, FAN_PROFILE } from '../../../test-fixtures/accounts.ts';

function header() {
  return screen.getByRole('banner');
}

/** The page's code loads lazily; until it has, the header is the loading shell's and is replaced. */
async function renderPolicyPage(me: Parameters<typeof renderRoute>[1]) {
  const result = renderRoute('/PrivacyPolicy', me);
  await screen.findByRole('heading', { level: 1, name: 'Privacy Policy' });
  return result;
}

describe('session in the header and at /', () => {
  beforeEach(() => {
    localStorage.clear();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    act(() => {
      toast.dismiss();
    });
  });

  it('shows Login and Join Now to a visitor', async () => {
    renderRoute('/');
    expect(await within(header()).findByRole('button', { name: 'Login' })).toBeInTheDocument();
    expect(within(header()).getByRole('button', { name: 'Join Now' })).toBeInTheDocument();
  });

  it('shows a signed-in fan’s first name and Logout instead', async () => {
    await renderPolicyPage({ me: FAN_ME });
    expect(await within(header()).findByText('Arjun')).toBeInTheDocument();
    expect(within(header()).getByRole('button', { name: 'Logout' })).toBeInTheDocument();
    expect(within(header()).queryByRole('button', { name: 'Login' })).not.toBeInTheDocument();
    expect(within(header()).queryByRole('button', { name: 'Join Now' })).not.toBeInTheDocument();
  });

  it('falls back to the email when the account has no name', async () => {
    await renderPolicyPage({ me: { ...FAN_ME, account: { ...FAN_ME.account!, name: '  ' } } });
    expect(await within(header()).findByText('arjun@example.in')).toBeInTheDocument();
  });

  it('logout posts sign-out, clears both cached profiles and returns to the landing page', async () => {
    const user = userEvent.setup();
    localStorage.setItem(CREATOR_CACHE_KEY, JSON.stringify(CREATOR_PROFILE));
    localStorage.setItem(FAN_CACHE_KEY, JSON.stringify(FAN_PROFILE));
    const fetchMock = stubApi({ 'POST /api/auth/sign-out': () => jsonResponse(200, { ok: true }) });
    const { router, queryClient } = renderRoute('/?tab=wallet', { me: { ...CREATOR_ME, fan: FAN_PROFILE } });
    // From her dashboard: Logout is in the header only (the dashboard's own went with issue 26).
    const nav = await screen.findByRole('navigation', { name: 'Dashboard' });
    expect(within(nav).queryByRole('button', { name: 'Logout' })).toBeNull();

    await user.click(within(header()).getByRole('button', { name: 'Logout' }));

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Turn your photos and videos into income' }),
    ).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/auth/sign-out',
      expect.objectContaining({ method: 'POST', body: '{}' }),
    );
    expect(localStorage.getItem(CREATOR_CACHE_KEY)).toBeNull();
    expect(localStorage.getItem(FAN_CACHE_KEY)).toBeNull();
    expect(queryClient.getQueryData(meQueryKey)).toEqual(VISITOR);
    expect(router.state.location.pathname).toBe('/');
    expect(within(header()).getByRole('button', { name: 'Login' })).toBeInTheDocument();
  });

  it('logs out from the header on any page', async () => {
    const user = userEvent.setup();
    localStorage.setItem(FAN_CACHE_KEY, JSON.stringify(FAN_PROFILE));
    stubApi({ 'POST /api/auth/sign-out': () => jsonResponse(200, { ok: true }) });
    const { router } = await renderPolicyPage({ me: FAN_ME });
    await user.click(await within(header()).findByRole('button', { name: 'Logout' }));
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/');
    });
    expect(localStorage.getItem(FAN_CACHE_KEY)).toBeNull();
  });

  it('keeps the session when logout fails, and says so', async () => {
    const user = userEvent.setup();
    localStorage.setItem(FAN_CACHE_KEY, JSON.stringify(FAN_PROFILE));
    stubApi({});
    await renderPolicyPage({ me: FAN_ME });
    await user.click(await within(header()).findByRole('button', { name: 'Logout' }));
    await waitFor(() => {
      expect(screen.getByRole('alert')).toHaveTextContent('Could not log you out');
    });
    expect(localStorage.getItem(FAN_CACHE_KEY)).not.toBeNull();
    expect(within(header()).getByText('Arjun')).toBeInTheDocument();
  });

  describe('GET /api/me', () => {
    it('is the authority: a creator it reports is cached and gets the dashboard', async () => {
      stubApi({ 'GET /api/me': () => jsonResponse(200, CREATOR_ME) });
      renderRoute('/', { me: null });
      expect(await screen.findByRole('heading', { level: 1, name: 'Hi, Priya' })).toBeInTheDocument();
      expect(JSON.parse(localStorage.getItem(CREATOR_CACHE_KEY)!)).toEqual(CREATOR_PROFILE);
    });

    it('overrules a stale cache: both keys go when it says visitor, and the landing shows', async () => {
      localStorage.setItem(CREATOR_CACHE_KEY, JSON.stringify(CREATOR_PROFILE));
      localStorage.setItem(FAN_CACHE_KEY, JSON.stringify(FAN_PROFILE));
      stubApi({ 'GET /api/me': () => jsonResponse(200, VISITOR) });
      renderRoute('/', { me: null });
      expect(
        await screen.findByRole('heading', { level: 1, name: 'Turn your photos and videos into income' }),
      ).toBeInTheDocument();
      expect(localStorage.getItem(CREATOR_CACHE_KEY)).toBeNull();
      expect(localStorage.getItem(FAN_CACHE_KEY)).toBeNull();
    });

    it('shows the dashboard skeleton, not the landing page, to a cached creator while it loads', async () => {
      localStorage.setItem(CREATOR_CACHE_KEY, JSON.stringify(CREATOR_PROFILE));
      stubApi({ 'GET /api/me': () => new Promise<Response>(() => {}) });
      renderRoute('/', { me: null });
      expect(await screen.findByText('Loading your dashboard…')).toBeInTheDocument();
      expect(screen.queryByRole('heading', { level: 1 })).not.toBeInTheDocument();
      expect(within(header()).queryByRole('button', { name: 'Login' })).not.toBeInTheDocument();
    });

    it('shows the landing page at once to a browser with no cached creator', async () => {
      stubApi({ 'GET /api/me': () => new Promise<Response>(() => {}) });
      renderRoute('/', { me: null });
      expect(
        await screen.findByRole('heading', { level: 1, name: 'Turn your photos and videos into income' }),
      ).toBeInTheDocument();
      expect(within(header()).getByRole('button', { name: 'Login' })).toBeInTheDocument();
    });
  });
});
