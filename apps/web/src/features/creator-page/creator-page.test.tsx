import { CONTENT_MESSAGES, CREATOR_PAGE_MESSAGES, PAYMENT_MESSAGES } from '@kholo/contracts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { toast } from '../../components/ui/toast.tsx';
import { preloadUnlockDialog } from '../payments/index.ts';
import { jsonResponse, renderRoute, stubApi, type ApiHandler } from '../../test-utils.tsx';
import { takePendingUnlock, VISITOR } from '../accounts/index.ts';
import { ADMIN_ME, CREATOR_ME, FAN_ME } from '../../test-fixtures/accounts.ts';
import { AGE_CONFIRM_LABEL } from './components/age-gate.tsx';
import { AGE_CONFIRMED_KEY, resetAdultAgeConfirmation } from '../catalog/index.ts';
import {
  card,
  creatorPageOf,
  endedCard,
  fanUnlock,
  PUBLIC_CREATOR,
  unlockedCard,
} from '../../test-fixtures/catalog.ts';

const PAGE_API = 'GET /api/creators/priya-sharma';
const PATH = '/u/priya-sharma';

type User = ReturnType<typeof userEvent.setup>;

async function renderPage(handlers: Record<string, ApiHandler>, me = FAN_ME, path = PATH) {
  const fetchMock = stubApi(handlers);
  const result = renderRoute(path, { me });
  await screen.findByRole('heading', { level: 1 });
  return { ...result, fetchMock };
}

function cardFor(title: string): HTMLElement {
  return screen.getByRole('article', { name: title });
}

function errorToasts(): HTMLElement {
  return within(screen.getByRole('region', { name: 'Notifications' })).getByRole('alert');
}

function statusToasts(): HTMLElement {
  return within(screen.getByRole('region', { name: 'Notifications' })).getByRole('status');
}

function calls(fetchMock: ReturnType<typeof stubApi>, path: string): number {
  return fetchMock.mock.calls.filter(([input]) => input === path).length;
}

describe('/u/:username', () => {
  // Loaded up front, so a dialog that should not open would have had every chance to.
  beforeAll(async () => {
    await preloadUnlockDialog();
  });
  beforeEach(() => {
    sessionStorage.clear();
    resetAdultAgeConfirmation();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    act(() => {
      toast.dismiss();
    });
  });

  describe('the profile', () => {
    it('shows the initial, name, default bio and the title "{name} · Kholo"', async () => {
      await renderPage({ [PAGE_API]: () => jsonResponse(200, creatorPageOf([card('c1')])) });
      expect(screen.getByRole('heading', { level: 1, name: 'Priya Sharma' })).toBeInTheDocument();
      expect(screen.getByText(CONTENT_MESSAGES.defaultBio)).toBeInTheDocument();
      expect(CONTENT_MESSAGES.defaultBio).toBe('Creator on Kholo');
      expect(screen.getByText('P')).toBeInTheDocument();
      await waitFor(() => {
        expect(document.title).toBe('Priya Sharma · Kholo');
      });
    });

    it('shows the avatar and the creator’s own bio when there are', async () => {
      const creator = {
        ...PUBLIC_CREATOR,
        bio: 'Street food across Jaipur.',
        avatarUrl: '/api/creators/creator_1/avatar?v=2',
      };
      await renderPage({ [PAGE_API]: () => jsonResponse(200, creatorPageOf([], 0, creator)) });
      expect(screen.getByText('Street food across Jaipur.')).toBeInTheDocument();
      expect(screen.queryByText(CONTENT_MESSAGES.defaultBio)).not.toBeInTheDocument();
      const header = screen.getByRole('region', { name: 'Priya Sharma' });
      expect(header.querySelector('img')).toHaveAttribute('src', '/api/creators/creator_1/avatar?v=2');
    });

    it('copies the public link built from the configured address, with a toast', async () => {
      const user = userEvent.setup();
      const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue();
      await renderPage({ [PAGE_API]: () => jsonResponse(200, creatorPageOf([])) });
      await user.click(screen.getByRole('button', { name: 'Copy link' }));
      expect(writeText).toHaveBeenCalledWith('http://localhost:3000/u/priya-sharma?src=link');
      expect(await screen.findByRole('button', { name: 'Copied' })).toBeInTheDocument();
      expect(statusToasts()).toHaveTextContent('Link copied');
    });

    it('says so when the clipboard refuses', async () => {
      const user = userEvent.setup();
      vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new Error('denied'));
      await renderPage({ [PAGE_API]: () => jsonResponse(200, creatorPageOf([])) });
      await user.click(screen.getByRole('button', { name: 'Copy link' }));
      await waitFor(() => {
        expect(errorToasts()).toHaveTextContent('Could not copy the link');
      });
    });

    it('matches the route case-insensitively and asks for the handle as typed', async () => {
      const { fetchMock } = await renderPage(
        { 'GET /api/creators/Priya-Sharma': () => jsonResponse(200, creatorPageOf([])) },
        FAN_ME,
        '/U/Priya-Sharma',
      );
      expect(screen.getByRole('heading', { level: 1, name: 'Priya Sharma' })).toBeInTheDocument();
      expect(calls(fetchMock, '/api/creators/Priya-Sharma')).toBe(1);
    });

    it('says when the creator has nothing yet', async () => {
      await renderPage({ [PAGE_API]: () => jsonResponse(200, creatorPageOf([])) });
      expect(screen.getByText('Priya Sharma hasn’t shared anything yet. Check back soon.')).toBeInTheDocument();
    });
  });

  describe('states', () => {
    it('shows skeleton cards while the page loads', async () => {
      stubApi({ [PAGE_API]: () => new Promise<Response>(() => {}) });
      renderRoute(PATH);
      expect(await screen.findByText('Loading the creator’s page…')).toBeInTheDocument();
      expect(screen.queryByRole('article')).not.toBeInTheDocument();
    });

    it('shows a friendly not-found page for an unknown creator', async () => {
      await renderPage({
        [PAGE_API]: () => jsonResponse(404, { error: { code: 'NOT_FOUND', message: 'Creator not found.' } }),
      });
      expect(screen.getByRole('heading', { level: 1, name: 'We couldn’t find that creator' })).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Back to home' })).toHaveAttribute('href', '/');
      await waitFor(() => {
        expect(document.title).toBe('Creator not found · Kholo');
      });
    });

    it('sends a visitor from an old address to the creator’s new page', async () => {
      const user = userEvent.setup();
      await renderPage({
        [PAGE_API]: () =>
          jsonResponse(404, {
            error: {
              code: 'CREATOR_MOVED',
              message: CREATOR_PAGE_MESSAGES.moved,
              movedTo: { handle: 'pink-city-lens', name: 'Priya Sharma' },
            },
          }),
        'GET /api/creators/pink-city-lens': () => jsonResponse(200, creatorPageOf([card('c1')])),
      });
      expect(screen.getByRole('heading', { level: 1, name: 'This creator has a new address' })).toBeInTheDocument();
      expect(screen.getByText('localhost:3000/u/pink-city-lens')).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Back to home' })).toHaveAttribute('href', '/');
      await waitFor(() => {
        expect(document.title).toBe('Priya Sharma has moved · Kholo');
      });
      const newPage = screen.getByRole('link', { name: 'Go to the new page' });
      expect(newPage).toHaveAttribute('href', '/u/pink-city-lens');
      await user.click(newPage);
      expect(await screen.findByRole('heading', { level: 1, name: 'Priya Sharma' })).toBeInTheDocument();
    });

    it('says when the creator of an old address is no longer on Kholo', async () => {
      await renderPage({
        [PAGE_API]: () => jsonResponse(404, { error: { code: 'CREATOR_GONE', message: CREATOR_PAGE_MESSAGES.gone } }),
      });
      expect(screen.getByRole('heading', { level: 1, name: 'This creator is no longer on Kholo' })).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Back to home' })).toHaveAttribute('href', '/');
      expect(screen.queryByRole('link', { name: 'Go to the new page' })).not.toBeInTheDocument();
    });

    it('takes a moved answer without a new address for a plain not-found', async () => {
      await renderPage({
        [PAGE_API]: () => jsonResponse(404, { error: { code: 'CREATOR_MOVED', message: CREATOR_PAGE_MESSAGES.moved } }),
      });
      expect(screen.getByRole('heading', { level: 1, name: 'We couldn’t find that creator' })).toBeInTheDocument();
    });

    it('offers a retry for other failures', async () => {
      const user = userEvent.setup();
      let fail = true;
      const { fetchMock } = await renderPage({
        [PAGE_API]: () =>
          fail
            ? jsonResponse(429, { error: { code: 'RATE_LIMITED', message: 'Too many requests. Wait a minute.' } })
            : jsonResponse(200, creatorPageOf([card('c1')])),
      });
      expect(screen.getByRole('heading', { level: 1, name: 'We couldn’t load this page' })).toBeInTheDocument();
      expect(screen.getByText('Too many requests. Wait a minute.')).toBeInTheDocument();
      fail = false;
      await user.click(screen.getByRole('button', { name: 'Try again' }));
      expect(await screen.findByRole('heading', { level: 1, name: 'Priya Sharma' })).toBeInTheDocument();
      expect(calls(fetchMock, '/api/creators/priya-sharma')).toBe(2);
    });
  });

  describe('locked cards', () => {
    it('show only the blurred preview, "Locked" and "Unlock for ₹{price}", and never the media’s address', async () => {
      await renderPage({
        [PAGE_API]: () => jsonResponse(200, creatorPageOf([card('c1', { pricePaise: 1_499_50 }), unlockedCard('c2')])),
      });
      const locked = cardFor('Title c1');
      expect(within(locked).getByRole('img', { name: 'Blurred preview of "Title c1"' })).toHaveAttribute(
        'src',
        '/api/contents/c1/preview',
      );
      expect(within(locked).getByText(CONTENT_MESSAGES.locked)).toBeInTheDocument();
      expect(within(locked).getByRole('button', { name: 'Unlock for ₹1,499.50' })).toHaveAccessibleDescription(
        'Title c1',
      );
      expect(within(locked).queryByRole('button', { name: /Download/ })).not.toBeInTheDocument();
      expect(locked.innerHTML).not.toContain('/media');
      expect(locked.innerHTML).not.toContain('/download');
      expect(within(locked).getAllByRole('img')).toHaveLength(1);
    });

    it('tell a fan whose 14 days ran out when they ended, and offer to unlock it again (issue 23)', async () => {
      const user = userEvent.setup();
      await renderPage({
        [PAGE_API]: () =>
          jsonResponse(200, creatorPageOf([endedCard('c1', Date.UTC(2025, 11, 16, 8, 35)), card('c2')])),
        'GET /api/fan/unlocks': () => jsonResponse(200, { items: [] }),
      });
      const ended = cardFor('Title c1');
      expect(within(ended).getByText('Ended 16 Dec 2025')).toBeInTheDocument();
      expect(within(ended).getByRole('img', { name: 'Blurred preview of "Title c1"' })).toBeInTheDocument();
      expect(within(ended).queryByRole('button', { name: 'Download' })).not.toBeInTheDocument();
      // Never bought: the spec's words, no end date.
      expect(within(cardFor('Title c2')).queryByText(/^Ended/)).not.toBeInTheDocument();
      expect(within(cardFor('Title c2')).getByRole('button', { name: 'Unlock for ₹499' })).toBeInTheDocument();

      await user.click(within(ended).getByRole('button', { name: 'Unlock again for ₹499' }));
      const dialog = await screen.findByRole('dialog', { name: PAYMENT_MESSAGES.dialogTitle });
      expect(within(dialog).getByText('Title c1')).toBeInTheDocument();
      expect(within(dialog).getByRole('button', { name: 'Pay ₹499' })).toBeInTheDocument();
    });

    it('show a play mark and the Video label for a locked video, with no player', async () => {
      await renderPage({ [PAGE_API]: () => jsonResponse(200, creatorPageOf([card('v1', { mediaKind: 'video' })])) });
      const locked = cardFor('Title v1');
      expect(within(locked).getByText('Video')).toBeInTheDocument();
      expect(locked.querySelector('video')).toBeNull();
      expect(within(locked).getByRole('img', { name: 'Blurred preview of "Title v1"' })).toBeInTheDocument();
    });

    it('for a visitor: the unlock dialog asks only her email; its Log in remembers the item, and the dialog opens again after login', async () => {
      const user = userEvent.setup();
      let signedIn = false;
      const { fetchMock } = await renderPage(
        {
          [PAGE_API]: () =>
            jsonResponse(200, signedIn ? creatorPageOf([card('c1'), card('c2')]) : creatorPageOf([card('c1')], 2)),
          'POST /api/auth/sign-in/email': () => {
            signedIn = true;
            return jsonResponse(200, FAN_ME);
          },
          'GET /api/fan/unlocks': () => jsonResponse(200, { items: [] }),
          'GET /api/contents/c1': () => jsonResponse(200, { item: card('c1'), creator: PUBLIC_CREATOR }),
        },
        VISITOR,
      );
      await user.click(within(cardFor('Title c1')).getByRole('button', { name: 'Unlock for ₹499' }));
      const checkout = await screen.findByRole('dialog', { name: PAYMENT_MESSAGES.dialogTitle });
      expect(within(checkout).getByLabelText('Email')).toBeInTheDocument();
      expect(sessionStorage.getItem('kholo.pending-unlock')).toBeNull();
      await user.click(within(checkout).getByRole('button', { name: 'Log in' }));
      const dialog = await screen.findByRole('dialog', { name: 'Log in to unlock content' });
      expect(JSON.parse(sessionStorage.getItem('kholo.pending-unlock')!)).toMatchObject({ contentId: 'c1' });

      await user.type(within(dialog).getByLabelText('Email'), 'arjun@example.in');
      await user.type(within(dialog).getByLabelText('Password'), 'chai biscuit rain{Enter}');
      expect(await screen.findByRole('article', { name: 'Title c2' })).toBeInTheDocument();
      expect(calls(fetchMock, '/api/creators/priya-sharma')).toBe(2);
      expect(screen.queryByRole('button', { name: CONTENT_MESSAGES.loginToSeeMore })).not.toBeInTheDocument();
      // The tapped unlock resumes once, after the login, once the item is read again as the fan.
      const unlock = await screen.findByRole('dialog', { name: PAYMENT_MESSAGES.dialogTitle });
      expect(within(unlock).getByText('Title c1')).toBeInTheDocument();
      expect(within(unlock).getByRole('button', { name: 'Pay ₹499' })).toBeInTheDocument();
      // No 'Welcome back' toast over the dialog's buttons: the dialog itself answers the login.
      expect(screen.queryByText(/^Welcome back/)).not.toBeInTheDocument();
      expect(calls(fetchMock, '/api/contents/c1')).toBe(1);
      expect(takePendingUnlock()).toBeNull();
    });

    it.each([
      ['already unlocked by them', unlockedCard('c1', 14)],
      ['their own', unlockedCard('c1', 14, { access: { kind: 'owner' } })],
    ])('for a visitor: no unlock dialog after login when the item turns out to be %s', async (_, asThem) => {
      const user = userEvent.setup();
      let signedIn = false;
      const { fetchMock } = await renderPage(
        {
          [PAGE_API]: () => jsonResponse(200, creatorPageOf([signedIn ? asThem : card('c1')])),
          'POST /api/auth/sign-in/email': () => {
            signedIn = true;
            return jsonResponse(200, FAN_ME);
          },
          'GET /api/fan/unlocks': () => jsonResponse(200, { items: [] }),
          'GET /api/contents/c1': () => jsonResponse(200, { item: asThem, creator: PUBLIC_CREATOR }),
        },
        VISITOR,
      );
      await user.click(screen.getByRole('button', { name: 'Unlock for ₹499' }));
      const checkout = await screen.findByRole('dialog', { name: PAYMENT_MESSAGES.dialogTitle });
      await user.click(within(checkout).getByRole('button', { name: 'Log in' }));
      const dialog = await screen.findByRole('dialog', { name: 'Log in to unlock content' });
      await user.type(within(dialog).getByLabelText('Email'), 'arjun@example.in');
      await user.type(within(dialog).getByLabelText('Password'), 'chai biscuit rain{Enter}');
      expect(await within(cardFor('Title c1')).findByRole('button', { name: 'Download' })).toBeInTheDocument();
      await waitFor(() => {
        expect(calls(fetchMock, '/api/contents/c1')).toBe(1);
      });
      await act(async () => {
        await new Promise((resolve) => setTimeout(resolve, 50));
      });
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      // With no payment dialog to follow, the login's own toast stays.
      expect(screen.getByText('Welcome back, Arjun!')).toBeInTheDocument();
    });

    it('for a signed-in fan: open the unlock dialog with the item, its creator and price', async () => {
      const user = userEvent.setup();
      const { fetchMock } = await renderPage({
        [PAGE_API]: () => jsonResponse(200, creatorPageOf([card('c1', { pricePaise: 149_50 })])),
        'GET /api/fan/unlocks': () => jsonResponse(200, { items: [] }),
      });
      await user.click(screen.getByRole('button', { name: 'Unlock for ₹149.50' }));
      const dialog = await screen.findByRole('dialog', { name: PAYMENT_MESSAGES.dialogTitle });
      expect(within(dialog).getByText('Title c1')).toBeInTheDocument();
      expect(within(dialog).getByText('Priya Sharma')).toBeInTheDocument();
      expect(within(dialog).getByRole('button', { name: 'Pay ₹149.50' })).toBeInTheDocument();
      expect(sessionStorage.getItem('kholo.pending-unlock')).toBeNull();
      // Opening the dialog asks nothing of the server: the order waits for 'Pay'.
      expect(fetchMock.mock.calls.map(([input]) => input)).not.toContain('/api/payment/order');
    });
  });

  describe('Login to See More', () => {
    it('shows for a visitor when the creator has more than the items sent, and opens the fan login', async () => {
      const user = userEvent.setup();
      await renderPage(
        { [PAGE_API]: () => jsonResponse(200, creatorPageOf([card('c1'), card('c2'), card('c3')], 5)) },
        VISITOR,
      );
      expect(screen.getAllByRole('article')).toHaveLength(3);
      expect(screen.getByText('2 more posts from Priya')).toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'Login to See More' }));
      expect(await screen.findByRole('dialog', { name: 'Log in to unlock content' })).toBeInTheDocument();
      expect(sessionStorage.getItem('kholo.pending-unlock')).toBeNull();
    });

    it('is absent when everything is already shown', async () => {
      await renderPage(
        { [PAGE_API]: () => jsonResponse(200, creatorPageOf([card('c1'), card('c2'), card('c3')], 3)) },
        VISITOR,
      );
      expect(screen.queryByRole('button', { name: CONTENT_MESSAGES.loginToSeeMore })).not.toBeInTheDocument();
    });
  });

  describe('unlocked cards', () => {
    it('show the image, "Unlocked ({n}d left)" and Download', async () => {
      await renderPage({
        [PAGE_API]: () => jsonResponse(200, creatorPageOf([unlockedCard('c1', 12)])),
        'GET /api/fan/unlocks': () => jsonResponse(200, { items: [] }),
      });
      const unlocked = cardFor('Title c1');
      expect(within(unlocked).getByRole('img', { name: 'Title c1' })).toHaveAttribute('src', '/api/contents/c1/media');
      expect(within(unlocked).getByText('Unlocked (12d left)')).toBeInTheDocument();
      expect(within(unlocked).getByRole('button', { name: 'Download' })).toHaveAccessibleDescription('Title c1');
      expect(within(unlocked).queryByText(CONTENT_MESSAGES.locked)).not.toBeInTheDocument();
      expect(within(unlocked).getByRole('link', { name: 'Open' })).toHaveAttribute('href', '/content/c1');
    });

    it('say "Your item" to the creator and "Admin view" to the admin', async () => {
      const own = unlockedCard('c1', 12, { access: { kind: 'owner' } });
      const { unmount } = await renderPage({ [PAGE_API]: () => jsonResponse(200, creatorPageOf([own])) }, CREATOR_ME);
      expect(within(cardFor('Title c1')).getByText('Your item')).toBeInTheDocument();
      expect(screen.queryByText(/d left/)).not.toBeInTheDocument();
      unmount();

      const reviewed = unlockedCard('c1', 12, { access: { kind: 'admin' } });
      await renderPage({ [PAGE_API]: () => jsonResponse(200, creatorPageOf([reviewed])) }, ADMIN_ME);
      expect(within(cardFor('Title c1')).getByText('Admin view')).toBeInTheDocument();
    });

    it('autoplay a video muted and looped, and offer the file when it cannot play', async () => {
      await renderPage({
        [PAGE_API]: () => jsonResponse(200, creatorPageOf([unlockedCard('v1', 3, { mediaKind: 'video' })])),
        'GET /api/fan/unlocks': () => jsonResponse(200, { items: [] }),
      });
      const unlocked = cardFor('Title v1');
      const video = unlocked.querySelector('video')!;
      expect(video).toHaveAttribute('src', '/api/contents/v1/media');
      expect(video).toHaveAttribute('autoplay');
      expect(video).toHaveAttribute('loop');
      expect(video).toHaveAttribute('playsinline');
      expect(video.muted).toBe(true);
      expect(video.defaultMuted).toBe(true);
      expect(video).not.toHaveAttribute('controls');
      expect(within(unlocked).queryByText(CONTENT_MESSAGES.videoError)).not.toBeInTheDocument();

      fireEvent.error(video);
      const overlay = await within(unlocked).findByRole('alert');
      expect(overlay).toHaveTextContent(CONTENT_MESSAGES.videoError);
      expect(within(overlay).getByRole('link', { name: 'Open video' })).toHaveAttribute(
        'href',
        '/api/contents/v1/media',
      );
    });
  });

  describe('Download', () => {
    let clicked: HTMLAnchorElement[];
    beforeEach(() => {
      clicked = [];
      vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
        clicked.push(this);
      });
      URL.createObjectURL = vi.fn(() => 'blob:http://localhost:3000/file-1');
      URL.revokeObjectURL = vi.fn();
    });

    async function renderUnlocked(download: ApiHandler, item = unlockedCard('c1')) {
      return renderPage({
        [PAGE_API]: () => jsonResponse(200, creatorPageOf([item])),
        'GET /api/fan/unlocks': () => jsonResponse(200, { items: [] }),
        'GET /api/contents/c1/download': download,
      });
    }

    async function clickDownload(user: User) {
      await user.click(within(cardFor('Title c1')).getByRole('button', { name: 'Download' }));
    }

    it('fetches the original and saves it under the server’s file name', async () => {
      const user = userEvent.setup();
      const { fetchMock } = await renderUnlocked(
        () =>
          new Response(new Blob(['jpeg bytes'], { type: 'image/jpeg' }), {
            status: 200,
            headers: { 'content-disposition': 'attachment; filename="jaipur-sunset.jpg"' },
          }),
      );
      await clickDownload(user);
      await waitFor(() => {
        expect(clicked).toHaveLength(1);
      });
      expect(clicked[0]).toHaveAttribute('download', 'jaipur-sunset.jpg');
      expect(clicked[0]).toHaveAttribute('href', 'blob:http://localhost:3000/file-1');
      expect(clicked[0]!.isConnected).toBe(false);
      expect(calls(fetchMock, '/api/contents/c1/download')).toBe(1);
      expect(screen.queryByRole('alert')?.textContent ?? '').toBe('');
    });

    it('says "Download failed" when the server refuses', async () => {
      const user = userEvent.setup();
      await renderUnlocked(() => jsonResponse(404, { error: { code: 'NOT_FOUND', message: 'Not found.' } }));
      await clickDownload(user);
      await waitFor(() => {
        expect(errorToasts()).toHaveTextContent(CONTENT_MESSAGES.downloadFailed);
      });
      expect(CONTENT_MESSAGES.downloadFailed).toBe('Download failed');
      expect(clicked).toHaveLength(0);
    });

    it('says "Unable to download the file" when the request breaks', async () => {
      const user = userEvent.setup();
      await renderUnlocked(() => Promise.reject(new TypeError('Failed to fetch')));
      await clickDownload(user);
      await waitFor(() => {
        expect(errorToasts()).toHaveTextContent('Unable to download the file');
      });
      expect(clicked).toHaveLength(0);
    });

    it('says "No media file available for download" when the item has none', async () => {
      const user = userEvent.setup();
      const { fetchMock } = await renderUnlocked(() => jsonResponse(200, {}), unlockedCard('c1', 12, { media: null }));
      await clickDownload(user);
      await waitFor(() => {
        expect(errorToasts()).toHaveTextContent('No media file available for download');
      });
      expect(calls(fetchMock, '/api/contents/c1/download')).toBe(0);
    });
  });

  describe('18+ items', () => {
    const adultPage = creatorPageOf([
      card('a1', { isAdultContent: true }),
      card('a2', { isAdultContent: true, mediaKind: 'video' }),
      card('c3'),
    ]);

    it('hide even the preview from a visitor until they confirm, then show every adult preview', async () => {
      const user = userEvent.setup();
      await renderPage({ [PAGE_API]: () => jsonResponse(200, adultPage) }, VISITOR);
      for (const title of ['Title a1', 'Title a2']) {
        const gated = cardFor(title);
        expect(within(gated).getByText(/^18\+/, { selector: 'p' })).toHaveTextContent(`18+ item: ${title}`);
        expect(within(gated).queryByRole('img')).not.toBeInTheDocument();
        expect(gated.innerHTML).not.toContain('/preview');
      }
      expect(within(cardFor('Title c3')).getByRole('img', { name: 'Blurred preview of "Title c3"' })).toBeVisible();
      // The price and the button stay usable behind the gate.
      expect(within(cardFor('Title a1')).getByRole('button', { name: 'Unlock for ₹499' })).toBeInTheDocument();

      const confirmButtons = screen.getAllByRole('button', { name: AGE_CONFIRM_LABEL });
      expect(confirmButtons).toHaveLength(2);
      expect(AGE_CONFIRM_LABEL).toBe('I am 18 or older — show');
      await user.click(confirmButtons[0]!);
      expect(within(cardFor('Title a1')).getByRole('img', { name: 'Blurred preview of "Title a1"' })).toBeVisible();
      expect(within(cardFor('Title a2')).getByRole('img', { name: 'Blurred preview of "Title a2"' })).toBeVisible();
      expect(screen.queryByRole('button', { name: AGE_CONFIRM_LABEL })).not.toBeInTheDocument();
      expect(sessionStorage.getItem(AGE_CONFIRMED_KEY)).toBe('true');
    });

    it('ask a signed-in fan too, and remember the answer for the tab', async () => {
      sessionStorage.setItem(AGE_CONFIRMED_KEY, 'true');
      await renderPage({
        [PAGE_API]: () => jsonResponse(200, adultPage),
        'GET /api/fan/unlocks': () => jsonResponse(200, { items: [] }),
      });
      expect(screen.queryByRole('button', { name: AGE_CONFIRM_LABEL })).not.toBeInTheDocument();
      expect(within(cardFor('Title a1')).getByRole('img', { name: 'Blurred preview of "Title a1"' })).toBeVisible();
    });

    it('never ask a fan who holds an adult item to confirm again to see it (issue 23)', async () => {
      await renderPage({
        [PAGE_API]: () =>
          jsonResponse(200, creatorPageOf([unlockedCard('a1', 5, { isAdultContent: true, mediaKind: 'video' })])),
        'GET /api/fan/unlocks': () => jsonResponse(200, { items: [] }),
      });
      expect(screen.queryByRole('button', { name: AGE_CONFIRM_LABEL })).not.toBeInTheDocument();
      expect(cardFor('Title a1').querySelector('video')).toHaveAttribute('src', '/api/contents/a1/media');
      expect(within(cardFor('Title a1')).getByText('18+')).toBeInTheDocument();
    });

    it('never hide an adult item from the admin', async () => {
      const reviewed = unlockedCard('a1', 12, { isAdultContent: true, access: { kind: 'admin' } });
      await renderPage({ [PAGE_API]: () => jsonResponse(200, creatorPageOf([reviewed])) }, ADMIN_ME);
      expect(screen.queryByRole('button', { name: AGE_CONFIRM_LABEL })).not.toBeInTheDocument();
      expect(within(cardFor('Title a1')).getByRole('img', { name: 'Title a1' })).toBeInTheDocument();
    });

    it('keep an unconfirmed adult card compact: the gate fits a short box instead of the 4:5 picture', async () => {
      const user = userEvent.setup();
      await renderPage({ [PAGE_API]: () => jsonResponse(200, adultPage) }, VISITOR);
      const pictureBox = (title: string) => cardFor(title).firstElementChild as HTMLElement;
      expect(pictureBox('Title a1')).not.toHaveClass('aspect-[4/5]');
      expect(pictureBox('Title a1')).toHaveClass('min-h-44');
      // The gate's words and button sit inside it; its own 18+ replaces the corner badge.
      expect(within(pictureBox('Title a1')).getByRole('button', { name: AGE_CONFIRM_LABEL })).toBeInTheDocument();
      expect(within(pictureBox('Title a1')).queryByText('18+', { selector: 'span' })).not.toBeInTheDocument();
      expect(pictureBox('Title c3')).toHaveClass('aspect-[4/5]');

      await user.click(within(pictureBox('Title a1')).getByRole('button', { name: AGE_CONFIRM_LABEL }));
      expect(pictureBox('Title a1')).toHaveClass('aspect-[4/5]');
      expect(within(pictureBox('Title a1')).getByText('18+')).toBeInTheDocument();
    });

    it('never hide a creator’s own items from them', async () => {
      const own = unlockedCard('a1', 12, { isAdultContent: true, access: { kind: 'owner' } });
      await renderPage({ [PAGE_API]: () => jsonResponse(200, creatorPageOf([own])) }, CREATOR_ME);
      expect(screen.queryByRole('button', { name: AGE_CONFIRM_LABEL })).not.toBeInTheDocument();
      expect(within(cardFor('Title a1')).getByRole('img', { name: 'Title a1' })).toBeInTheDocument();
      expect(within(cardFor('Title a1')).getByText('18+')).toBeInTheDocument();
    });
  });

  describe('Your Purchased Content', () => {
    it('lists the fan’s active unlocks from this creator, with days left and links', async () => {
      const other = { ...PUBLIC_CREATOR, id: 'creator_2', handle: 'ravi', name: 'Ravi' };
      await renderPage({
        [PAGE_API]: () => jsonResponse(200, creatorPageOf([unlockedCard('c1', 12), unlockedCard('c2', 1)])),
        'GET /api/fan/unlocks': () =>
          jsonResponse(200, { items: [fanUnlock('c1', 12), fanUnlock('c2', 1), fanUnlock('x9', 5, other)] }),
      });
      const summary = await screen.findByRole('region', { name: CONTENT_MESSAGES.purchasedContent });
      expect(CONTENT_MESSAGES.purchasedContent).toBe('Your Purchased Content');
      expect(within(summary).getByText('You have 2 active unlocks from Priya Sharma.')).toBeInTheDocument();
      const links = within(summary).getAllByRole('link');
      expect(links.map((link) => link.getAttribute('href'))).toEqual(['/content/c1', '/content/c2']);
      expect(links[0]).toHaveTextContent('Title c1Unlocked (12d left)');
      expect(links[1]).toHaveTextContent('Title c2Unlocked (1d left)');
    });

    it('is absent when the fan holds nothing from this creator, and never asked for a visitor', async () => {
      const { fetchMock, unmount } = await renderPage({
        [PAGE_API]: () => jsonResponse(200, creatorPageOf([card('c1')])),
        'GET /api/fan/unlocks': () => jsonResponse(200, { items: [] }),
      });
      await waitFor(() => {
        expect(calls(fetchMock, '/api/fan/unlocks')).toBe(1);
      });
      expect(screen.queryByRole('region', { name: CONTENT_MESSAGES.purchasedContent })).not.toBeInTheDocument();
      unmount();

      const visitor = await renderPage({ [PAGE_API]: () => jsonResponse(200, creatorPageOf([card('c1')])) }, VISITOR);
      expect(calls(visitor.fetchMock, '/api/fan/unlocks')).toBe(0);
    });

    it('toasts "Could not fetch unlocks" once when they cannot be read', async () => {
      await renderPage({
        [PAGE_API]: () => jsonResponse(200, creatorPageOf([card('c1')])),
        'GET /api/fan/unlocks': () => jsonResponse(403, { error: { code: 'FORBIDDEN', message: 'No.' } }),
      });
      await waitFor(() => {
        expect(errorToasts()).toHaveTextContent('Could not fetch unlocks');
      });
      expect(within(errorToasts()).getAllByText('Could not fetch unlocks')).toHaveLength(1);
      // The page itself is still there.
      expect(cardFor('Title c1')).toBeInTheDocument();
    });
  });
});
