import { type Me, withdrawFirstMessage, YOUR_DATA_MESSAGES } from '@kholo/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { toast } from '../../components/ui/toast.tsx';
import { CREATOR_ME, CREATOR_PROFILE, FAN_ME } from '../../test-fixtures/accounts.ts';
import { jsonResponse, renderRoute, requestBody, stubApi } from '../../test-utils.tsx';
import { meQueryKey } from '../accounts/index.ts';

/** A creator with ₹141.55 in her wallet: below the ₹500 minimum, so she may give it up. */
const SMALL_BALANCE_ME: Me = { ...CREATOR_ME, creator: { ...CREATOR_PROFILE, walletBalancePaise: 141_55 } };

function deleteCalls(fetchMock: ReturnType<typeof stubApi>): number {
  return fetchMock.mock.calls.filter(([url]) => url === '/api/account/delete').length;
}

async function openDialog(me: Me) {
  const user = userEvent.setup();
  const result = renderRoute('/account/data', { me });
  await screen.findByRole('heading', { level: 1, name: 'Your data' });
  await user.click(screen.getByRole('button', { name: 'Delete my account' }));
  const dialog = await screen.findByRole('dialog', { name: 'Delete your account?' });
  const email = within(dialog).getByLabelText('Type your email address to confirm');
  const submit = within(dialog).getByRole('button', { name: 'Delete my account' });
  return { ...result, user, dialog, email, submit };
}

// Each test loads the page's route chunk and opens its dialog: slow on a busy machine.
describe('Your data', { timeout: 15_000 }, () => {
  beforeAll(async () => {
    await import('./your-data-page.tsx');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    act(() => {
      toast.dismiss();
    });
  });

  it('is in the account menu of a fan and of a creator', async () => {
    for (const me of [FAN_ME, CREATOR_ME]) {
      const user = userEvent.setup();
      const { router, unmount } = renderRoute('/PrivacyPolicy', { me });
      await screen.findByRole('heading', { level: 1, name: 'Privacy Policy' });
      await user.click(within(screen.getByRole('banner')).getByRole('button', { name: /^Signed in as / }));
      await user.click(within(screen.getByRole('banner')).getByRole('link', { name: 'Your data' }));
      expect(await screen.findByRole('heading', { level: 1, name: 'Your data' })).toBeVisible();
      expect(router.state.location.pathname).toBe('/account/data');
      unmount();
    }
  });

  it('offers her data as a real download', async () => {
    renderRoute('/account/data', { me: FAN_ME });
    const link = await screen.findByRole('link', { name: 'Download my data' });
    expect(link).toHaveAttribute('href', '/api/account/data');
    expect(link).toHaveAttribute('download');
  });

  it('asks a visitor to log in', async () => {
    renderRoute('/account/data', { me: null });
    expect(await screen.findByText('Log in to download your data or delete your account.')).toBeVisible();
  });

  it('deletes a fan who types her email, then signs her out and goes home with the notice', async () => {
    const fetchMock = stubApi({
      'POST /api/account/delete': () => jsonResponse(200, { message: YOUR_DATA_MESSAGES.deleted }),
    });
    const { user, dialog, email, submit, router, queryClient } = await openDialog(FAN_ME);
    expect(within(dialog).queryByText(/Your page and every item/)).not.toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'What stays, and why' })).toHaveAttribute(
      'href',
      '/PrivacyPolicy#after-deletion',
    );
    expect(email).toHaveFocus();

    await user.click(submit);
    expect(email).toHaveAccessibleDescription(expect.stringContaining(YOUR_DATA_MESSAGES.confirmEmailMissing));
    await user.type(email, 'someone@example.in{Enter}');
    expect(email).toHaveAccessibleDescription(expect.stringContaining(YOUR_DATA_MESSAGES.confirmEmailWrong));
    expect(fetchMock).not.toHaveBeenCalled();

    await user.clear(email);
    await user.type(email, 'Arjun@Example.in');
    // A double click sends one request.
    await user.dblClick(submit);
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/');
    });
    // One delete, whatever the home page fetched after it.
    expect(deleteCalls(fetchMock)).toBe(1);
    expect(requestBody(fetchMock, 0)).toEqual({ confirmEmail: 'Arjun@Example.in' });
    expect(queryClient.getQueryData(meQueryKey)).toMatchObject({ account: null });
    expect(await screen.findByText(YOUR_DATA_MESSAGES.deleted)).toBeVisible();
  });

  it('tells a creator her items leave, and makes her give up a small balance by name', async () => {
    const fetchMock = stubApi({
      'POST /api/account/delete': () => jsonResponse(200, { message: YOUR_DATA_MESSAGES.deleted }),
    });
    const { user, dialog, email, submit } = await openDialog(SMALL_BALANCE_ME);
    expect(within(dialog).getByText(/Your page and every item on it leave public view/)).toBeVisible();
    const giveUp = within(dialog).getByRole('checkbox', { name: /I give up the ₹141.55 in my wallet/ });
    await user.type(email, 'priya@example.in');
    await user.click(submit);
    expect(await within(dialog).findByText(/Confirm that you give it up/)).toHaveAttribute('role', 'alert');
    expect(fetchMock).not.toHaveBeenCalled();
    await user.click(giveUp);
    await user.click(submit);
    await waitFor(() => {
      expect(fetchMock).toHaveBeenCalledTimes(1);
    });
    expect(requestBody(fetchMock, 0)).toEqual({ confirmEmail: 'priya@example.in', giveUpBalance: true });
  });

  it('tells a creator with a withdrawable balance to withdraw first, and sends nothing', async () => {
    const fetchMock = stubApi({});
    const { user, dialog, email, submit } = await openDialog(CREATOR_ME);
    expect(within(dialog).getByText(/Withdraw your ₹1,250 first/)).toBeVisible();
    expect(submit).toHaveAttribute('aria-disabled', 'true');
    await user.type(email, 'priya@example.in{Enter}');
    expect(await within(dialog).findByText(withdrawFirstMessage(1_250_00))).toHaveAttribute('role', 'alert');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows the server’s refusal in the dialog and keeps her signed in', async () => {
    stubApi({
      'POST /api/account/delete': () =>
        jsonResponse(409, { error: { code: 'CONFLICT', message: YOUR_DATA_MESSAGES.withdrawalInFlight } }),
    });
    const { user, dialog, email, submit, router } = await openDialog(SMALL_BALANCE_ME);
    await user.click(within(dialog).getByRole('checkbox'));
    await user.type(email, 'priya@example.in');
    await user.click(submit);
    expect(await within(dialog).findByText(YOUR_DATA_MESSAGES.withdrawalInFlight)).toHaveAttribute('role', 'alert');
    expect(router.state.location.pathname).toBe('/account/data');
  });
});
