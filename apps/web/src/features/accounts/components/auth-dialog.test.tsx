import type { Me } from '@kholo/contracts';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../../app/providers.tsx';
import { createQueryClient } from '../../../app/query-client.ts';
import { toast } from '../../../components/ui/toast.tsx';
import { jsonResponse, renderRoute, requestBody, stubApi } from '../../../test-utils.tsx';
import { meQueryKey, VISITOR } from '../api/get-me.ts';
import { useAuthDialog, type OpenAuthDialogOptions } from '../hooks/use-auth-dialog.ts';
import { rememberPendingUnlock, takePendingUnlock } from '../pending-unlock.ts';
import { CREATOR_CACHE_KEY, FAN_CACHE_KEY } from '../session-cache.ts';
import { CREATOR_ME, FAN_ME } from '../../../test-fixtures/accounts.ts';
import { AuthDialogProvider } from './auth-dialog-provider.tsx';

type User = ReturnType<typeof userEvent.setup>;

const REQUIRED = 'Please fill in all required fields';
const NAME_REQUIRED = 'Please enter your name';

async function openCreatorDialog(user: User, button: 'Login' | 'Join Now' = 'Login', path = '/') {
  const result = renderRoute(path);
  // Wait for the page itself: until its code has loaded, the header belongs to the loading shell.
  if (path !== '/') await screen.findByRole('heading', { level: 1 });
  await user.click(await within(screen.getByRole('banner')).findByRole('button', { name: button }));
  const dialog = await screen.findByRole('dialog');
  return { ...result, dialog };
}

function field(dialog: HTMLElement, label: string) {
  return within(dialog).getByLabelText(label);
}

/** Error toasts show inside the open dialog: the page behind it is inert and under the top layer. */
function errorToasts() {
  const region = within(screen.getByRole('dialog')).getByRole('region', { name: 'Notifications' });
  return within(region).getByRole('alert');
}

async function expectErrorToast(text: string) {
  await waitFor(() => {
    expect(errorToasts()).toHaveTextContent(text);
  });
}

function successToasts() {
  return within(screen.getByRole('region', { name: 'Notifications' })).getByRole('status');
}

/** Renders only the provider, with a button that opens the dialog with `options`. */
function renderWithOpener(options: OpenAuthDialogOptions) {
  function Opener() {
    const dialog = useAuthDialog();
    return (
      <button
        type="button"
        onClick={() => {
          dialog.open(options);
        }}
      >
        Unlock
      </button>
    );
  }
  const router = createMemoryRouter(
    [
      {
        path: '/u/:handle',
        element: (
          <AuthDialogProvider>
            <Opener />
          </AuthDialogProvider>
        ),
      },
      { path: '/', element: <p>home</p> },
    ],
    { initialEntries: ['/u/priya-sharma'] },
  );
  const queryClient = createQueryClient();
  queryClient.setQueryData(meQueryKey, VISITOR);
  render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { router, queryClient };
}

describe('auth dialogs', () => {
  beforeEach(() => {
    localStorage.clear();
    sessionStorage.clear();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    act(() => {
      toast.dismiss();
    });
  });

  describe('creator dialog', () => {
    it('has labelled fields with the right types and autocomplete, focused first', async () => {
      const user = userEvent.setup();
      stubApi({});
      const { dialog } = await openCreatorDialog(user);
      expect(dialog).toHaveAccessibleName('Welcome back');
      expect(field(dialog, 'Email')).toHaveFocus();
      expect(field(dialog, 'Email')).toHaveAttribute('type', 'email');
      expect(field(dialog, 'Email')).toHaveAttribute('autocomplete', 'email');
      expect(field(dialog, 'Password')).toHaveAttribute('type', 'password');
      expect(field(dialog, 'Password')).toHaveAttribute('autocomplete', 'current-password');

      // Sign-up adds Full Name as the first field, focused, and asks for a new password.
      await user.click(within(dialog).getByRole('button', { name: 'Create a creator account' }));
      expect(dialog).toHaveAccessibleName('Start selling on Kholo');
      expect(field(dialog, 'Full Name')).toHaveFocus();
      expect(field(dialog, 'Full Name')).toHaveAttribute('autocomplete', 'name');
      expect(field(dialog, 'Password')).toHaveAttribute('autocomplete', 'new-password');

      // And back.
      await user.click(within(dialog).getByRole('button', { name: 'Log in' }));
      expect(dialog).toHaveAccessibleName('Welcome back');
      expect(field(dialog, 'Email')).toHaveFocus();
    });

    it('shows and hides the password', async () => {
      const user = userEvent.setup();
      stubApi({});
      const { dialog } = await openCreatorDialog(user);
      const toggle = within(dialog).getByRole('button', { name: 'Show password' });
      await user.click(toggle);
      expect(field(dialog, 'Password')).toHaveAttribute('type', 'text');
      expect(toggle).toHaveAttribute('aria-pressed', 'true');
      await user.click(toggle);
      expect(field(dialog, 'Password')).toHaveAttribute('type', 'password');
    });

    it.each([
      ['email', ''],
      ['password', 'priya@example.in'],
    ])('login with an empty %s: toast "Please fill in all required fields", nothing sent', async (_, email) => {
      const user = userEvent.setup();
      const fetchMock = stubApi({});
      const { dialog } = await openCreatorDialog(user);
      if (email) await user.type(field(dialog, 'Email'), email);
      else await user.type(field(dialog, 'Password'), 'a long password');
      await user.click(within(dialog).getByRole('button', { name: 'Log in' }));
      await expectErrorToast(REQUIRED);
      expect(field(dialog, email ? 'Password' : 'Email')).toHaveFocus();
      expect(fetchMock).not.toHaveBeenCalled();
    });

    it('sign-up without a name: toast "Please enter your name", nothing sent', async () => {
      const user = userEvent.setup();
      const fetchMock = stubApi({});
      const { dialog } = await openCreatorDialog(user, 'Join Now');
      await user.type(field(dialog, 'Email'), 'priya@example.in');
      await user.type(field(dialog, 'Password'), 'mango lassi summer');
      await user.type(field(dialog, 'Full Name'), '   ');
      await user.click(within(dialog).getByRole('button', { name: 'Create account' }));
      await expectErrorToast(NAME_REQUIRED);
      expect(errorToasts()).not.toHaveTextContent(REQUIRED);
      expect(field(dialog, 'Full Name')).toHaveFocus();
      expect(fetchMock).not.toHaveBeenCalled();
    });

    it('sign-up with an empty email or password: toast "Please fill in all required fields"', async () => {
      const user = userEvent.setup();
      const fetchMock = stubApi({});
      const { dialog } = await openCreatorDialog(user, 'Join Now');
      await user.type(field(dialog, 'Full Name'), 'Priya Sharma');
      await user.type(field(dialog, 'Email'), 'priya@example.in');
      await user.click(within(dialog).getByRole('button', { name: 'Create account' }));
      await expectErrorToast(REQUIRED);
      expect(field(dialog, 'Password')).toHaveFocus();
      expect(fetchMock).not.toHaveBeenCalled();
    });

    it('checks the password rules from the contracts before sending', async () => {
      const user = userEvent.setup();
      const fetchMock = stubApi({});
      const { dialog } = await openCreatorDialog(user, 'Join Now');
      await user.type(field(dialog, 'Full Name'), 'Priya Sharma');
      await user.type(field(dialog, 'Email'), 'priya@example.in');
      await user.type(field(dialog, 'Password'), 'short');
      await user.click(within(dialog).getByRole('button', { name: 'Create account' }));
      const password = field(dialog, 'Password');
      expect(password).toHaveAttribute('aria-invalid', 'true');
      expect(password).toHaveAccessibleDescription(expect.stringContaining('at least 8 characters'));
      expect(password).toHaveFocus();
      expect(fetchMock).not.toHaveBeenCalled();
    });

    it('signs up a creator: posts the form, stores the session and shows the dashboard at /', async () => {
      const user = userEvent.setup();
      const fetchMock = stubApi({ 'POST /api/auth/sign-up/email': () => jsonResponse(200, CREATOR_ME) });
      const { dialog, queryClient } = await openCreatorDialog(user, 'Join Now');
      await user.type(field(dialog, 'Full Name'), '  Priya Sharma ');
      await user.type(field(dialog, 'Email'), 'Priya@Example.in');
      await user.type(field(dialog, 'Password'), 'mango lassi summer{Enter}');

      expect(await screen.findByRole('heading', { level: 1, name: 'Hi, Priya' })).toBeInTheDocument();
      expect(requestBody(fetchMock, 0)).toEqual({
        role: 'creator',
        name: 'Priya Sharma',
        email: 'priya@example.in',
        password: 'mango lassi summer',
      });
      await waitFor(() => {
        expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      });
      expect(successToasts()).toHaveTextContent('Welcome to Kholo, Priya!');
      expect(queryClient.getQueryData(meQueryKey)).toEqual(CREATOR_ME);
      expect(JSON.parse(localStorage.getItem(CREATOR_CACHE_KEY)!)).toEqual(CREATOR_ME.creator);
      expect(localStorage.getItem(FAN_CACHE_KEY)).toBeNull();
      const header = screen.getByRole('banner');
      expect(within(header).getByText('Priya')).toBeInTheDocument();
      expect(within(header).getByRole('button', { name: 'Logout' })).toBeInTheDocument();
      expect(within(header).queryByRole('button', { name: 'Login' })).not.toBeInTheDocument();
    });

    it('logs a creator in from another page and takes them to the dashboard at /', async () => {
      const user = userEvent.setup();
      const fetchMock = stubApi({ 'POST /api/auth/sign-in/email': () => jsonResponse(200, CREATOR_ME) });
      const { dialog, router } = await openCreatorDialog(user, 'Login', '/PrivacyPolicy');
      await user.type(field(dialog, 'Email'), 'priya@example.in');
      await user.type(field(dialog, 'Password'), 'mango lassi summer');
      await user.click(within(dialog).getByRole('button', { name: 'Log in' }));
      expect(await screen.findByRole('heading', { level: 1, name: 'Hi, Priya' })).toBeInTheDocument();
      expect(router.state.location.pathname).toBe('/');
      expect(requestBody(fetchMock, 0)).toEqual({
        role: 'creator',
        email: 'priya@example.in',
        password: 'mango lassi summer',
      });
      expect(successToasts()).toHaveTextContent('Welcome back, Priya!');
    });

    it('on an authentication failure: toast "Authentication Error" with the server’s message, form kept', async () => {
      const user = userEvent.setup();
      stubApi({
        'POST /api/auth/sign-in/email': () =>
          jsonResponse(401, { error: { code: 'INVALID_CREDENTIALS', message: 'Email or password is incorrect.' } }),
      });
      const { dialog } = await openCreatorDialog(user);
      await user.type(field(dialog, 'Email'), 'priya@example.in');
      await user.type(field(dialog, 'Password'), 'wrong password');
      await user.click(within(dialog).getByRole('button', { name: 'Log in' }));
      await expectErrorToast('Authentication Error');
      expect(errorToasts()).toHaveTextContent('Email or password is incorrect.');
      expect(screen.getByRole('dialog')).toBeInTheDocument();
      expect(field(dialog, 'Email')).toHaveValue('priya@example.in');
      expect(within(dialog).getByRole('button', { name: 'Log in' })).not.toHaveAttribute('aria-disabled', 'true');
      expect(localStorage.getItem(CREATOR_CACHE_KEY)).toBeNull();
    });

    it('clears the error toast when the person moves on to another form', async () => {
      const user = userEvent.setup();
      stubApi({
        'POST /api/auth/sign-in/email': () =>
          jsonResponse(401, { error: { code: 'INVALID_CREDENTIALS', message: 'Email or password is incorrect.' } }),
      });
      const { dialog } = await openCreatorDialog(user);
      await user.type(field(dialog, 'Email'), 'priya@example.in');
      await user.type(field(dialog, 'Password'), 'wrong password');
      await user.click(within(dialog).getByRole('button', { name: 'Log in' }));
      await expectErrorToast('Authentication Error');
      await user.click(within(dialog).getByRole('button', { name: 'Forgot Password?' }));
      await waitFor(() => {
        expect(within(dialog).queryByText('Authentication Error')).not.toBeInTheDocument();
      });
    });

    it('clears the previous error toast when the person tries again', async () => {
      const user = userEvent.setup();
      stubApi({
        'POST /api/auth/sign-in/email': () =>
          jsonResponse(401, { error: { code: 'INVALID_CREDENTIALS', message: 'Email or password is incorrect.' } }),
      });
      const { dialog } = await openCreatorDialog(user);
      await user.click(within(dialog).getByRole('button', { name: 'Log in' }));
      await expectErrorToast(REQUIRED);
      await user.type(field(dialog, 'Email'), 'priya@example.in');
      await user.type(field(dialog, 'Password'), 'wrong password{Enter}');
      await expectErrorToast('Authentication Error');
      expect(errorToasts()).not.toHaveTextContent(REQUIRED);
    });

    it('shows the server’s field messages under the fields too', async () => {
      const user = userEvent.setup();
      stubApi({
        'POST /api/auth/sign-up/email': () =>
          jsonResponse(409, { error: { code: 'EMAIL_TAKEN', message: 'An account with this email already exists.' } }),
      });
      const { dialog } = await openCreatorDialog(user, 'Join Now');
      await user.type(field(dialog, 'Full Name'), 'Priya');
      await user.type(field(dialog, 'Email'), 'priya@example.in');
      await user.type(field(dialog, 'Password'), 'mango lassi summer{Enter}');
      await expectErrorToast('Authentication Error');
      expect(errorToasts()).toHaveTextContent('An account with this email already exists.');

      stubApi({
        'POST /api/auth/sign-up/email': () =>
          jsonResponse(400, {
            error: {
              code: 'VALIDATION_FAILED',
              message: 'Please check the highlighted fields.',
              fields: { password: 'This password is too common and easy to guess. Please choose another one.' },
            },
          }),
      });
      await user.click(within(dialog).getByRole('button', { name: 'Create account' }));
      await waitFor(() => {
        expect(field(dialog, 'Password')).toHaveAccessibleDescription(expect.stringContaining('too common'));
      });
      expect(field(dialog, 'Password')).toHaveFocus();
    });

    it('reads "Logging in..." while busy and never sends twice', async () => {
      let respond: (response: Response) => void = () => {};
      const user = userEvent.setup();
      const fetchMock = stubApi({
        'POST /api/auth/sign-in/email': () => new Promise<Response>((resolve) => (respond = resolve)),
      });
      const { dialog } = await openCreatorDialog(user);
      await user.type(field(dialog, 'Email'), 'priya@example.in');
      await user.type(field(dialog, 'Password'), 'mango lassi summer{Enter}');
      const busy = await within(dialog).findByRole('button', { name: 'Logging in...' });
      expect(busy).toHaveAttribute('aria-disabled', 'true');
      await user.dblClick(busy);
      await user.type(field(dialog, 'Password'), '{Enter}');
      // Escape does not close it mid-request either.
      await user.keyboard('{Escape}');
      expect(screen.getByRole('dialog')).toBeInTheDocument();
      expect(fetchMock).toHaveBeenCalledTimes(1);

      respond(jsonResponse(200, CREATOR_ME));
      await waitFor(() => {
        expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      });
      // The dashboard that replaces the landing page loads its own data; only sign-ins count here.
      expect(fetchMock.mock.calls.filter(([url]) => url === '/api/auth/sign-in/email')).toHaveLength(1);
    });

    it('reads "Creating account..." while signing up', async () => {
      const user = userEvent.setup();
      stubApi({ 'POST /api/auth/sign-up/email': () => new Promise<Response>(() => {}) });
      const { dialog } = await openCreatorDialog(user, 'Join Now');
      await user.type(field(dialog, 'Full Name'), 'Priya');
      await user.type(field(dialog, 'Email'), 'priya@example.in');
      await user.type(field(dialog, 'Password'), 'mango lassi summer{Enter}');
      expect(await within(dialog).findByRole('button', { name: 'Creating account...' })).toHaveAttribute(
        'aria-disabled',
        'true',
      );
    });

    it('closes with Escape and with its close button', async () => {
      const user = userEvent.setup();
      stubApi({});
      await openCreatorDialog(user);
      await user.keyboard('{Escape}');
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      await user.click(within(screen.getByRole('banner')).getByRole('button', { name: 'Login' }));
      await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Close' }));
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    });
  });

  describe('forgot password', () => {
    async function openForgot(user: User) {
      const opened = await openCreatorDialog(user);
      await user.type(field(opened.dialog, 'Email'), 'priya@example.in');
      await user.click(within(opened.dialog).getByRole('button', { name: 'Forgot Password?' }));
      expect(opened.dialog).toHaveAccessibleName('Reset your password');
      return opened;
    }

    it('sends the reset email for the typed address and shows "Reset email sent!"', async () => {
      const user = userEvent.setup();
      const message = 'If an account exists for that email, we’ve sent a link to reset the password.';
      const fetchMock = stubApi({ 'POST /api/auth/request-password-reset': () => jsonResponse(200, { message }) });
      const { dialog } = await openForgot(user);
      expect(field(dialog, 'Email')).toHaveValue('priya@example.in');
      expect(field(dialog, 'Email')).toHaveFocus();
      await user.click(within(dialog).getByRole('button', { name: 'Send reset link' }));

      expect(await within(dialog).findByText('Reset email sent!')).toBeVisible();
      expect(within(dialog).getByText(message)).toBeVisible();
      expect(requestBody(fetchMock, 0)).toEqual({ email: 'priya@example.in' });
      expect(within(dialog).getByRole('button', { name: 'Back to login' })).toHaveFocus();
      await user.click(within(dialog).getByRole('button', { name: 'Back to login' }));
      expect(dialog).toHaveAccessibleName('Welcome back');
    });

    it('shows the server’s message in red on failure', async () => {
      const user = userEvent.setup();
      stubApi({
        'POST /api/auth/request-password-reset': () =>
          jsonResponse(429, { error: { code: 'RATE_LIMITED', message: 'Too many reset emails. Try again later.' } }),
      });
      const { dialog } = await openForgot(user);
      await user.click(within(dialog).getByRole('button', { name: 'Send reset link' }));
      const error = await within(dialog).findByText('Too many reset emails. Try again later.');
      expect(error).toHaveAttribute('role', 'alert');
      expect(error).toHaveClass('text-red-700');
      expect(within(dialog).queryByText('Reset email sent!')).not.toBeInTheDocument();
      expect(field(dialog, 'Email')).toHaveAttribute('aria-invalid', 'true');
    });

    it('reads "Sending..." while busy', async () => {
      const user = userEvent.setup();
      stubApi({ 'POST /api/auth/request-password-reset': () => new Promise<Response>(() => {}) });
      const { dialog } = await openForgot(user);
      await user.click(within(dialog).getByRole('button', { name: 'Send reset link' }));
      expect(await within(dialog).findByRole('button', { name: 'Sending...' })).toHaveAttribute(
        'aria-disabled',
        'true',
      );
    });

    it('checks the email before sending', async () => {
      const user = userEvent.setup();
      const fetchMock = stubApi({});
      const { dialog } = await openForgot(user);
      await user.clear(field(dialog, 'Email'));
      await user.click(within(dialog).getByRole('button', { name: 'Send reset link' }));
      expect(await within(dialog).findByText('Please enter your email address.')).toHaveAttribute('role', 'alert');
      expect(fetchMock).not.toHaveBeenCalled();
    });
  });

  describe('fan dialog', () => {
    it.each([
      ['Login', 'Log in to unlock content'],
      ['Join Now', 'Create a fan account'],
    ] as const)('opens from the header’s %s on a creator’s page', async (button, title) => {
      const user = userEvent.setup();
      const creator = { id: 'creator_1', handle: 'priya-sharma', name: 'Priya Sharma', bio: null, avatarUrl: null };
      stubApi({ 'GET /api/creators/priya-sharma': () => jsonResponse(200, { creator, items: [], totalCount: 0 }) });
      const { dialog } = await openCreatorDialog(user, button, '/u/priya-sharma');
      expect(dialog).toHaveAccessibleName(title);
    });

    it('is reached from the creator dialog, with fan wording, and back', async () => {
      const user = userEvent.setup();
      stubApi({});
      const { dialog } = await openCreatorDialog(user);
      await user.click(within(dialog).getByRole('button', { name: 'Fan login' }));
      expect(dialog).toHaveAccessibleName('Log in to unlock content');
      expect(within(dialog).getByText('For fans')).toBeInTheDocument();
      await user.click(within(dialog).getByRole('button', { name: 'Create a fan account' }));
      expect(dialog).toHaveAccessibleName('Create a fan account');
      expect(field(dialog, 'Name')).toHaveFocus();
      await user.click(within(dialog).getByRole('button', { name: 'Creator login' }));
      expect(dialog).toHaveAccessibleName('Welcome back');
    });

    it.each(['Name', 'Email', 'Password'])(
      'sign-up with an empty %s: the single toast "Please fill in all required fields"',
      async (empty) => {
        const user = userEvent.setup();
        const fetchMock = stubApi({});
        renderWithOpener({ audience: 'fan', mode: 'signup' });
        await user.click(screen.getByRole('button', { name: 'Unlock' }));
        const dialog = await screen.findByRole('dialog', { name: 'Create a fan account' });
        const values: Record<string, string> = {
          Name: 'Arjun',
          Email: 'arjun@example.in',
          Password: 'chai biscuit rain',
        };
        for (const [label, value] of Object.entries(values)) {
          if (label !== empty) await user.type(field(dialog, label), value);
        }
        await user.click(within(dialog).getByRole('button', { name: 'Create account' }));
        await expectErrorToast(REQUIRED);
        expect(errorToasts()).not.toHaveTextContent(NAME_REQUIRED);
        expect(field(dialog, empty)).toHaveFocus();
        expect(fetchMock).not.toHaveBeenCalled();
      },
    );

    it('logs a fan in, stays on the page and calls onSignedIn', async () => {
      const user = userEvent.setup();
      const onSignedIn = vi.fn<(me: Me) => void>();
      const fetchMock = stubApi({ 'POST /api/auth/sign-in/email': () => jsonResponse(200, FAN_ME) });
      const { router } = renderWithOpener({ audience: 'fan', onSignedIn });
      await user.click(screen.getByRole('button', { name: 'Unlock' }));
      const dialog = await screen.findByRole('dialog', { name: 'Log in to unlock content' });
      await user.type(field(dialog, 'Email'), 'arjun@example.in');
      await user.type(field(dialog, 'Password'), 'chai biscuit rain{Enter}');
      await waitFor(() => {
        expect(onSignedIn).toHaveBeenCalledWith(FAN_ME);
      });
      expect(requestBody(fetchMock, 0)).toEqual({
        role: 'fan',
        email: 'arjun@example.in',
        password: 'chai biscuit rain',
      });
      expect(router.state.location.pathname).toBe('/u/priya-sharma');
      // Closed, and "Start selling on Kholo?" is never asked at the fan door.
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      expect(screen.queryByText('Start selling on Kholo?')).not.toBeInTheDocument();
      expect(JSON.parse(localStorage.getItem(FAN_CACHE_KEY)!)).toEqual(FAN_ME.fan);
      expect(localStorage.getItem(CREATOR_CACHE_KEY)).toBeNull();
    });

    it('keeps a pending unlock through login, and drops it when the fan gives up', async () => {
      const user = userEvent.setup();
      stubApi({ 'POST /api/auth/sign-up/email': () => jsonResponse(200, FAN_ME) });
      renderWithOpener({ audience: 'fan', mode: 'signup' });

      rememberPendingUnlock('content_9');
      await user.click(screen.getByRole('button', { name: 'Unlock' }));
      await user.keyboard('{Escape}');
      expect(takePendingUnlock()).toBeNull();

      rememberPendingUnlock('content_9');
      await user.click(screen.getByRole('button', { name: 'Unlock' }));
      const dialog = await screen.findByRole('dialog');
      await user.type(field(dialog, 'Name'), 'Arjun');
      await user.type(field(dialog, 'Email'), 'arjun@example.in');
      await user.type(field(dialog, 'Password'), 'chai biscuit rain{Enter}');
      await waitFor(() => {
        expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      });
      expect(takePendingUnlock()).toBe('content_9');
    });
  });
});
