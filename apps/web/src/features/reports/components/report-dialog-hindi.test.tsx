import type { TicketReceipt } from '@kholo/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { card, creatorPageOf } from '../../../test-fixtures/catalog.ts';
import { jsonResponse, renderRoute, stubApi } from '../../../test-utils.tsx';
import { preloadReportDialog } from '../index.ts';

const receipt: TicketReceipt = {
  ticket: 'R-1042',
  lane: 'unlawful',
  dueAt: Date.now() + 36 * 3_600_000,
  held: true,
  amendToken: 'amend-token-1',
};

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the Report dialog in Hindi', () => {
  beforeAll(async () => {
    await preloadReportDialog();
  });

  it('offers the reasons, asks for the original’s link, and gives the receipt in Hindi', async () => {
    const user = userEvent.setup();
    stubApi({
      'GET /api/creators/priya-sharma': () => jsonResponse(200, creatorPageOf([card('item_1')])),
      'POST /api/reports': () => jsonResponse(201, receipt),
    });
    renderRoute('/u/priya-sharma', { locale: 'hi' });
    await screen.findByRole('heading', { level: 1, name: 'Priya Sharma' });

    const name = '“Title item_1” की रिपोर्ट करें';
    const button = screen.getByRole('button', { name });
    expect(button).toHaveTextContent('रिपोर्ट करें');
    await user.click(button);
    const dialog = await screen.findByRole('dialog', { name });

    expect(within(dialog).getByText('क्या गड़बड़ है? किसी एक पर टैप करें, आपकी रिपोर्ट चली जाएगी।')).toBeVisible();
    expect(within(dialog).getByRole('button', { name: 'बच्चों की सुरक्षा' })).toBeVisible();
    expect(within(dialog).queryByText('Child safety')).toBeNull();

    await user.click(within(dialog).getByRole('button', { name: 'कॉपीराइट या चोरी किया गया कंटेंट' }));
    expect(within(dialog).getByLabelText('ओरिजिनल का लिंक')).toBeVisible();
    expect(within(dialog).getByText('कॉपीराइट या चोरी किया गया कंटेंट।')).toBeVisible();
    expect(within(dialog).getByText('0 / 2,000 अक्षर')).toBeVisible();
    await user.type(within(dialog).getByLabelText('ओरिजिनल का लिंक'), 'https://example.in/original');
    await user.click(within(dialog).getByRole('button', { name: 'रिपोर्ट भेजें' }));

    expect(await within(dialog).findByRole('heading', { name: 'रिपोर्ट चली गई — टिकट R-1042' })).toBeVisible();
    expect(
      within(dialog).getByText('ऐसी रिपोर्ट हम 36 घंटे के अंदर देखते हैं। जब तक हम देख रहे हैं, आइटम छिपा रहेगा।'),
    ).toBeVisible();
    expect(within(dialog).getByRole('button', { name: 'जानकारी या अपना ईमेल जोड़ें' })).toBeVisible();
    expect(within(dialog).queryByText(/Report sent|We review/)).toBeNull();
  });
});
