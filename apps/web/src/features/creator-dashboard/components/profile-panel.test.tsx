import { CONTENT_MESSAGES, type CreatorProfile } from '@kholo/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toast } from '../../../components/ui/toast.tsx';
import { jsonResponse, renderRoute, requestBody, stubApi, type ApiHandler } from '../../../test-utils.tsx';
import { CREATOR_CACHE_KEY } from '../../accounts/index.ts';
import { CREATOR_ME, CREATOR_PROFILE } from '../../../test-fixtures/accounts.ts';
import { NO_PAYOUT_ACCOUNT, PAYOUT_ACCOUNT, STUDIO_CONTENTS, WALLET } from '../test-fixtures.ts';
import { AVATAR_SAVED_MESSAGE, NOTHING_TO_SAVE_MESSAGE, PROFILE_SAVED_MESSAGE } from './profile-panel.tsx';

async function renderProfile(handlers: Record<string, ApiHandler> = {}) {
  const fetchMock = stubApi({
    'GET /api/studio/contents': () => jsonResponse(200, STUDIO_CONTENTS),
    'GET /api/studio/payout-account': () => jsonResponse(200, NO_PAYOUT_ACCOUNT),
    ...handlers,
  });
  const result = renderRoute('/?tab=profile', { me: CREATOR_ME });
  const panel = await screen.findByRole('region', { name: 'Profile' });
  const calls = (prefix: string) =>
    fetchMock.mock.calls.filter(([url, init]) =>
      `${init?.method ?? 'GET'} ${typeof url === 'string' ? url : ''}`.startsWith(prefix),
    );
  return { ...result, fetchMock, panel, calls };
}

function notifications(): HTMLElement {
  return screen.getByRole('region', { name: 'Notifications' });
}

function image(name: string, type = 'image/png'): File {
  return new File(['png bytes'], name, { type });
}

/** The share card's link, which the Upload tab's overview shows (the Profile tab has none). */
async function publicLinkOnUploadTab(user: ReturnType<typeof userEvent.setup>): Promise<HTMLElement> {
  const nav = screen.getByRole('navigation', { name: 'Dashboard' });
  await user.click(within(nav).getByRole('button', { name: 'Upload' }));
  return screen.findByRole('textbox', { name: 'Your public link' });
}

describe('profile tab', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
    act(() => {
      toast.dismiss();
    });
  });

  it('shows the avatar (or initial), name, bio and handle to edit, and the email read-only', async () => {
    const { panel } = await renderProfile();
    expect(within(panel).getByText('P')).toBeInTheDocument();
    expect(within(panel).getByLabelText('Change avatar')).toHaveAttribute(
      'accept',
      'image/*,.heic,.heif,image/heic,image/heif',
    );
    expect(within(panel).getByLabelText('Name')).toHaveValue('Priya Sharma');
    expect(within(panel).getByLabelText('Bio')).toHaveValue('');
    expect(within(panel).getByLabelText('Handle')).toHaveValue('priya-sharma');
    expect(within(panel).getByLabelText('Handle')).toHaveAccessibleDescription(
      expect.stringContaining('http://localhost:3000/u/priya-sharma'),
    );
    const email = within(panel).getByLabelText('Email');
    expect(email).toHaveValue('priya@example.in');
    expect(email).toHaveAttribute('readonly');
    expect(within(panel).getByText('This is your current handle.')).toBeInTheDocument();
  });

  describe('payout account', () => {
    it('says where she is paid, with the PAN masked, and leads to the Wallet to change it', async () => {
      const user = userEvent.setup();
      const { panel, router } = await renderProfile({
        'GET /api/studio/payout-account': () => jsonResponse(200, { ...PAYOUT_ACCOUNT, status: 'review' }),
        'GET /api/wallet': () => jsonResponse(200, WALLET),
      });
      const summary = await within(panel).findByRole('region', { name: 'Payout account' });
      expect(await within(summary).findByText('PRIYA SHARMA')).toBeInTheDocument();
      expect(summary).toHaveTextContent('Paying to PRIYA SHARMA — priya.sharma@okaxis');
      expect(summary).toHaveTextContent('PAN ABCDE****F');
      expect(summary).toHaveTextContent('Checked by us before your next payout');
      await user.click(within(summary).getByRole('button', { name: 'Change it in Wallet' }));
      expect(router.state.location.search).toBe('?tab=wallet');
      expect(await screen.findByRole('heading', { level: 2, name: 'Wallet' })).toHaveFocus();
    });

    it('says when there is none yet', async () => {
      const { panel } = await renderProfile();
      const summary = await within(panel).findByRole('region', { name: 'Payout account' });
      expect(
        await within(summary).findByText(
          'You have not saved a payout account yet. Add the UPI ID we should pay you at, in your Wallet.',
        ),
      ).toBeInTheDocument();
      expect(within(summary).getByRole('button', { name: 'Go to Wallet' })).toBeInTheDocument();
    });
  });

  describe('avatar', () => {
    it('refuses anything but an image with the toast "Only image files allowed"', async () => {
      const user = userEvent.setup({ applyAccept: false });
      const { panel, calls } = await renderProfile();
      await user.upload(within(panel).getByLabelText('Change avatar'), image('notes.pdf', 'application/pdf'));
      expect(await within(notifications()).findByText(CONTENT_MESSAGES.onlyImages)).toBeInTheDocument();
      expect(calls('POST /api/studio/avatar')).toHaveLength(0);
    });

    it('uploads the picture as one `file` part and shows it at once, in the panel and the session', async () => {
      const user = userEvent.setup();
      const updated: CreatorProfile = { ...CREATOR_PROFILE, avatarUrl: '/api/creators/creator_1/avatar?v=2' };
      const { panel, calls, queryClient } = await renderProfile({
        'POST /api/studio/avatar': () => jsonResponse(200, updated),
      });
      await user.upload(within(panel).getByLabelText('Change avatar'), image('me.png'));
      expect(await within(panel).findByRole('img', { name: 'Your avatar' })).toHaveAttribute('src', updated.avatarUrl);
      const [[, init]] = calls('POST /api/studio/avatar') as [[string, RequestInit]];
      const body = init.body as FormData;
      expect([...body.keys()]).toEqual(['file']);
      expect((body.get('file') as File).name).toBe('me.png');
      expect(within(notifications()).getByText(AVATAR_SAVED_MESSAGE)).toBeInTheDocument();
      expect(queryClient.getQueryData<typeof CREATOR_ME>(['me'])?.creator?.avatarUrl).toBe(updated.avatarUrl);
      expect(JSON.parse(localStorage.getItem(CREATOR_CACHE_KEY) ?? 'null')).toMatchObject({
        avatarUrl: updated.avatarUrl,
      });
    });

    it('takes an iPhone HEIC photo, also when the browser gives it no type, and offers HEIC in the picker', async () => {
      // The picker's filter is checked on its own below (browsers match extensions in any case).
      const user = userEvent.setup({ applyAccept: false });
      const updated: CreatorProfile = { ...CREATOR_PROFILE, avatarUrl: '/api/creators/creator_1/avatar?v=3' };
      const { panel, calls } = await renderProfile({
        'POST /api/studio/avatar': () => jsonResponse(200, updated),
      });
      const input = within(panel).getByLabelText('Change avatar');
      expect(input).toHaveAttribute('accept', 'image/*,.heic,.heif,image/heic,image/heif');
      // Chrome on Android and Windows types a .HEIC as "".
      await user.upload(input, image('IMG_4021.HEIC', ''));
      expect(await within(panel).findByRole('img', { name: 'Your avatar' })).toHaveAttribute('src', updated.avatarUrl);
      const [[, init]] = calls('POST /api/studio/avatar') as [[string, RequestInit]];
      expect(((init.body as FormData).get('file') as File).name).toBe('IMG_4021.HEIC');
    });

    it('says "Failed to upload avatar" with the server’s reason when the upload fails', async () => {
      const user = userEvent.setup();
      const { panel } = await renderProfile({
        'POST /api/studio/avatar': () =>
          jsonResponse(415, { error: { code: 'UNSUPPORTED_MEDIA_TYPE', message: 'Only image files allowed' } }),
      });
      await user.upload(within(panel).getByLabelText('Change avatar'), image('me.png'));
      const toastText = await within(notifications()).findByText(CONTENT_MESSAGES.avatarFailed);
      expect(toastText.parentElement).toHaveTextContent('Only image files allowed');
      expect(within(panel).queryByRole('img', { name: 'Your avatar' })).not.toBeInTheDocument();
    });
  });

  describe('details', () => {
    it('saves only what changed and updates the header, greeting and share link', async () => {
      const user = userEvent.setup();
      const saved: CreatorProfile = { ...CREATOR_PROFILE, name: 'Meera Iyer', bio: 'Street photos.', handle: 'meera' };
      const { panel, fetchMock, calls } = await renderProfile({
        'GET /api/studio/handle-availability?handle=meera': () =>
          jsonResponse(200, { handle: 'meera', available: true, message: null }),
        'PATCH /api/studio/profile': () => jsonResponse(200, saved),
      });
      const name = within(panel).getByLabelText('Name');
      await user.clear(name);
      await user.type(name, 'Meera Iyer');
      await user.type(within(panel).getByLabelText('Bio'), 'Street photos.');
      const handle = within(panel).getByLabelText('Handle');
      await user.clear(handle);
      await user.type(handle, 'Meera');
      expect(await within(panel).findByText('“meera” is available.')).toBeInTheDocument();
      await user.click(within(panel).getByRole('button', { name: 'Save profile' }));

      expect(await within(notifications()).findByText(PROFILE_SAVED_MESSAGE)).toBeInTheDocument();
      const patchIndex = fetchMock.mock.calls.findIndex(([, init]) => init?.method === 'PATCH');
      // As the contracts normalise it: the handle in lowercase.
      expect(requestBody(fetchMock, patchIndex)).toEqual({
        name: 'Meera Iyer',
        bio: 'Street photos.',
        handle: 'meera',
      });
      expect(calls('PATCH /api/studio/profile')).toHaveLength(1);
      expect(screen.getByRole('heading', { level: 1, name: 'Hi, Meera' })).toBeInTheDocument();
      expect(screen.getByText('Meera', { selector: 'header *' })).toBeInTheDocument();
      expect(handle).toHaveValue('meera');
      expect(within(panel).getByText('This is your current handle.')).toBeInTheDocument();
      // The share link is on the first tab's overview (issue 26): it follows the new handle.
      expect(await publicLinkOnUploadTab(user)).toHaveValue('http://localhost:3000/u/meera');
    });

    it('clears the bio with an empty text', async () => {
      const user = userEvent.setup();
      const me = { ...CREATOR_ME, creator: { ...CREATOR_PROFILE, bio: 'Old bio' } };
      const fetchMock = stubApi({
        'GET /api/studio/contents': () => jsonResponse(200, STUDIO_CONTENTS),
        'PATCH /api/studio/profile': () => jsonResponse(200, { ...CREATOR_PROFILE, bio: null }),
      });
      renderRoute('/?tab=profile', { me });
      const panel = await screen.findByRole('region', { name: 'Profile' });
      await user.clear(within(panel).getByLabelText('Bio'));
      await user.click(within(panel).getByRole('button', { name: 'Save profile' }));
      await waitFor(() => {
        expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PATCH')).toBe(true);
      });
      const patchIndex = fetchMock.mock.calls.findIndex(([, init]) => init?.method === 'PATCH');
      expect(requestBody(fetchMock, patchIndex)).toEqual({ bio: '' });
    });

    it('sends nothing when nothing changed', async () => {
      const user = userEvent.setup();
      const { panel, calls } = await renderProfile();
      await user.click(within(panel).getByRole('button', { name: 'Save profile' }));
      expect(await within(panel).findByText(NOTHING_TO_SAVE_MESSAGE)).toBeInTheDocument();
      expect(calls('PATCH')).toHaveLength(0);
    });

    it('checks the name with the contracts’ rules before sending', async () => {
      const user = userEvent.setup();
      const { panel, calls } = await renderProfile();
      const name = within(panel).getByLabelText('Name');
      await user.clear(name);
      await user.click(within(panel).getByRole('button', { name: 'Save profile' }));
      expect(name).toHaveAccessibleDescription(expect.stringContaining('Please enter your name.'));
      expect(name).toHaveFocus();
      expect(calls('PATCH')).toHaveLength(0);
    });

    it('says "Failed to update profile" with the server’s message, and puts a taken handle’s message under it', async () => {
      const user = userEvent.setup();
      const { panel } = await renderProfile({
        'GET /api/studio/handle-availability?handle=riya': () =>
          jsonResponse(200, { handle: 'riya', available: true, message: null }),
        'PATCH /api/studio/profile': () =>
          jsonResponse(409, { error: { code: 'HANDLE_TAKEN', message: 'Someone just took “riya”. Try another.' } }),
      });
      const handle = within(panel).getByLabelText('Handle');
      await user.clear(handle);
      await user.type(handle, 'riya');
      await within(panel).findByText('“riya” is available.');
      await user.click(within(panel).getByRole('button', { name: 'Save profile' }));

      const toastText = await within(notifications()).findByText(CONTENT_MESSAGES.profileFailed);
      expect(toastText.parentElement).toHaveTextContent('Someone just took “riya”. Try another.');
      expect(handle).toHaveAccessibleDescription(expect.stringContaining('Someone just took “riya”. Try another.'));
      expect(handle).toHaveFocus();
      expect(within(panel).queryByText('“riya” is available.')).not.toBeInTheDocument();
      expect(await publicLinkOnUploadTab(user)).toHaveValue('http://localhost:3000/u/priya-sharma');
    });

    it('says "Failed to update profile" when the server cannot be reached', async () => {
      const user = userEvent.setup();
      const { panel } = await renderProfile();
      await user.type(within(panel).getByLabelText('Bio'), 'Hello');
      await user.click(within(panel).getByRole('button', { name: 'Save profile' }));
      expect(await within(notifications()).findByText(CONTENT_MESSAGES.profileFailed)).toBeInTheDocument();
      expect(within(panel).getByLabelText('Bio')).toHaveValue('Hello');
    });
  });

  describe('handle availability', () => {
    it('asks the server once typing pauses and says when a handle is taken', async () => {
      const user = userEvent.setup();
      const { panel, calls } = await renderProfile({
        'GET /api/studio/handle-availability?handle=priya': () =>
          jsonResponse(200, { handle: 'priya', available: false, message: 'That handle is already taken.' }),
      });
      const handle = within(panel).getByLabelText('Handle');
      await user.clear(handle);
      await user.type(handle, 'priya');
      expect(await within(panel).findByText('That handle is already taken.')).toBeInTheDocument();
      // One request for the finished word, not one per keystroke.
      expect(calls('GET /api/studio/handle-availability')).toHaveLength(1);
      expect(handle).toHaveAttribute('aria-invalid', 'true');
      await user.click(within(panel).getByRole('button', { name: 'Save profile' }));
      expect(handle).toHaveFocus();
      expect(calls('PATCH')).toHaveLength(0);
    });

    it('explains a handle that breaks the rules without asking the server', async () => {
      const user = userEvent.setup();
      const { panel, calls } = await renderProfile();
      const handle = within(panel).getByLabelText('Handle');
      await user.clear(handle);
      await user.type(handle, 'priya_sharma');
      expect(
        await within(panel).findByText('Use lowercase letters, numbers and single dashes (like priya-sharma).'),
      ).toBeInTheDocument();
      await user.clear(handle);
      await user.type(handle, 'pr');
      expect(await within(panel).findByText('Your handle needs at least 3 characters.')).toBeInTheDocument();
      expect(calls('GET /api/studio/handle-availability')).toHaveLength(0);
    });
  });
});
