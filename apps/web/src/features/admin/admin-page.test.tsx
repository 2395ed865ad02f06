import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toast } from '../../components/ui/toast.tsx';
import { jsonResponse, renderRoute, requestBody, stubApi } from '../../test-utils.tsx';
import { ADMIN_ME, CREATOR_ME } from '../../test-fixtures/accounts.ts';

type User = ReturnType<typeof userEvent.setup>;

async function logIn(user: User) {
  await user.type(await screen.findByLabelText('Email'), 'admin@kholo.in');
  await user.type(screen.getByLabelText('Password'), 'correct horse battery');
  await user.click(screen.getByRole('button', { name: 'Log in' }));
}

describe('/admin', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    act(() => {
      toast.dismiss();
    });
  });

  it('shows a login form to anyone but the admin, titled "Admin · Kholo"', async () => {
    renderRoute('/admin', { me: CREATOR_ME });
    expect(await screen.findByRole('heading', { level: 1, name: 'Admin login' })).toBeInTheDocument();
    await waitFor(() => {
      expect(document.title).toBe('Admin · Kholo');
    });
    expect(screen.getByLabelText('Email')).toHaveAttribute('type', 'email');
    expect(screen.getByLabelText('Password')).toHaveAttribute('autocomplete', 'current-password');
  });

  it('logs the admin in with role "admin" and shows the panel', async () => {
    const user = userEvent.setup();
    const fetchMock = stubApi({ 'POST /api/auth/sign-in/email': () => jsonResponse(200, ADMIN_ME) });
    renderRoute('/admin');
    await logIn(user);
    expect(await screen.findByRole('heading', { level: 1, name: 'Admin panel' })).toBeInTheDocument();
    expect(requestBody(fetchMock, 0)).toEqual({
      role: 'admin',
      email: 'admin@kholo.in',
      password: 'correct horse battery',
    });
  });

  it('shows the server’s message inline on failure', async () => {
    const user = userEvent.setup();
    stubApi({
      'POST /api/auth/sign-in/email': () =>
        jsonResponse(403, { error: { code: 'FORBIDDEN', message: 'This account cannot open the admin panel.' } }),
      'GET /api/me': () => jsonResponse(200, { account: null, creator: null, fan: null }),
    });
    renderRoute('/admin');
    await logIn(user);
    const main = screen.getByRole('main');
    expect(await within(main).findByText('This account cannot open the admin panel.')).toBeVisible();
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('This account cannot open the admin panel.');
    expect(screen.queryByRole('heading', { name: 'Admin panel' })).not.toBeInTheDocument();
  });

  it('shows "Login failed" when the server gives no message', async () => {
    const user = userEvent.setup();
    stubApi({
      'POST /api/auth/sign-in/email': () => new Response('', { status: 401 }),
      'GET /api/me': () => jsonResponse(200, { account: null, creator: null, fan: null }),
    });
    renderRoute('/admin');
    await logIn(user);
    expect(await within(screen.getByRole('main')).findByText('Login failed')).toBeVisible();
  });

  it('reads "Logging in..." while busy and never sends twice', async () => {
    const user = userEvent.setup();
    const fetchMock = stubApi({ 'POST /api/auth/sign-in/email': () => new Promise<Response>(() => {}) });
    renderRoute('/admin');
    await logIn(user);
    const busy = await screen.findByRole('button', { name: 'Logging in...' });
    expect(busy).toHaveAttribute('aria-disabled', 'true');
    await user.click(busy);
    await user.type(screen.getByLabelText('Password'), '{Enter}');
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('asks for both fields before sending', async () => {
    const user = userEvent.setup();
    const fetchMock = stubApi({});
    renderRoute('/admin');
    await user.click(await screen.findByRole('button', { name: 'Log in' }));
    expect(await within(screen.getByRole('main')).findByText('Please fill in all required fields')).toBeVisible();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('gives the admin the SPEC’s tabs plus Disputes, Messages, Reports and Jobs, switchable by keyboard; Logout is in the header', async () => {
    const user = userEvent.setup();
    stubApi({ 'POST /api/auth/sign-out': () => jsonResponse(200, { ok: true }) });
    const { router } = renderRoute('/admin', { me: ADMIN_ME });
    const tablist = await screen.findByRole('tablist', { name: 'Admin sections' });
    const tabs = within(tablist).getAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual([
      'Dashboard',
      'Payments',
      'Disputes',
      'Content',
      'Creators',
      'Logs',
      'Withdrawals',
      'Messages',
      'Reports',
      'Jobs',
    ]);
    expect(tabs[0]).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel')).toHaveAccessibleName('Dashboard');

    tabs[0]!.focus();
    await user.keyboard('{ArrowRight}');
    expect(tabs[1]).toHaveFocus();
    expect(tabs[1]).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel')).toHaveAccessibleName('Payments');
    await user.keyboard('{End}');
    expect(screen.getByRole('tabpanel')).toHaveAccessibleName('Jobs');
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tabpanel')).toHaveAccessibleName('Dashboard');

    expect(within(screen.getByRole('main')).queryByRole('button', { name: 'Logout' })).not.toBeInTheDocument();
    await user.click(within(screen.getByRole('banner')).getByRole('button', { name: 'Logout' }));
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/');
    });
  });
});
