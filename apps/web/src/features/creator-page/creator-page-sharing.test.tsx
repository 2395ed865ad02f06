import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toast } from '../../components/ui/toast.tsx';
import { jsonResponse, renderRoute, stubApi } from '../../test-utils.tsx';
import { VISITOR } from '../accounts/index.ts';
import { CREATOR_ME, FAN_ME } from '../../test-fixtures/accounts.ts';
import { card, creatorPageOf } from '../../test-fixtures/catalog.ts';

const PAGE_API = 'GET /api/creators/priya-sharma';

function header(): HTMLElement {
  return screen.getByRole('region', { name: 'Priya Sharma' });
}

describe('sharing a creator’s page', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    act(() => {
      toast.dismiss();
    });
  });

  it('lets a fan send it on WhatsApp with a written message and the tagged link', async () => {
    stubApi({ [PAGE_API]: () => jsonResponse(200, creatorPageOf([card('c1')])) });
    renderRoute('/u/priya-sharma', { me: VISITOR });
    await screen.findByRole('heading', { level: 1, name: 'Priya Sharma' });
    const whatsapp = within(header()).getByRole('link', { name: 'WhatsApp' });
    expect(new URL(whatsapp.getAttribute('href')!).searchParams.get('text')).toBe(
      'Priya Sharma is on Kholo — unlock photos and videos here: http://localhost:3000/u/priya-sharma?src=wa',
    );
    // No share sheet in this browser: no Share button that would do nothing.
    expect(within(header()).queryByRole('button', { name: 'Share' })).not.toBeInTheDocument();
  });

  it('opens the phone’s share sheet where there is one, and says nothing when she closes it', async () => {
    const user = userEvent.setup();
    const share = vi
      .fn<(data: ShareData) => Promise<void>>()
      .mockRejectedValue(new DOMException('Share canceled', 'AbortError'));
    vi.stubGlobal('navigator', Object.assign(Object.create(navigator) as Navigator, { share }));
    stubApi({ [PAGE_API]: () => jsonResponse(200, creatorPageOf([card('c1')])) });
    renderRoute('/u/priya-sharma', { me: FAN_ME });
    await screen.findByRole('heading', { level: 1, name: 'Priya Sharma' });
    await user.click(within(header()).getByRole('button', { name: 'Share' }));
    expect(share).toHaveBeenCalledWith(
      expect.objectContaining({ url: 'http://localhost:3000/u/priya-sharma?src=share' }),
    );
    expect(within(screen.getByRole('region', { name: 'Notifications' })).queryByRole('alert')).toBeEmptyDOMElement();
  });

  it('?as=fan asks as a visitor (without her session) and says whose view it is', async () => {
    const fetchMock = stubApi({
      [PAGE_API]: () => jsonResponse(200, creatorPageOf([card('c1'), card('c2'), card('c3')], 5)),
    });
    renderRoute('/u/priya-sharma?as=fan', { me: CREATOR_ME });
    await screen.findByRole('heading', { level: 1, name: 'Priya Sharma' });
    const [, init] = fetchMock.mock.calls.find(([input]) => input === '/api/creators/priya-sharma')!;
    expect(init?.credentials).toBe('omit');
    expect(screen.getByText('You are seeing this page as a visitor sees it.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See it as yourself' })).toHaveAttribute('href', '/u/priya-sharma');
    // As a visitor: the rest wait behind the login.
    expect(screen.getByText('2 more posts from Priya')).toBeInTheDocument();
  });

  it('without ?as=fan asks with her session, as always', async () => {
    const fetchMock = stubApi({ [PAGE_API]: () => jsonResponse(200, creatorPageOf([card('c1')])) });
    renderRoute('/u/priya-sharma', { me: CREATOR_ME });
    await screen.findByRole('heading', { level: 1, name: 'Priya Sharma' });
    await waitFor(() => {
      expect(fetchMock).toHaveBeenCalled();
    });
    const [, init] = fetchMock.mock.calls.find(([input]) => input === '/api/creators/priya-sharma')!;
    expect(init?.credentials).toBe('same-origin');
    expect(screen.queryByText('You are seeing this page as a visitor sees it.')).not.toBeInTheDocument();
  });
});
