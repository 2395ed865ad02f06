import { CONTENT_MESSAGES, PAYMENT_MESSAGES, type ContentCard, type ContentDetail } from '@kholo/contracts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { toast } from '../../components/ui/toast.tsx';
import { preloadUnlockDialog } from '../payments/index.ts';
import { jsonResponse, renderRoute, stubApi, type ApiHandler } from '../../test-utils.tsx';
import { VISITOR } from '../accounts/index.ts';
import { FAN_ME } from '../../test-fixtures/accounts.ts';
import { AGE_CONFIRM_LABEL, AGE_CONFIRMED_KEY, resetAdultAgeConfirmation } from '../creator-page/index.ts';
import { card, endedCard, PUBLIC_CREATOR, unlockedCard } from '../../test-fixtures/catalog.ts';

const API = 'GET /api/contents/c1';
const PATH = '/content/c1';

function detail(item: ContentCard): ContentDetail {
  return { item, creator: { ...PUBLIC_CREATOR, avatarUrl: '/api/creators/creator_1/avatar?v=1' } };
}

async function renderPage(handlers: Record<string, ApiHandler>, me = FAN_ME) {
  const fetchMock = stubApi(handlers);
  const result = renderRoute(PATH, { me });
  await screen.findByRole('heading', { level: 1 });
  return { ...result, fetchMock };
}

function main(): HTMLElement {
  return screen.getByRole('main');
}

function errorToasts(): HTMLElement {
  return within(screen.getByRole('region', { name: 'Notifications' })).getByRole('alert');
}

describe('/content/:contentId', () => {
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

  it('shows an unlocked image with its title, description, creator, days left and Download', async () => {
    await renderPage({ [API]: () => jsonResponse(200, detail(unlockedCard('c1', 9))) });
    expect(screen.getByRole('heading', { level: 1, name: 'Title c1' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Title c1' })).toHaveAttribute('src', '/api/contents/c1/media');
    expect(screen.getByText('Description of c1')).toBeInTheDocument();
    expect(screen.getByText('Unlocked (9d left)')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Priya Sharma, @priya-sharma' })).toHaveAttribute(
      'href',
      '/u/priya-sharma',
    );
    expect(screen.getByRole('link', { name: 'More from Priya Sharma' })).toHaveAttribute('href', '/u/priya-sharma');
    expect(main().querySelector('img[src="/api/creators/creator_1/avatar?v=1"]')).not.toBeNull();
    expect(screen.queryByText(CONTENT_MESSAGES.contentLocked)).not.toBeInTheDocument();
    await waitFor(() => {
      expect(document.title).toBe('Title c1 · Kholo');
    });
  });

  it('never asks a buyer who holds an 18+ item to confirm her age to see it', async () => {
    await renderPage({ [API]: () => jsonResponse(200, detail(unlockedCard('c1', 9, { isAdultContent: true }))) });
    expect(screen.queryByRole('button', { name: AGE_CONFIRM_LABEL })).not.toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Title c1' })).toHaveAttribute('src', '/api/contents/c1/media');
    expect(screen.getByText('18+')).toBeInTheDocument();
  });

  it('plays an unlocked video with controls, and offers the file when it cannot', async () => {
    await renderPage({ [API]: () => jsonResponse(200, detail(unlockedCard('c1', 9, { mediaKind: 'video' }))) });
    const video = main().querySelector('video')!;
    expect(video).toHaveAttribute('src', '/api/contents/c1/media');
    expect(video).toHaveAttribute('controls');
    expect(video).toHaveAttribute('playsinline');
    expect(video).not.toHaveAttribute('autoplay');
    fireEvent.error(video);
    const overlay = await within(main()).findByRole('alert');
    expect(overlay).toHaveTextContent('Video Error');
    expect(within(overlay).getByRole('link', { name: 'Open video' })).toHaveAttribute('href', '/api/contents/c1/media');
  });

  it('says "Download failed" when the server refuses the file', async () => {
    const user = userEvent.setup();
    await renderPage({
      [API]: () => jsonResponse(200, detail(unlockedCard('c1'))),
      'GET /api/contents/c1/download': () => new Response('', { status: 500 }),
    });
    await user.click(screen.getByRole('button', { name: 'Download' }));
    await waitFor(() => {
      expect(errorToasts()).toHaveTextContent('Download failed');
    });
  });

  it('says "Content not found." for a missing item', async () => {
    await renderPage({ [API]: () => jsonResponse(404, { error: { code: 'NOT_FOUND', message: 'Not found.' } }) });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(/^Content not found\.$/);
    expect(screen.getByRole('link', { name: 'Back to home' })).toHaveAttribute('href', '/');
    await waitFor(() => {
      expect(document.title).toBe('Content not found · Kholo');
    });
  });

  it('offers a retry for other failures', async () => {
    await renderPage({
      [API]: () => jsonResponse(429, { error: { code: 'RATE_LIMITED', message: 'Too many requests.' } }),
    });
    expect(screen.getByRole('heading', { level: 1, name: 'We couldn’t load this item' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  describe('locked', () => {
    it('says it is not unlocked yet, with the blurred preview, title and price, and no media address', async () => {
      await renderPage({ [API]: () => jsonResponse(200, detail(card('c1', { pricePaise: 249_00 }))) }, VISITOR);
      expect(screen.getByText(CONTENT_MESSAGES.contentLocked)).toBeInTheDocument();
      expect(CONTENT_MESSAGES.contentLocked).toBe('You have not unlocked this content yet. Please purchase to access.');
      expect(screen.getByRole('heading', { level: 1, name: 'Title c1' })).toBeInTheDocument();
      expect(screen.getByRole('img', { name: 'Blurred preview of "Title c1"' })).toHaveAttribute(
        'src',
        '/api/contents/c1/preview',
      );
      expect(screen.getByRole('button', { name: 'Unlock for ₹249' })).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Download' })).not.toBeInTheDocument();
      expect(main().innerHTML).not.toContain('/media');
      expect(main().innerHTML).not.toContain('/download');
      expect(main().querySelector('video')).toBeNull();
    });

    it('opens the unlock dialog for a visitor, asking only her email; its Log in remembers the item', async () => {
      const user = userEvent.setup();
      await renderPage({ [API]: () => jsonResponse(200, detail(card('c1'))) }, VISITOR);
      await user.click(screen.getByRole('button', { name: 'Unlock for ₹499' }));
      const checkout = await screen.findByRole('dialog', { name: PAYMENT_MESSAGES.dialogTitle });
      expect(within(checkout).getByLabelText('Email')).toHaveFocus();
      expect(within(checkout).getByRole('button', { name: 'Pay ₹499' })).toBeInTheDocument();
      await user.click(within(checkout).getByRole('button', { name: 'Log in' }));
      expect(await screen.findByRole('dialog', { name: 'Log in to unlock content' })).toBeInTheDocument();
      expect(JSON.parse(sessionStorage.getItem('kholo.pending-unlock')!)).toMatchObject({ contentId: 'c1' });
    });

    it('opens the unlock dialog for a signed-in fan, naming the item, its creator and price', async () => {
      const user = userEvent.setup();
      await renderPage({ [API]: () => jsonResponse(200, detail(card('c1'))) });
      await user.click(screen.getByRole('button', { name: 'Unlock for ₹499' }));
      const dialog = await screen.findByRole('dialog', { name: PAYMENT_MESSAGES.dialogTitle });
      expect(within(dialog).getByText('Title c1')).toBeInTheDocument();
      expect(within(dialog).getByText('Priya Sharma')).toBeInTheDocument();
      expect(within(dialog).getByRole('button', { name: 'Pay ₹499' })).toBeInTheDocument();
    });

    it('after a visitor logs in, reads the item once more and opens the unlock dialog at its current price', async () => {
      const user = userEvent.setup();
      let signedIn = false;
      const fetchMock = stubApi({
        [API]: () => jsonResponse(200, detail(card('c1', { pricePaise: signedIn ? 299_00 : 249_00 }))),
        'POST /api/auth/sign-in/email': () => {
          signedIn = true;
          return jsonResponse(200, FAN_ME);
        },
      });
      renderRoute(PATH, { me: VISITOR });
      await user.click(await screen.findByRole('button', { name: 'Unlock for ₹249' }));
      await user.click(
        within(await screen.findByRole('dialog', { name: PAYMENT_MESSAGES.dialogTitle })).getByRole('button', {
          name: 'Log in',
        }),
      );
      const login = await screen.findByRole('dialog', { name: 'Log in to unlock content' });
      await user.type(within(login).getByLabelText('Email'), 'arjun@example.in');
      await user.type(within(login).getByLabelText('Password'), 'chai biscuit rain{Enter}');
      const dialog = await screen.findByRole('dialog', { name: PAYMENT_MESSAGES.dialogTitle });
      expect(within(dialog).getByRole('button', { name: 'Pay ₹299' })).toBeInTheDocument();
      // The page's own refetch for the fan and the check before the dialog are one request.
      expect(fetchMock.mock.calls.filter(([input]) => input === '/api/contents/c1')).toHaveLength(2);
    });

    it('after a visitor logs in, opens no dialog for an item they already hold; the page shows it', async () => {
      const user = userEvent.setup();
      let signedIn = false;
      stubApi({
        [API]: () => jsonResponse(200, detail(signedIn ? unlockedCard('c1', 5) : card('c1'))),
        'POST /api/auth/sign-in/email': () => {
          signedIn = true;
          return jsonResponse(200, FAN_ME);
        },
      });
      renderRoute(PATH, { me: VISITOR });
      await user.click(await screen.findByRole('button', { name: 'Unlock for ₹499' }));
      await user.click(
        within(await screen.findByRole('dialog', { name: PAYMENT_MESSAGES.dialogTitle })).getByRole('button', {
          name: 'Log in',
        }),
      );
      const login = await screen.findByRole('dialog', { name: 'Log in to unlock content' });
      await user.type(within(login).getByLabelText('Email'), 'arjun@example.in');
      await user.type(within(login).getByLabelText('Password'), 'chai biscuit rain{Enter}');
      expect(await screen.findByText('Unlocked (5d left)')).toBeInTheDocument();
      await act(async () => {
        await new Promise((resolve) => setTimeout(resolve, 50));
      });
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    });

    it('tells a fan whose 14 days ran out when, instead of "not unlocked yet", and offers to unlock again', async () => {
      const user = userEvent.setup();
      const endedAt = Date.UTC(2025, 11, 16, 8, 35);
      await renderPage({ [API]: () => jsonResponse(200, detail(endedCard('c1', endedAt, { pricePaise: 99_00 }))) });
      expect(screen.getByText('Your access ended on 16 Dec 2025.')).toBeInTheDocument();
      expect(screen.queryByText(CONTENT_MESSAGES.contentLocked)).not.toBeInTheDocument();
      expect(screen.getByRole('img', { name: 'Blurred preview of "Title c1"' })).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Download' })).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Unlock for ₹99' })).not.toBeInTheDocument();

      await user.click(screen.getByRole('button', { name: 'Unlock again for ₹99' }));
      const dialog = await screen.findByRole('dialog', { name: PAYMENT_MESSAGES.dialogTitle });
      expect(within(dialog).getByText('Title c1')).toBeInTheDocument();
      expect(within(dialog).getByRole('button', { name: 'Pay ₹99' })).toBeInTheDocument();
    });

    it('hides an 18+ preview until the viewer confirms their age', async () => {
      const user = userEvent.setup();
      await renderPage({ [API]: () => jsonResponse(200, detail(card('c1', { isAdultContent: true }))) }, VISITOR);
      expect(screen.queryByRole('img')).not.toBeInTheDocument();
      expect(main().innerHTML).not.toContain('/preview');
      expect(screen.getByText(CONTENT_MESSAGES.contentLocked)).toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: AGE_CONFIRM_LABEL }));
      expect(screen.getByRole('img', { name: 'Blurred preview of "Title c1"' })).toBeVisible();
      expect(sessionStorage.getItem(AGE_CONFIRMED_KEY)).toBe('true');
    });
  });
});
