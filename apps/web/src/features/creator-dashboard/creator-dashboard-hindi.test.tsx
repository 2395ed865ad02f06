import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toast } from '../../components/ui/toast.tsx';
import { jsonResponse, renderRoute, stubApi } from '../../test-utils.tsx';
import { CREATOR_ME } from '../../test-fixtures/accounts.ts';
import { NO_PAYOUT_ACCOUNT, STUDIO_CONTENTS, WALLET } from './test-fixtures.ts';

/** The dashboard in Hindi (ADR 030): the same screens, every word from the catalogue. */
async function renderHindiDashboard(path = '/') {
  stubApi({
    'GET /api/studio/contents': () => jsonResponse(200, STUDIO_CONTENTS),
    'GET /api/wallet': () => jsonResponse(200, WALLET),
    'GET /api/studio/payout-account': () => jsonResponse(200, NO_PAYOUT_ACCOUNT),
  });
  const result = renderRoute(path, { me: CREATOR_ME, locale: 'hi' });
  await screen.findByRole('heading', { level: 1, name: 'नमस्ते, Priya' });
  return result;
}

describe('the creator dashboard in Hindi', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
    act(() => {
      toast.dismiss();
    });
  });

  it('names its tabs, overview and totals in Hindi, prices in hi-IN', async () => {
    await renderHindiDashboard();
    expect(document.title).toBe('क्रिएटर डैशबोर्ड · Kholo');
    const nav = screen.getByRole('navigation', { name: 'डैशबोर्ड' });
    expect(
      within(nav)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['अपलोड', 'कंटेंट', 'आँकड़े', 'वॉलेट', 'प्रोफ़ाइल']);
    expect(screen.getByRole('heading', { level: 2, name: 'आपकी प्रोफ़ाइल का शेयर करने वाला लिंक' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /मेरा पेज फ़ैन की नज़र से देखें/ })).toBeInTheDocument();
    const summary = screen.getByRole('region', { name: 'सारांश' });
    expect(await within(summary).findByText('₹1,23,456')).toBeInTheDocument();
    expect(within(summary).getByText('वॉलेट बैलेंस')).toBeInTheDocument();
    expect(within(summary).getByText('कुल कमाई')).toBeInTheDocument();
    expect(screen.queryByText('Wallet balance')).not.toBeInTheDocument();
    expect(screen.queryByText('Your shareable profile link')).not.toBeInTheDocument();
  });

  it('shows the Profile tab in Hindi', async () => {
    await renderHindiDashboard('/?tab=profile');
    const panel = screen.getByRole('region', { name: 'प्रोफ़ाइल' });
    expect(within(panel).getByRole('textbox', { name: 'नाम' })).toHaveValue('Priya Sharma');
    expect(within(panel).getByRole('textbox', { name: 'हैंडल' })).toHaveValue('priya-sharma');
    expect(within(panel).getByRole('button', { name: 'प्रोफ़ाइल सेव करें' })).toBeInTheDocument();
    expect(within(panel).queryByText('Save profile')).not.toBeInTheDocument();
  });

  it('shows the Upload form in Hindi, and says what is missing in Hindi', async () => {
    const user = userEvent.setup();
    await renderHindiDashboard();
    const panel = screen.getByRole('region', { name: 'अपलोड' });
    expect(within(panel).getByText('फ़ोटो या वीडियो चुनें')).toBeInTheDocument();
    expect(within(panel).getByLabelText('टाइटल')).toBeInTheDocument();
    expect(within(panel).getByText('₹1 से ₹1,00,000 तक, जैसे 499 या 49.50।')).toBeInTheDocument();
    await user.click(within(panel).getByRole('button', { name: 'अपलोड करें' }));
    expect(within(panel).getByRole('alert')).toHaveTextContent('कृपया सभी फ़ील्ड भरें और एक फ़ाइल चुनें।');
    expect(within(panel).getByText('कृपया फ़ोटो या वीडियो चुनें।')).toBeInTheDocument();
    expect(within(panel).queryByText(/Please/)).not.toBeInTheDocument();
    expect(within(panel).getByRole('link', { name: 'शर्तों' })).toHaveAttribute('href', '/TermsAndConditions');
  });

  it('lists her content in Hindi, and asks before deleting in Hindi', async () => {
    const user = userEvent.setup();
    await renderHindiDashboard('/?tab=content');
    const panel = screen.getByRole('region', { name: 'कंटेंट' });
    const list = await within(panel).findByRole('list', { name: 'आपका कंटेंट' });
    expect(within(panel).getByText('2 चीज़ें')).toBeInTheDocument();
    const sunset = within(list).getByRole('heading', { name: 'Sunset over Marine Drive' }).closest('li')!;
    expect(within(sunset).getByText('3 अनलॉक')).toBeInTheDocument();
    expect(within(sunset).getByText('₹1,422.15 कमाए')).toBeInTheDocument();
    expect(within(sunset).getByText(/नव॰ 2025/)).toBeInTheDocument();
    await user.click(within(sunset).getByRole('button', { name: '“Sunset over Marine Drive” डिलीट करें' }));
    const dialog = screen.getByRole('dialog', { name: '“Sunset over Marine Drive” डिलीट करें?' });
    expect(within(dialog).getByRole('button', { name: 'रहने दें' })).toHaveFocus();
    expect(within(dialog).queryByText(/unlock/i)).not.toBeInTheDocument();
  });

  it('shows the Wallet in Hindi: balance, history with steps, and the withdraw form', async () => {
    const user = userEvent.setup();
    await renderHindiDashboard('/?tab=wallet');
    const panel = screen.getByRole('region', { name: 'वॉलेट' });
    expect(await within(panel).findByText('₹1,424.53')).toBeInTheDocument();
    expect(within(panel).getByText('₹800 आपकी UPI ID पर भेजे जा रहे हैं')).toBeInTheDocument();
    const history = within(panel).getByRole('list', { name: 'वॉलेट का हिसाब' });
    expect(within(history).getAllByText('जाँच में').length).toBeGreaterThan(0);
    expect(within(history).getByText('Kholo की ओर से सुधार')).toBeInTheDocument();
    expect(within(history).getAllByText('बिक्री', { exact: false }).length).toBeGreaterThan(0);
    expect(await within(panel).findByRole('heading', { name: 'हम आपको पैसा कहाँ भेजें?' })).toBeInTheDocument();
    expect(within(panel).queryByText(/Wallet history|Withdrawal to|Requested/)).not.toBeInTheDocument();

    await user.click(within(panel).getByRole('button', { name: 'UPI पर निकालें' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('आप अपना पूरा बैलेंस निकालेंगे: ₹1,424.53');
    expect(within(dialog).getByRole('textbox', { name: 'आपकी UPI ID' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'पेआउट अकाउंट जोड़ें' })).toBeInTheDocument();
  });
});
