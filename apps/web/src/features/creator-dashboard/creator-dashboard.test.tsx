import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ADMIN_MESSAGES } from '@kholo/contracts';
import { toast } from '../../components/ui/toast.tsx';
import { jsonResponse, renderRoute, stubApi, type ApiHandler } from '../../test-utils.tsx';
import { CREATOR_ME, CREATOR_PROFILE } from '../../test-fixtures/accounts.ts';
import { NO_SHARE_LINK_MESSAGE } from './components/share-link.tsx';
import { NO_PAYOUT_ACCOUNT, STUDIO_CONTENTS, WALLET } from './test-fixtures.ts';

async function renderDashboard(
  path = '/',
  me = CREATOR_ME,
  contents: ApiHandler = () => jsonResponse(200, STUDIO_CONTENTS),
) {
  const fetchMock = stubApi({
    'GET /api/studio/contents': contents,
    'GET /api/wallet': () => jsonResponse(200, WALLET),
    'GET /api/studio/payout-account': () => jsonResponse(200, NO_PAYOUT_ACCOUNT),
  });
  const result = renderRoute(path, { me });
  await screen.findByRole('heading', { level: 1, name: 'Hi, Priya' });
  return { ...result, fetchMock };
}

function summaryCard(label: string): HTMLElement {
  const summary = screen.getByRole('region', { name: 'Summary' });
  return within(summary).getByText(label).closest('li')!;
}

describe('creator dashboard at /', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
    act(() => {
      toast.dismiss();
    });
  });

  it('replaces the landing page for a signed-in creator, with its own title', async () => {
    await renderDashboard();
    expect(screen.queryByRole('heading', { name: 'Turn your photos and videos into income' })).not.toBeInTheDocument();
    await waitFor(() => {
      expect(document.title).toBe('Creator dashboard · Kholo');
    });
  });

  it('has the tabs of SPEC §2 (and Analytics); Logout once, in the site header', async () => {
    await renderDashboard();
    const nav = screen.getByRole('navigation', { name: 'Dashboard' });
    expect(
      within(nav)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Upload', 'Content', 'Analytics', 'Wallet', 'Profile']);
    expect(screen.getAllByRole('button', { name: 'Logout' })).toHaveLength(1);
    expect(within(screen.getByRole('banner')).getByRole('button', { name: 'Logout' })).toBeInTheDocument();
    expect(within(nav).getByRole('button', { name: 'Upload' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('heading', { level: 2, name: 'Upload' })).toBeInTheDocument();
  });

  it('switches tabs and keeps the tab in the address', async () => {
    const user = userEvent.setup();
    const { router } = await renderDashboard();
    const nav = screen.getByRole('navigation', { name: 'Dashboard' });
    await user.click(within(nav).getByRole('button', { name: 'Wallet' }));
    expect(screen.getByRole('heading', { level: 2, name: 'Wallet' })).toBeInTheDocument();
    expect(await within(screen.getByRole('region', { name: 'Wallet' })).findByText('₹1,424.53')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?tab=wallet');
    expect(within(nav).getByRole('button', { name: 'Wallet' })).toHaveAttribute('aria-current', 'page');
  });

  it('shows the profile form: name, bio and handle to edit, the email read-only', async () => {
    await renderDashboard('/?tab=profile');
    const panel = screen.getByRole('region', { name: 'Profile' });
    expect(within(panel).getByRole('textbox', { name: 'Name' })).toHaveValue('Priya Sharma');
    expect(within(panel).getByRole('textbox', { name: 'Handle' })).toHaveValue('priya-sharma');
    expect(within(panel).getByRole('textbox', { name: 'Email' })).toHaveAttribute('readonly');
  });

  it('shows wallet balance, content count and earnings from /api/studio/contents, in Indian grouping', async () => {
    await renderDashboard();
    await waitFor(() => {
      expect(summaryCard('Wallet balance')).toHaveTextContent('₹1,250');
    });
    expect(summaryCard('Total content')).toHaveTextContent('2');
    expect(summaryCard('Total earnings')).toHaveTextContent('₹1,23,456');
  });

  it('shows skeletons while the totals load', async () => {
    let respond: (response: Response) => void = () => {};
    await renderDashboard('/', CREATOR_ME, () => new Promise<Response>((resolve) => (respond = resolve)));
    const summary = screen.getByRole('region', { name: 'Summary' });
    expect(within(summary).getByRole('status')).toHaveTextContent('Loading your totals…');
    expect(summaryCard('Wallet balance')).not.toHaveTextContent('₹');
    act(() => {
      respond(jsonResponse(200, STUDIO_CONTENTS));
    });
    await waitFor(() => {
      expect(summaryCard('Wallet balance')).toHaveTextContent('₹1,250');
    });
    expect(within(summary).queryByRole('status')).not.toBeInTheDocument();
  });

  it('keeps the Upload form (and a running upload) while another tab is open', async () => {
    const user = userEvent.setup();
    await renderDashboard();
    const nav = screen.getByRole('navigation', { name: 'Dashboard' });
    await user.type(screen.getByRole('textbox', { name: 'Title' }), 'Half-written title');
    await user.click(within(nav).getByRole('button', { name: 'Content' }));
    expect(screen.queryByRole('region', { name: 'Upload' })).not.toBeInTheDocument();
    await user.click(within(nav).getByRole('button', { name: 'Upload' }));
    expect(screen.getByRole('textbox', { name: 'Title' })).toHaveValue('Half-written title');
  });

  it('shows the shareable link with a Copy button', async () => {
    const user = userEvent.setup();
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue();
    await renderDashboard();
    const link = screen.getByRole('textbox', { name: 'Your public link' });
    expect(link).toHaveValue('http://localhost:3000/u/priya-sharma');
    await user.click(screen.getByRole('button', { name: 'Copy link' }));
    // Tagged, so her Analytics can tell copied links from the rest.
    expect(writeText).toHaveBeenCalledWith('http://localhost:3000/u/priya-sharma?src=link');
    expect(await screen.findByRole('button', { name: 'Copied' })).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Notifications' })).getByText('Link copied')).toBeInTheDocument();
  });

  it('asks for a profile name when no link can be built', async () => {
    await renderDashboard('/', { ...CREATOR_ME, creator: { ...CREATOR_PROFILE, handle: '' } });
    expect(screen.getByText(NO_SHARE_LINK_MESSAGE)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Copy link' })).not.toBeInTheDocument();
  });

  it('tells a suspended creator why, and turns the Upload form off', async () => {
    const reason = 'Repeated uploads of other people’s photos.';
    await renderDashboard('/', { ...CREATOR_ME, creator: { ...CREATOR_PROFILE, suspendedReason: reason } });
    // The page's toaster holds an (empty) alert region too, so the banner is found by its text.
    const banner = screen.getAllByRole('alert').find((alert) => alert.textContent.includes(ADMIN_MESSAGES.suspended));
    expect(banner).toBeDefined();
    expect(banner).toHaveTextContent('Your creator account is suspended. Please contact support.');
    expect(ADMIN_MESSAGES.suspended).toBe('Your creator account is suspended. Please contact support.');
    expect(banner).toHaveTextContent(`Reason: ${reason}`);
    const upload = screen.getByRole('region', { name: 'Upload' });
    expect(upload).toHaveTextContent(ADMIN_MESSAGES.suspended);
    expect(within(upload).queryByRole('textbox', { name: 'Title' })).not.toBeInTheDocument();
    expect(within(upload).queryByRole('button', { name: /upload/i })).not.toBeInTheDocument();
  });

  it('shows no suspension notice to a creator in good standing', async () => {
    await renderDashboard();
    expect(screen.queryByText(ADMIN_MESSAGES.suspended)).not.toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Title' })).toBeInTheDocument();
  });
});

describe('the dashboard on a phone', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it('shows the overview (greeting, link, totals) above the first tab only', async () => {
    await renderDashboard('/?tab=content');
    expect(screen.getByRole('heading', { level: 1, name: 'Hi, Priya' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Your shareable profile link' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Summary' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Get your page ready' })).not.toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Content' })).toBeInTheDocument();
  });

  it('brings a chosen tab’s panel to the top of the screen and moves focus to its heading', async () => {
    const user = userEvent.setup();
    const scrollIntoView = vi.spyOn(Element.prototype, 'scrollIntoView').mockImplementation(() => undefined);
    scrollIntoView.mockClear();
    await renderDashboard();
    const nav = screen.getByRole('navigation', { name: 'Dashboard' });
    // No panel is scrolled to on arrival (other parts of the page may scroll their own things).
    expect(
      scrollIntoView.mock.contexts.some((element) => element instanceof HTMLElement && element.tagName === 'SECTION'),
    ).toBe(false);
    scrollIntoView.mockClear();

    await user.click(within(nav).getByRole('button', { name: 'Content' }));
    const panel = screen.getByRole('region', { name: 'Content' });
    await waitFor(() => {
      expect(scrollIntoView).toHaveBeenCalledTimes(1);
    });
    expect(scrollIntoView.mock.contexts[0]).toBe(panel);
    expect(scrollIntoView).toHaveBeenCalledWith({ block: 'start', behavior: 'smooth' });
    expect(within(panel).getByRole('heading', { level: 2, name: 'Content' })).toHaveFocus();

    // The open tab again (she scrolled down the list): back to its top.
    await user.click(within(nav).getByRole('button', { name: 'Content' }));
    await waitFor(() => {
      expect(scrollIntoView).toHaveBeenCalledTimes(2);
    });
    expect(scrollIntoView.mock.contexts[1]).toBe(panel);
  });

  it('jumps without animation when she asked her phone for less motion', async () => {
    const user = userEvent.setup();
    vi.stubGlobal(
      'matchMedia',
      vi.fn((query: string) => ({
        matches: query === '(prefers-reduced-motion: reduce)',
        media: query,
        addEventListener: vi.fn(),
        removeEventListener: vi.fn(),
      })),
    );
    const scrollIntoView = vi.spyOn(Element.prototype, 'scrollIntoView').mockImplementation(() => undefined);
    await renderDashboard();
    await user.click(
      within(screen.getByRole('navigation', { name: 'Dashboard' })).getByRole('button', { name: 'Wallet' }),
    );
    await waitFor(() => {
      expect(scrollIntoView).toHaveBeenCalledWith({ block: 'start', behavior: 'auto' });
    });
  });

  it('offers WhatsApp with a written message and her tagged link, and a fan’s view of her page', async () => {
    await renderDashboard();
    const card = screen.getByRole('region', { name: 'Your shareable profile link' });
    const whatsapp = within(card).getByRole('link', { name: /WhatsApp/ });
    const href = whatsapp.getAttribute('href')!;
    expect(href.startsWith('https://wa.me/?text=')).toBe(true);
    expect(new URL(href).searchParams.get('text')).toBe(
      'Priya Sharma is on Kholo — unlock photos and videos here: http://localhost:3000/u/priya-sharma?src=wa',
    );
    expect(whatsapp).toHaveAttribute('target', '_blank');
    const fanView = within(card).getByRole('link', { name: /View my page as a fan/ });
    expect(fanView).toHaveAttribute('href', '/u/priya-sharma?as=fan');
    expect(fanView).toHaveAttribute('target', '_blank');
  });

  it('shows a Share button only where the browser has a share sheet, and shares the tagged link', async () => {
    const { unmount } = await renderDashboard();
    const card = () => screen.getByRole('region', { name: 'Your shareable profile link' });
    expect(within(card()).queryByRole('button', { name: 'Share' })).not.toBeInTheDocument();
    unmount();

    const share = vi.fn<(data: ShareData) => Promise<void>>().mockResolvedValue();
    vi.stubGlobal('navigator', Object.assign(Object.create(navigator) as Navigator, { share }));
    await renderDashboard();
    const user = userEvent.setup();
    await user.click(within(card()).getByRole('button', { name: 'Share' }));
    expect(share).toHaveBeenCalledWith({
      title: 'Priya Sharma on Kholo',
      text: 'Priya Sharma is on Kholo — unlock photos and videos here: http://localhost:3000/u/priya-sharma?src=share',
      url: 'http://localhost:3000/u/priya-sharma?src=share',
    });
  });
});
