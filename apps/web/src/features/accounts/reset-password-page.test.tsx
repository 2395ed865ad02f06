import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toast } from '../../components/ui/toast.tsx';
import { jsonResponse, renderRoute, requestBody, stubApi } from '../../test-utils.tsx';
import { PASSWORDS_DIFFER_MESSAGE } from './reset-password-page.tsx';

const TOKEN = 'Qm9va3MgYXJlIGEgdW5pcXVlbHkgcG9ydGFibGUgbWFnaWM';

async function renderResetPage(token: string | null = TOKEN) {
  const result = renderRoute(token === null ? '/reset-password' : `/reset-password?token=${token}`);
  await screen.findByRole('heading', { level: 1 });
  return result;
}

function fields() {
  return { password: screen.getByLabelText('New password'), confirm: screen.getByLabelText('Confirm password') };
}

describe('reset password page', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    act(() => {
      toast.dismiss();
    });
  });

  it('has its own title and two labelled new-password fields with show/hide', async () => {
    stubApi({});
    await renderResetPage();
    await waitFor(() => {
      expect(document.title).toBe('Reset password · Kholo');
    });
    expect(screen.getByRole('heading', { level: 1, name: 'Set a new password' })).toBeInTheDocument();
    const { password, confirm } = fields();
    expect(password).toHaveAttribute('autocomplete', 'new-password');
    expect(confirm).toHaveAttribute('autocomplete', 'new-password');
    expect(password).toHaveAttribute('type', 'password');
    expect(screen.getAllByRole('button', { name: 'Show password' })).toHaveLength(2);
  });

  it.each([
    ['short', 'Your password needs at least 8 characters.'],
    ['password123', 'This password is too common and easy to guess. Please choose another one.'],
  ])('checks "%s" with the contracts’ password rule before sending', async (value, message) => {
    const user = userEvent.setup();
    const fetchMock = stubApi({});
    await renderResetPage();
    const { password, confirm } = fields();
    await user.type(password, value);
    await user.type(confirm, value);
    await user.click(screen.getByRole('button', { name: 'Save new password' }));
    expect(password).toHaveAttribute('aria-invalid', 'true');
    expect(password).toHaveAccessibleDescription(message);
    expect(password).toHaveFocus();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('asks for the same password twice', async () => {
    const user = userEvent.setup();
    const fetchMock = stubApi({});
    await renderResetPage();
    const { password, confirm } = fields();
    await user.type(password, 'monsoon evenings in pune');
    await user.type(confirm, 'monsoon evenings in goa');
    await user.click(screen.getByRole('button', { name: 'Save new password' }));
    expect(confirm).toHaveAccessibleDescription(PASSWORDS_DIFFER_MESSAGE);
    expect(confirm).toHaveFocus();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sets the password, then offers to log in through the creator dialog', async () => {
    const user = userEvent.setup();
    const fetchMock = stubApi({
      'POST /api/auth/reset-password': () =>
        jsonResponse(200, { message: 'Your password has been changed. You can log in with it now.' }),
    });
    await renderResetPage();
    const { password, confirm } = fields();
    await user.type(password, 'monsoon evenings in pune');
    await user.type(confirm, 'monsoon evenings in pune{Enter}');

    expect(await screen.findByRole('heading', { level: 1, name: 'Your password is changed' })).toHaveFocus();
    expect(screen.getByText('Your password has been changed. You can log in with it now.')).toBeInTheDocument();
    expect(requestBody(fetchMock, 0)).toEqual({ token: TOKEN, newPassword: 'monsoon evenings in pune' });

    await user.click(within(screen.getByRole('main')).getByRole('button', { name: 'Log in' }));
    expect(await screen.findByRole('dialog', { name: 'Welcome back' })).toBeInTheDocument();
  });

  it('reads "Saving..." while busy and never sends twice', async () => {
    const user = userEvent.setup();
    const fetchMock = stubApi({ 'POST /api/auth/reset-password': () => new Promise<Response>(() => {}) });
    await renderResetPage();
    const { password, confirm } = fields();
    await user.type(password, 'monsoon evenings in pune');
    await user.type(confirm, 'monsoon evenings in pune{Enter}');
    const busy = await screen.findByRole('button', { name: 'Saving...' });
    expect(busy).toHaveAttribute('aria-disabled', 'true');
    await user.click(busy);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('explains a used or expired link and offers a new one', async () => {
    const user = userEvent.setup();
    stubApi({
      'POST /api/auth/reset-password': () =>
        jsonResponse(400, {
          error: { code: 'RESET_LINK_INVALID', message: 'This reset link has expired or has already been used.' },
        }),
    });
    await renderResetPage();
    const { password, confirm } = fields();
    await user.type(password, 'monsoon evenings in pune');
    await user.type(confirm, 'monsoon evenings in pune{Enter}');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'This reset link no longer works' }),
    ).toBeInTheDocument();
    expect(screen.getByText('This reset link has expired or has already been used.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Send a new link' }));
    expect(await screen.findByRole('dialog', { name: 'Reset your password' })).toBeInTheDocument();
  });

  it('shows the server’s password message under the field', async () => {
    const user = userEvent.setup();
    stubApi({
      'POST /api/auth/reset-password': () =>
        jsonResponse(400, {
          error: {
            code: 'VALIDATION_FAILED',
            message: 'Please check the highlighted fields.',
            fields: { newPassword: 'That password appeared in a data breach.' },
          },
        }),
    });
    await renderResetPage();
    const { password, confirm } = fields();
    await user.type(password, 'monsoon evenings in pune');
    await user.type(confirm, 'monsoon evenings in pune{Enter}');
    await waitFor(() => {
      expect(password).toHaveAccessibleDescription('That password appeared in a data breach.');
    });
    expect(within(screen.getByRole('main')).getByRole('alert')).toHaveTextContent(
      'Please check the highlighted fields.',
    );
  });

  it.each([
    ['no token', null],
    ['a mangled token', 'abc'],
  ])('with %s: says the link is incomplete and offers a new one', async (_, token) => {
    const user = userEvent.setup();
    stubApi({});
    await renderResetPage(token);
    expect(screen.getByRole('heading', { level: 1, name: 'This reset link is incomplete' })).toBeInTheDocument();
    expect(screen.queryByLabelText('New password')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Send a new link' }));
    expect(await screen.findByRole('dialog', { name: 'Reset your password' })).toBeInTheDocument();
  });
});
