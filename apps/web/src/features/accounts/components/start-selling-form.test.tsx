import { HANDLE_MESSAGES, type Me } from '@kholo/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { toast } from '../../../components/ui/toast.tsx';
import { jsonResponse, renderRoute, requestBody, stubApi, type ApiHandler } from '../../../test-utils.tsx';
import { CREATOR_PROFILE, FAN_ME } from '../../../test-fixtures/accounts.ts';
import { meQueryKey } from '../api/get-me.ts';
import { CREATOR_CACHE_KEY } from '../session-cache.ts';

type User = ReturnType<typeof userEvent.setup>;

const START_SELLING_API = 'POST /api/creators/start-selling';
const TITLE = 'Start selling on Kholo?';

/** The handle check's answer: free, or taken with `message`. */
function availability(handle: string, message: string | null = null): Record<string, ApiHandler> {
  return {
    [`GET /api/studio/handle-availability?handle=${handle}`]: () =>
      jsonResponse(200, { handle, available: message === null, message }),
  };
}

/** Arjun, a fan, as a creator too once he said yes. */
function sellingAs(handle: string, name = 'Arjun Mehta'): Me {
  return { ...FAN_ME, creator: { ...CREATOR_PROFILE, id: 'creator_2', handle, name, email: 'arjun@example.in' } };
}

function field(dialog: HTMLElement, label: string) {
  return within(dialog).getByLabelText(label);
}

function successToasts() {
  return within(screen.getByRole('region', { name: 'Notifications' })).getByRole('status');
}

function startSellingCalls(fetchMock: ReturnType<typeof stubApi>) {
  return fetchMock.mock.calls.filter(([input]) => input === '/api/creators/start-selling');
}

/** A fan logs in through the header's Login, the creator dialog, with her password. */
async function logInAtCreatorDialog(user: User, handlers: Record<string, ApiHandler>, path = '/') {
  const fetchMock = stubApi({ 'POST /api/auth/sign-in/email': () => jsonResponse(200, FAN_ME), ...handlers });
  const result = renderRoute(path);
  if (path !== '/') await screen.findByRole('heading', { level: 1 });
  await user.click(await within(screen.getByRole('banner')).findByRole('button', { name: 'Login' }));
  const dialog = await screen.findByRole('dialog', { name: 'Welcome back' });
  await user.click(field(dialog, 'Email'));
  await user.paste('arjun@example.in');
  await user.click(field(dialog, 'Password'));
  await user.paste('chai biscuit rain');
  await user.keyboard('{Enter}');
  expect(await screen.findByRole('dialog', { name: TITLE })).toBe(dialog);
  return { ...result, fetchMock, dialog };
}

describe('"Start selling on Kholo?"', () => {
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

  it('is asked of a fan who logs in at the creator dialog; nothing changes until she says yes', async () => {
    const user = userEvent.setup();
    const { dialog, fetchMock, queryClient } = await logInAtCreatorDialog(user, availability('arjun-mehta'));

    // She is signed in as she was: a fan, with no creator page.
    expect(dialog).toHaveAccessibleDescription(
      'You’re logged in as arjun@example.in. Your account has no creator page, and gets one only if you say yes.',
    );
    expect(queryClient.getQueryData(meQueryKey)).toEqual(FAN_ME);
    expect(localStorage.getItem(CREATOR_CACHE_KEY)).toBeNull();
    expect(within(dialog).getByText(/where fans buy your photos and videos/)).toHaveTextContent('/u/arjun-mehta');
    expect(within(dialog).getByText(/the same account can buy and sell/)).toBeInTheDocument();

    // A handle from her name and her name, both hers to change; the handle is checked.
    expect(field(dialog, 'Handle')).toHaveValue('arjun-mehta');
    expect(field(dialog, 'Handle')).toHaveFocus();
    expect(field(dialog, 'Name on your page')).toHaveValue('Arjun Mehta');
    expect(await within(dialog).findByText('“arjun-mehta” is available.')).toBeInTheDocument();
    expect(startSellingCalls(fetchMock)).toHaveLength(0);
    expect(within(dialog).getByRole('button', { name: 'Start selling' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Not now' })).toBeInTheDocument();
  });

  it('"Not now" leaves her a fan, at her library at /, and says where to find the question again', async () => {
    const user = userEvent.setup();
    const { dialog, fetchMock, queryClient, router } = await logInAtCreatorDialog(
      user,
      availability('arjun-mehta'),
      '/PrivacyPolicy',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Not now' }));

    await waitFor(() => {
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    });
    expect(router.state.location.pathname).toBe('/');
    expect(startSellingCalls(fetchMock)).toHaveLength(0);
    expect(queryClient.getQueryData(meQueryKey)).toEqual(FAN_ME);
    expect(successToasts()).toHaveTextContent('Welcome back, Arjun!');
    expect(successToasts()).toHaveTextContent('You can start selling any time from the menu under your name.');
    expect(within(screen.getByRole('banner')).getByRole('button', { name: 'Logout' })).toBeInTheDocument();
  });

  it('closing it instead of answering also leaves her signed in as she was', async () => {
    const user = userEvent.setup();
    const { fetchMock, queryClient } = await logInAtCreatorDialog(user, availability('arjun-mehta'));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(startSellingCalls(fetchMock)).toHaveLength(0);
    expect(queryClient.getQueryData(meQueryKey)).toEqual(FAN_ME);
  });

  it('says when a handle is taken or breaks the rules, and sends nothing for it', async () => {
    const user = userEvent.setup();
    const { dialog, fetchMock } = await logInAtCreatorDialog(user, availability('arjun-mehta', HANDLE_MESSAGES.taken));
    const handle = field(dialog, 'Handle');
    expect(await within(dialog).findByText(HANDLE_MESSAGES.taken)).toBeInTheDocument();
    expect(handle).toHaveAttribute('aria-invalid', 'true');
    expect(handle).toHaveAccessibleDescription(expect.stringContaining(HANDLE_MESSAGES.taken));
    await user.click(within(dialog).getByRole('button', { name: 'Start selling' }));
    expect(handle).toHaveFocus();
    expect(startSellingCalls(fetchMock)).toHaveLength(0);

    // The rule from the contracts, without asking the server.
    await user.clear(handle);
    await user.type(handle, 'Arjun_M');
    expect(
      await within(dialog).findByText('Use lowercase letters, numbers and single dashes (like priya-sharma).'),
    ).toBeInTheDocument();
    expect(
      fetchMock.mock.calls.filter(([input]) => typeof input === 'string' && /handle=arjun_m/i.test(input)),
    ).toHaveLength(0);
  });

  it('shows the server’s HANDLE_TAKEN under the handle when someone took it meanwhile', async () => {
    const user = userEvent.setup();
    const { dialog } = await logInAtCreatorDialog(user, {
      ...availability('arjun-mehta'),
      [START_SELLING_API]: () => jsonResponse(409, { error: { code: 'HANDLE_TAKEN', message: HANDLE_MESSAGES.taken } }),
    });
    await within(dialog).findByText('“arjun-mehta” is available.');
    await user.click(within(dialog).getByRole('button', { name: 'Start selling' }));
    await waitFor(() => {
      expect(field(dialog, 'Handle')).toHaveAccessibleDescription(expect.stringContaining(HANDLE_MESSAGES.taken));
    });
    expect(field(dialog, 'Handle')).toHaveFocus();
    expect(screen.getByRole('dialog')).toBe(dialog);
  });

  it('"Start selling" makes her a creator with the handle and name she chose, and shows the dashboard', async () => {
    const user = userEvent.setup();
    const { dialog, fetchMock, queryClient, router } = await logInAtCreatorDialog(user, {
      ...availability('arjun-mehta'),
      ...availability('arjun-clicks'),
      [START_SELLING_API]: () => jsonResponse(200, sellingAs('arjun-clicks', 'Arjun M')),
    });
    await user.clear(field(dialog, 'Handle'));
    await user.type(field(dialog, 'Handle'), 'Arjun-Clicks');
    expect(await within(dialog).findByText('“arjun-clicks” is available.')).toBeInTheDocument();
    await user.clear(field(dialog, 'Name on your page'));
    await user.type(field(dialog, 'Name on your page'), ' Arjun M ');
    await user.click(within(dialog).getByRole('button', { name: 'Start selling' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Hi, Arjun' })).toBeInTheDocument();
    const sent = startSellingCalls(fetchMock);
    expect(sent).toHaveLength(1);
    expect(requestBody(fetchMock, fetchMock.mock.calls.indexOf(sent[0]!))).toEqual({
      handle: 'arjun-clicks',
      name: 'Arjun M',
    });
    expect(router.state.location.pathname).toBe('/');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(queryClient.getQueryData(meQueryKey)).toEqual(sellingAs('arjun-clicks', 'Arjun M'));
    expect(JSON.parse(localStorage.getItem(CREATOR_CACHE_KEY)!)).toMatchObject({ handle: 'arjun-clicks' });
    expect(successToasts()).toHaveTextContent('Your creator page is ready: /u/arjun-clicks');
  });
});
