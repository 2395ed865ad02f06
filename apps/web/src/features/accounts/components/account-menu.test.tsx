import type { Me } from '@kholo/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { toast } from '../../../components/ui/toast.tsx';
import { jsonResponse, renderRoute, requestBody, stubApi } from '../../../test-utils.tsx';
import { ADMIN_ME, CREATOR_ME, FAN_ME } from '../../../test-fixtures/accounts.ts';
import { meQueryKey } from '../api/get-me.ts';

type User = ReturnType<typeof userEvent.setup>;

/** A fan whose account was made at checkout: she logs in with emailed codes. */
const CHECKOUT_FAN_ME: Me = { ...FAN_ME, account: { ...FAN_ME.account!, hasPassword: false } };
const WITH_PASSWORD_ME: Me = { ...FAN_ME, account: { ...FAN_ME.account!, hasPassword: true } };

function header() {
  return screen.getByRole('banner');
}

/** The header's name button, opened. */
async function openMenu(user: User, me: Me) {
  const result = renderRoute('/PrivacyPolicy', { me });
  await screen.findByRole('heading', { level: 1, name: 'Privacy Policy' });
  const button = within(header()).getByRole('button', { name: /^Signed in as / });
  expect(button).toHaveAttribute('aria-expanded', 'false');
  await user.click(button);
  expect(button).toHaveAttribute('aria-expanded', 'true');
  return { ...result, button };
}

function successToasts() {
  return within(screen.getByRole('region', { name: 'Notifications' })).getByRole('status');
}

describe('the account menu', () => {
  // The dialogs' code loads on first open; loaded here, that one-off cost stays out of the first test.
  beforeAll(async () => {
    await Promise.all([import('./auth-dialog.tsx'), import('./set-password-dialog.tsx')]);
  });
  beforeEach(() => {
    localStorage.clear();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    act(() => {
      toast.dismiss();
    });
  });

  it('names who is signed in, and closes on Escape with focus back on its button', async () => {
    const user = userEvent.setup();
    const { button } = await openMenu(user, FAN_ME);
    expect(button).toHaveAccessibleName('Signed in as Arjun');
    expect(within(header()).getByText('arjun@example.in')).toBeVisible();
    await user.keyboard('{Escape}');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(button).toHaveFocus();
    expect(within(header()).queryByText('arjun@example.in')).not.toBeInTheDocument();
  });

  it('closes when she clicks elsewhere', async () => {
    const user = userEvent.setup();
    const { button } = await openMenu(user, FAN_ME);
    await user.click(screen.getByRole('heading', { level: 1, name: 'Privacy Policy' }));
    expect(button).toHaveAttribute('aria-expanded', 'false');
  });

  it.each([
    ['a fan made at checkout', CHECKOUT_FAN_ME, ['Start selling on Kholo', 'Set a password']],
    ['a fan with a password', WITH_PASSWORD_ME, ['Start selling on Kholo']],
    ['a creator', CREATOR_ME, []],
    ['the admin', ADMIN_ME, []],
  ] as const)('offers %s only what fits', async (_, me, offered) => {
    const user = userEvent.setup();
    await openMenu(user, me);
    for (const name of ['Start selling on Kholo', 'Set a password']) {
      const button = within(header()).queryByRole('button', { name });
      if ((offered as readonly string[]).includes(name)) expect(button).toBeInTheDocument();
      else expect(button).not.toBeInTheDocument();
    }
  });

  it('asks "Start selling on Kholo?" from the menu; "Not now" just closes it', async () => {
    const user = userEvent.setup();
    const fetchMock = stubApi({
      'GET /api/studio/handle-availability?handle=arjun-mehta': () =>
        jsonResponse(200, { handle: 'arjun-mehta', available: true, message: null }),
    });
    const { queryClient, router } = await openMenu(user, FAN_ME);
    await user.click(within(header()).getByRole('button', { name: 'Start selling on Kholo' }));
    const dialog = await screen.findByRole('dialog', { name: 'Start selling on Kholo?' });
    expect(within(dialog).getByLabelText('Handle')).toHaveValue('arjun-mehta');
    await user.click(within(dialog).getByRole('button', { name: 'Not now' }));
    await waitFor(() => {
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    });
    expect(router.state.location.pathname).toBe('/PrivacyPolicy');
    expect(fetchMock.mock.calls.filter(([input]) => input === '/api/creators/start-selling')).toHaveLength(0);
    expect(queryClient.getQueryData(meQueryKey)).toEqual(FAN_ME);
  });

  describe('Set a password', () => {
    async function openPasswordDialog(user: User) {
      const opened = await openMenu(user, CHECKOUT_FAN_ME);
      await user.click(within(header()).getByRole('button', { name: 'Set a password' }));
      const dialog = await screen.findByRole('dialog', { name: 'Set a password' });
      const password = within(dialog).getByLabelText('New password');
      return { ...opened, dialog, password };
    }

    it('checks the sign-up rule first, then sets it: the toast, and the menu no longer offers it', async () => {
      const user = userEvent.setup();
      const fetchMock = stubApi({ 'POST /api/auth/set-password': () => jsonResponse(200, WITH_PASSWORD_ME) });
      const { dialog, password, button, queryClient } = await openPasswordDialog(user);
      expect(password).toHaveFocus();
      expect(password).toHaveAttribute('type', 'password');
      expect(password).toHaveAttribute('autocomplete', 'new-password');

      await user.type(password, 'short{Enter}');
      expect(password).toHaveAccessibleDescription(expect.stringContaining('at least 8 characters'));
      expect(password).toHaveAttribute('aria-invalid', 'true');
      expect(fetchMock).not.toHaveBeenCalled();

      await user.clear(password);
      await user.type(password, 'monsoon kite string');
      await user.click(within(dialog).getByRole('button', { name: 'Set password' }));
      await waitFor(() => {
        expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      });
      expect(requestBody(fetchMock, 0)).toEqual({ password: 'monsoon kite string' });
      expect(successToasts()).toHaveTextContent('Password set. You can log in with it next time.');
      expect(queryClient.getQueryData(meQueryKey)).toEqual(WITH_PASSWORD_ME);
      expect(button).toHaveFocus();

      await user.click(button);
      expect(within(header()).queryByRole('button', { name: 'Set a password' })).not.toBeInTheDocument();
    });

    it('shows the server’s refusal and keeps the dialog open', async () => {
      const user = userEvent.setup();
      const refusal = 'This account already has a password. To change it, use Forgot Password?.';
      stubApi({
        'POST /api/auth/set-password': () => jsonResponse(409, { error: { code: 'CONFLICT', message: refusal } }),
      });
      const { dialog, password } = await openPasswordDialog(user);
      await user.type(password, 'monsoon kite string{Enter}');
      expect(await within(dialog).findByText(refusal)).toHaveAttribute('role', 'alert');
      expect(password).toHaveAccessibleDescription(expect.stringContaining(refusal));
      expect(screen.getByRole('dialog')).toBe(dialog);
      expect(within(dialog).getByRole('button', { name: 'Set password' })).not.toHaveAttribute('aria-disabled', 'true');
    });

    it('puts the server’s word on the password under the field', async () => {
      const user = userEvent.setup();
      const tooCommon = 'This password is too common and easy to guess. Please choose another one.';
      stubApi({
        'POST /api/auth/set-password': () =>
          jsonResponse(400, {
            error: {
              code: 'VALIDATION_FAILED',
              message: 'Please check the highlighted fields.',
              fields: { password: tooCommon },
            },
          }),
      });
      const { password } = await openPasswordDialog(user);
      await user.type(password, 'a password the server refuses{Enter}');
      await waitFor(() => {
        expect(password).toHaveAccessibleDescription(expect.stringContaining(tooCommon));
      });
    });
  });
});
