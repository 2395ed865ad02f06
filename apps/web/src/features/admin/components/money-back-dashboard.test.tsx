import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { jsonResponse, renderRoute, stubApi, type ApiHandler } from '../../../test-utils.tsx';
import { ADMIN_ME } from '../../../test-fixtures/accounts.ts';
import { HIDDEN_CONTENT, OVERVIEW, PAID_PAYMENT, VISIBLE_CONTENT, stubScreenWidth } from '../test-fixtures.ts';
import { refundPreviewText } from './content-tab.tsx';

const WITH_MONEY_BACK = {
  ...OVERVIEW,
  counts: { ...OVERVIEW.counts, openProblemReports: 2, openDisputes: 1, failedRefunds: 3 },
  money: { ...OVERVIEW.money, refundsPaise: 14_700, creatorReceivablesPaise: 4_000 },
};

function renderAdmin(handlers: Record<string, ApiHandler> = {}) {
  const fetchMock = stubApi({
    'GET /api/admin/overview': () => jsonResponse(200, WITH_MONEY_BACK),
    'GET /api/admin/payments': () => jsonResponse(200, { items: [PAID_PAYMENT] }),
    'GET /api/admin/problem-reports': () => jsonResponse(200, { items: [] }),
    'GET /api/admin/disputes': () => jsonResponse(200, { items: [] }),
    'GET /api/admin/contents': () => jsonResponse(200, { items: [VISIBLE_CONTENT, HIDDEN_CONTENT] }),
    ...handlers,
  });
  return { ...renderRoute('/admin', { me: ADMIN_ME }), fetchMock };
}

describe('Dashboard: money back', () => {
  beforeEach(() => {
    stubScreenWidth(true);
  });

  it('counts open problem reports, open disputes and failed refunds, and the money refunded and owed', async () => {
    renderAdmin();
    const panel = await screen.findByRole('tabpanel', { name: 'Dashboard' });
    const section = await within(panel).findByRole('region', { name: 'Money back' });
    const card = (label: string) => within(section).getByRole('heading', { name: label }).closest('li')!;
    expect(card('Open problem reports')).toHaveTextContent('2');
    expect(card('Open problem reports')).toHaveTextContent('Fans wait for an answer within 24 hours.');
    expect(card('Open disputes')).toHaveTextContent('1');
    expect(card('Failed refunds')).toHaveTextContent('3');
    expect(card('Failed refunds')).toHaveTextContent('Kholo still owes them');

    const money = within(panel).getByRole('region', { name: 'Money' });
    expect(within(money).getByText('Refunded').closest('li')).toHaveTextContent('₹147');
    expect(within(money).getByText('Owed by creators').closest('li')).toHaveTextContent('₹40');
  });

  it('says all is clear, with no button, when nothing waits', async () => {
    renderAdmin({ 'GET /api/admin/overview': () => jsonResponse(200, OVERVIEW) });
    const section = await screen.findByRole('region', { name: 'Money back' });
    expect(within(section).getByText('Every fan’s report has been answered.')).toBeInTheDocument();
    expect(within(section).getByText('No bank is disputing a payment.')).toBeInTheDocument();
    expect(within(section).getByText('Every refund went through or is on its way.')).toBeInTheDocument();
    expect(within(section).queryByRole('button')).not.toBeInTheDocument();
  });

  it.each([
    ['Answer problem reports', 'Payments'],
    ['Review disputes', 'Disputes'],
    ['Retry failed refunds', 'Payments'],
  ])('%s opens %s, with the focus on its tab', async (button, tab) => {
    const user = userEvent.setup();
    renderAdmin();
    const section = await screen.findByRole('region', { name: 'Money back' });
    await user.click(within(section).getByRole('button', { name: button }));
    expect(screen.getByRole('tabpanel', { name: tab })).toBeInTheDocument();
    await waitFor(() => {
      expect(screen.getByRole('tab', { name: tab })).toHaveFocus();
    });
  });
});

describe('Content: hiding refunds its fans', () => {
  beforeEach(() => {
    stubScreenWidth(true);
  });

  async function openHide(preview: ApiHandler) {
    const user = userEvent.setup();
    const result = renderAdmin({ 'GET /api/admin/contents/refund-preview?id=content_1': preview });
    const tablist = await screen.findByRole('tablist', { name: 'Admin sections' });
    await user.click(within(tablist).getByRole('tab', { name: 'Content' }));
    const panel = screen.getByRole('tabpanel', { name: 'Content' });
    await user.click(await within(panel).findByRole('button', { name: 'Hide Monsoon over Marine Drive' }));
    return { ...result, dialog: screen.getByRole('dialog', { name: 'Hide “Monsoon over Marine Drive”?' }) };
  }

  it('says how many fans will be refunded and how much', async () => {
    const { dialog } = await openHide(() => jsonResponse(200, { fans: 3, amountPaise: 14_700 }));
    expect(await within(dialog).findByText('3 fans will be refunded ₹147 and told why.')).toBeInTheDocument();
    expect(dialog).toHaveAccessibleDescription(/Every fan whose access is still running is refunded in full/);
  });

  it('says when no fan will be refunded', async () => {
    const { dialog } = await openHide(() => jsonResponse(200, { fans: 0, amountPaise: 0 }));
    expect(await within(dialog).findByText(/^No fan will be refunded/)).toBeInTheDocument();
  });

  it('says when the preview could not be had, and hiding still works', async () => {
    const { dialog } = await openHide(() =>
      jsonResponse(404, { error: { code: 'NOT_FOUND', message: 'That item is gone.' } }),
    );
    expect(
      await within(dialog).findByText(/Could not check which fans would be refunded: That item is gone\./),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Hide' })).toBeInTheDocument();
  });

  it('words one fan and many', () => {
    expect(refundPreviewText({ fans: 1, amountPaise: 4_900 })).toBe('1 fan will be refunded ₹49 and told why.');
    expect(refundPreviewText({ fans: 1200, amountPaise: 58_80_000 })).toBe(
      '1,200 fans will be refunded ₹58,800 and told why.',
    );
  });
});
