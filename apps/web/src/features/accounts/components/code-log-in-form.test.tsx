import { CODE_MESSAGES, codeSentMessage, type Me } from '@kholo/contracts';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../../app/providers.tsx';
import { createQueryClient } from '../../../app/query-client.ts';
import { toast } from '../../../components/ui/toast.tsx';
import { jsonResponse, requestBody, stubApi, type ApiHandler } from '../../../test-utils.tsx';
import { CREATOR_ME, FAN_ME } from '../../../test-fixtures/accounts.ts';
import { meQueryKey, VISITOR } from '../api/get-me.ts';
import { useAuthDialog, type OpenAuthDialogOptions } from '../hooks/use-auth-dialog.ts';
import { rememberPendingUnlock, takePendingUnlock } from '../pending-unlock.ts';
import { CREATOR_CACHE_KEY, FAN_CACHE_KEY } from '../session-cache.ts';
import { AuthDialogProvider } from './auth-dialog-provider.tsx';
import { CODE_FIELD_LABEL } from './code-sign-in-form.tsx';

type User = ReturnType<typeof userEvent.setup>;

const SEND_CODE_API = 'POST /api/auth/email-code';
const SIGN_IN_API = 'POST /api/auth/sign-in/code';

function codeSent(email: string) {
  return jsonResponse(200, { message: codeSentMessage(email), email, expiresInMinutes: 10 });
}

/** The server's answer to a code: `right` signs in as `me`, anything else is refused. */
function codeAnswer(right: string, me: Me): ApiHandler {
  return (init) => {
    const { code } = JSON.parse(typeof init?.body === 'string' ? init.body : '{}') as { code?: string };
    return code === right
      ? jsonResponse(200, me)
      : jsonResponse(400, { error: { code: 'BAD_REQUEST', message: CODE_MESSAGES.invalid } });
  };
}

function field(dialog: HTMLElement, label: string) {
  return within(dialog).getByLabelText(label);
}

function successToasts() {
  return within(screen.getByRole('region', { name: 'Notifications' })).getByRole('status');
}

/**
 * Only the dialog's provider on a creator's page, with a button that opens the creator or fan
 * dialog as the header or an Unlock button does (the fan's with an unlock waiting, SPEC §4).
 */
function renderDialogOpener(options: OpenAuthDialogOptions) {
  function Opener() {
    const dialog = useAuthDialog();
    return (
      <button
        type="button"
        onClick={() => {
          if (options.audience === 'fan') rememberPendingUnlock('content_9');
          dialog.open(options);
        }}
      >
        Open
      </button>
    );
  }
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: (
          <AuthDialogProvider>
            <Opener />
          </AuthDialogProvider>
        ),
      },
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

/** Opens the creator dialog, types `typedEmail` for the password login, then "Email me a code instead". */
async function openCreatorCodeLogin(user: User, typedEmail = '') {
  const result = renderDialogOpener({ audience: 'creator' });
  await user.click(screen.getByRole('button', { name: 'Open' }));
  const dialog = await screen.findByRole('dialog', { name: 'Welcome back' });
  if (typedEmail) {
    await user.click(field(dialog, 'Email'));
    await user.paste(typedEmail);
  }
  await user.click(within(dialog).getByRole('button', { name: 'Email me a code instead' }));
  expect(dialog).toHaveAccessibleName('Log in with a code');
  return { ...result, dialog };
}

describe('logging in with a code', () => {
  // The dialog's code loads on first open; loaded here, that one-off cost stays out of the first test.
  beforeAll(async () => {
    await import('./auth-dialog.tsx');
  });
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

  describe('in the creator dialog', () => {
    it('sends a code to the email typed, says where it went, and logs a creator in with it', async () => {
      const user = userEvent.setup();
      const fetchMock = stubApi({
        [SEND_CODE_API]: () => codeSent('priya@example.in'),
        [SIGN_IN_API]: codeAnswer('482017', CREATOR_ME),
      });
      const { dialog, router } = await openCreatorCodeLogin(user, 'Priya@Example.in');
      // What she typed for the password login comes along, and the field is ready for changes.
      expect(field(dialog, 'Email')).toHaveValue('Priya@Example.in');
      expect(field(dialog, 'Email')).toHaveFocus();
      expect(dialog).toHaveAccessibleDescription('We’ll email you a 6-digit code. No password needed.');

      await user.click(within(dialog).getByRole('button', { name: 'Send code' }));
      expect(await screen.findByRole('dialog', { name: 'Check your email' })).toBe(dialog);
      expect(requestBody(fetchMock, 0)).toEqual({ email: 'priya@example.in' });
      expect(dialog).toHaveAccessibleDescription(codeSentMessage('priya@example.in'));
      expect(field(dialog, CODE_FIELD_LABEL)).toHaveFocus();

      // A wrong code: the server's word, the dialog stays, nobody is signed in.
      await user.paste('111111');
      expect(await within(dialog).findByText(CODE_MESSAGES.invalid)).toHaveAttribute('role', 'alert');
      expect(screen.getByRole('dialog')).toBe(dialog);
      expect(localStorage.getItem(CREATOR_CACHE_KEY)).toBeNull();

      await user.clear(field(dialog, CODE_FIELD_LABEL));
      await user.paste('482017');
      await waitFor(() => {
        expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      });
      expect(requestBody(fetchMock, 2)).toEqual({ email: 'priya@example.in', code: '482017', role: 'creator' });
      // As after a password login: a creator goes to her dashboard at `/`.
      expect(router.state.location.pathname).toBe('/');
      expect(JSON.parse(localStorage.getItem(CREATOR_CACHE_KEY)!)).toEqual(CREATOR_ME.creator);
      // A code may have just made the account: no "Welcome back".
      expect(successToasts()).toHaveTextContent('You’re logged in, Priya.');
    });

    it('checks the email before sending, and shows the server’s refusal in red', async () => {
      const user = userEvent.setup();
      const fetchMock = stubApi({
        [SEND_CODE_API]: () =>
          jsonResponse(429, { error: { code: 'RATE_LIMITED', message: 'Too many codes. Please wait a few minutes.' } }),
      });
      const { dialog } = await openCreatorCodeLogin(user);
      await user.click(within(dialog).getByRole('button', { name: 'Send code' }));
      expect(await within(dialog).findByText('Please enter your email address.')).toHaveAttribute('role', 'alert');
      expect(fetchMock).not.toHaveBeenCalled();

      await user.type(field(dialog, 'Email'), 'priya@example.in{Enter}');
      expect(await within(dialog).findByText('Too many codes. Please wait a few minutes.')).toHaveAttribute(
        'role',
        'alert',
      );
      expect(field(dialog, 'Email')).toHaveAttribute('aria-invalid', 'true');
      expect(dialog).toHaveAccessibleName('Log in with a code');
    });

    it('goes back to the email from the code, and to the password login with the email kept', async () => {
      const user = userEvent.setup();
      stubApi({ [SEND_CODE_API]: () => codeSent('priya@example.in') });
      const { dialog } = await openCreatorCodeLogin(user, 'priya@example.in');
      await user.click(within(dialog).getByRole('button', { name: 'Send code' }));
      await screen.findByRole('dialog', { name: 'Check your email' });

      await user.click(within(dialog).getByRole('button', { name: 'Use another email' }));
      expect(dialog).toHaveAccessibleName('Log in with a code');
      expect(field(dialog, 'Email')).toHaveFocus();
      await user.clear(field(dialog, 'Email'));
      await user.type(field(dialog, 'Email'), 'priya.s@example.in');

      await user.click(within(dialog).getByRole('button', { name: 'Log in with it' }));
      expect(dialog).toHaveAccessibleName('Welcome back');
      expect(field(dialog, 'Email')).toHaveValue('priya.s@example.in');
      expect(field(dialog, 'Password')).toBeInTheDocument();
    });
  });

  describe('in the fan dialog', () => {
    it('logs a fan in with a code, closes and hands over to the unlock she tapped', async () => {
      const user = userEvent.setup();
      const onSignedIn = vi.fn<(me: Me) => void>();
      const fetchMock = stubApi({
        [SEND_CODE_API]: () => codeSent('arjun@example.in'),
        [SIGN_IN_API]: codeAnswer('730215', FAN_ME),
      });
      const { router } = renderDialogOpener({ audience: 'fan', onSignedIn });
      await user.click(screen.getByRole('button', { name: 'Open' }));
      const dialog = await screen.findByRole('dialog', { name: 'Log in to unlock content' });
      await user.click(within(dialog).getByRole('button', { name: 'Email me a code instead' }));
      await user.type(field(dialog, 'Email'), 'arjun@example.in{Enter}');
      await screen.findByRole('dialog', { name: 'Check your email' });

      await user.paste('000000');
      expect(await within(dialog).findByText(CODE_MESSAGES.invalid)).toBeInTheDocument();
      expect(onSignedIn).not.toHaveBeenCalled();

      await user.clear(field(dialog, CODE_FIELD_LABEL));
      await user.paste('730215');
      await waitFor(() => {
        expect(onSignedIn).toHaveBeenCalledWith(FAN_ME);
      });
      expect(requestBody(fetchMock, 2)).toEqual({ email: 'arjun@example.in', code: '730215', role: 'fan' });
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      expect(router.state.location.pathname).toBe('/u/priya-sharma');
      expect(JSON.parse(localStorage.getItem(FAN_CACHE_KEY)!)).toEqual(FAN_ME.fan);
      // Closing after a login keeps the unlock she tapped, for onSignedIn to reopen (SPEC §4).
      expect(takePendingUnlock()).toBe('content_9');
    });

    it('drops the pending unlock when she gives up at the code', async () => {
      const user = userEvent.setup();
      stubApi({ [SEND_CODE_API]: () => codeSent('arjun@example.in') });
      renderDialogOpener({ audience: 'fan' });
      await user.click(screen.getByRole('button', { name: 'Open' }));
      const dialog = await screen.findByRole('dialog', { name: 'Log in to unlock content' });
      await user.click(within(dialog).getByRole('button', { name: 'Email me a code instead' }));
      await user.type(field(dialog, 'Email'), 'arjun@example.in{Enter}');
      await screen.findByRole('dialog', { name: 'Check your email' });
      await user.keyboard('{Escape}');
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      expect(takePendingUnlock()).toBeNull();
    });
  });
});
