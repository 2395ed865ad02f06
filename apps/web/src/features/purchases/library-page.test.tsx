import { CONTENT_MESSAGES, type Purchase } from '@kholo/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { toast } from '../../components/ui/toast.tsx';
import { FAN_ME } from '../../test-fixtures/accounts.ts';
import { jsonResponse, renderRoute, stubApi, type ApiHandler } from '../../test-utils.tsx';
import { AGE_CONFIRMED_KEY, resetAdultAgeConfirmation } from '../catalog/index.ts';
import { preloadUnlockDialog } from '../payments/index.ts';
import { DAY, PAID_AT, purchaseFixture, refundFixture } from './test-fixtures.ts';

const ENDED_AT = PAID_AT + 14 * DAY;

/** A purchase whose 14 days ran out on 16 Dec 2025. */
function endedPurchase(overrides: Partial<Purchase> = {}): Purchase {
  return purchaseFixture({
    orderId: 'order_0000000000000000000002',
    contentId: 'content_2',
    contentTitle: 'Holi at the City Palace',
    previewUrl: '/api/contents/content_2/preview',
    status: 'expired',
    downloadUrl: null,
    daysLeft: null,
    accessUntil: ENDED_AT,
    priceNowPaise: 99_00,
    canReport: false,
    ...overrides,
  });
}

function renderLibrary(items: Purchase[] | ApiHandler, handlers: Record<string, ApiHandler> = {}) {
  const fetchMock = stubApi({
    'GET /api/purchases': typeof items === 'function' ? items : () => jsonResponse(200, { items }),
    ...handlers,
  });
  const result = renderRoute('/', { me: FAN_ME });
  return { ...result, fetchMock };
}

async function findItem(title: string): Promise<HTMLElement> {
  return screen.findByRole('article', { name: title });
}

function errorToasts(): HTMLElement {
  return within(screen.getByRole('region', { name: 'Notifications' })).getByRole('alert');
}

describe('her library at /', () => {
  beforeAll(async () => {
    await preloadUnlockDialog();
  });
  beforeEach(() => {
    resetAdultAgeConfirmation();
  });
  afterEach(() => {
    vi.restoreAllMocks();
    act(() => {
      toast.dismiss();
    });
  });

  it('shows what she holds: preview, title, creator, days left, Download and Open', async () => {
    renderLibrary([purchaseFixture({ daysLeft: 12 })]);
    expect(await screen.findByRole('heading', { level: 1, name: 'Your library' })).toBeInTheDocument();
    const holds = screen.getByRole('list', { name: 'Yours now' });
    const item = within(holds).getByRole('article', { name: 'Monsoon over Marine Drive' });
    const inItem = within(item);
    expect(inItem.getByRole('link', { name: 'Monsoon over Marine Drive' })).toHaveAttribute(
      'href',
      '/content/content_1',
    );
    expect(inItem.getByRole('link', { name: 'Asha Verma' })).toHaveAttribute('href', '/u/asha');
    expect(inItem.getByText('12 days left')).toBeInTheDocument();
    expect(item).toHaveTextContent('until 16 Dec 2025');
    expect(item.querySelector('img')).toHaveAttribute('src', '/api/contents/content_1/preview');
    expect(inItem.getByRole('button', { name: 'Download' })).toHaveAccessibleDescription('Monsoon over Marine Drive');
    expect(inItem.getByRole('link', { name: 'Open' })).toHaveAttribute('href', '/content/content_1');
    expect(inItem.queryByRole('button', { name: /Unlock again/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Ended' })).not.toBeInTheDocument();
  });

  it('says "1 day left" on the last day', async () => {
    renderLibrary([purchaseFixture({ daysLeft: 1 })]);
    expect(await within(await findItem('Monsoon over Marine Drive')).findByText('1 day left')).toBeInTheDocument();
  });

  it('Download fetches the original from the address her purchase gives', async () => {
    const user = userEvent.setup();
    const clicked: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this);
    });
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:file-1'), revokeObjectURL: vi.fn() }));
    const { fetchMock } = renderLibrary([purchaseFixture()], {
      'GET /api/contents/content_1/download': () =>
        new Response(new Blob(['jpeg bytes'], { type: 'image/jpeg' }), {
          status: 200,
          headers: { 'content-disposition': 'attachment; filename="monsoon.jpg"' },
        }),
    });
    await user.click(within(await findItem('Monsoon over Marine Drive')).getByRole('button', { name: 'Download' }));
    await waitFor(() => {
      expect(clicked).toHaveLength(1);
    });
    expect(clicked[0]).toHaveAttribute('download', 'monsoon.jpg');
    expect(fetchMock.mock.calls.filter(([path]) => path === '/api/contents/content_1/download')).toHaveLength(1);
  });

  it('shows what ran out, when, and Unlock again at today’s price opens the unlock dialog', async () => {
    const user = userEvent.setup();
    renderLibrary([endedPurchase()]);
    const ended = await screen.findByRole('list', { name: 'Ended' });
    const item = within(ended).getByRole('article', { name: 'Holi at the City Palace' });
    expect(within(item).getByText('Access ended 16 Dec 2025')).toBeInTheDocument();
    expect(within(item).queryByRole('button', { name: 'Download' })).not.toBeInTheDocument();
    await user.click(within(item).getByRole('button', { name: 'Unlock again for ₹99' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Holi at the City Palace');
    expect(dialog).toHaveTextContent('₹99');
    expect(dialog).toHaveTextContent('Asha Verma');
  });

  it('says "No longer on sale" for an ended item that cannot be bought again', async () => {
    renderLibrary([endedPurchase({ priceNowPaise: null, previewUrl: null })]);
    const item = await findItem('Holi at the City Palace');
    expect(within(item).getByText('No longer on sale')).toBeInTheDocument();
    expect(within(item).queryByRole('button', { name: /Unlock again/ })).not.toBeInTheDocument();
    // No preview to show her: a plain tile, not a broken image.
    expect(item.querySelector('img')).toBeNull();
  });

  it('shows an item bought again after it ran out once, as hers', async () => {
    renderLibrary([
      purchaseFixture({ contentId: 'content_2', contentTitle: 'Holi' }),
      endedPurchase({ contentTitle: 'Holi' }),
    ]);
    expect(await findItem('Holi')).toBeInTheDocument();
    expect(screen.getAllByRole('article', { name: 'Holi' })).toHaveLength(1);
    expect(within(screen.getByRole('list', { name: 'Yours now' })).getByText('14 days left')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Ended' })).not.toBeInTheDocument();
  });

  it('lists the creators she bought from, each once, linking to their pages', async () => {
    renderLibrary([
      purchaseFixture(),
      endedPurchase({ creatorHandle: 'meera', creatorName: 'Meera Rathore' }),
      endedPurchase({ orderId: 'order_0000000000000000000003', contentId: 'content_3', contentTitle: 'Third' }),
    ]);
    const heading = await screen.findByRole('heading', { name: 'Creators you bought from' });
    const section = within(heading.closest('section')!);
    expect(section.getAllByRole('link').map((link) => link.getAttribute('href'))).toEqual(['/u/asha', '/u/meera']);
    expect(section.getByRole('link', { name: /Meera Rathore/ })).toBeInTheDocument();
  });

  it('links to the full history of orders, receipts and refunds', async () => {
    renderLibrary([purchaseFixture()]);
    expect(await screen.findByRole('link', { name: 'All purchases and receipts' })).toHaveAttribute(
      'href',
      '/purchases',
    );
  });

  it('says there is nothing yet when she has bought nothing she can show, and still links to the history', async () => {
    renderLibrary([
      purchaseFixture({
        status: 'refunded',
        accessUntil: null,
        downloadUrl: null,
        daysLeft: null,
        refund: refundFixture(),
      }),
      purchaseFixture({ orderId: 'order_x', status: 'failed', paidAt: null, accessUntil: null }),
    ]);
    expect(await screen.findByRole('heading', { name: 'Nothing here yet' })).toBeInTheDocument();
    expect(screen.getByText(/Find a creator’s page to unlock something/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'All purchases and receipts' })).toHaveAttribute('href', '/purchases');
  });

  it('says there is nothing yet to a fan with no purchases at all', async () => {
    renderLibrary([]);
    expect(await screen.findByRole('heading', { name: 'Nothing here yet' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Creators you bought from' })).not.toBeInTheDocument();
  });

  it('shows the skeleton while it loads', async () => {
    renderLibrary(() => new Promise<Response>(() => {}));
    expect(await screen.findByText('Loading your library…')).toBeInTheDocument();
  });

  it('could not fetch: the spec’s toast once, the reason, and Try again asks again', async () => {
    const user = userEvent.setup();
    let fail = true;
    renderLibrary(() =>
      fail
        ? jsonResponse(400, { error: { code: 'BAD_REQUEST', message: 'The server could not read that.' } })
        : jsonResponse(200, { items: [purchaseFixture()] }),
    );
    await waitFor(() => {
      expect(errorToasts()).toHaveTextContent(CONTENT_MESSAGES.unlocksFailed);
    });
    expect(CONTENT_MESSAGES.unlocksFailed).toBe('Could not fetch unlocks');
    const alert = (await screen.findByText('We couldn’t load your library.')).closest<HTMLElement>('[role="alert"]')!;
    expect(alert).toHaveTextContent('The server could not read that.');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await findItem('Monsoon over Marine Drive')).toBeInTheDocument();
  });

  describe('18+', () => {
    it('an 18+ item she holds shows its preview without asking her age', async () => {
      renderLibrary([purchaseFixture({ isAdultContent: true })]);
      const item = await findItem('Monsoon over Marine Drive');
      expect(item.querySelector('img')).toHaveAttribute('src', '/api/contents/content_1/preview');
    });

    it('an 18+ item that ran out hides its preview until this tab says 18 or older, as a locked card does', async () => {
      renderLibrary([endedPurchase({ isAdultContent: true })]);
      const item = await findItem('Holi at the City Palace');
      expect(item.querySelector('img')).toBeNull();
      expect(item).toHaveTextContent('18+');
    });

    it('once this tab said 18 or older, an 18+ item that ran out shows its preview', async () => {
      sessionStorage.setItem(AGE_CONFIRMED_KEY, 'true');
      renderLibrary([endedPurchase({ isAdultContent: true })]);
      const item = await findItem('Holi at the City Palace');
      expect(item.querySelector('img')).toHaveAttribute('src', '/api/contents/content_2/preview');
    });
  });
});
