import type { EmailListAnswer } from '@kholo/contracts';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderRoute, stubApi } from '../../test-utils.tsx';

const TOKEN = `cmVtaW5kZXJzOmZhbi0x.${'a'.repeat(43)}`;
const EMAIL = 'asha@example.com';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the unsubscribe page in Hindi', () => {
  it('asks, stops and turns reminders back on, in Hindi', async () => {
    const user = userEvent.setup();
    const answer = (subscribed: boolean): EmailListAnswer => ({
      list: 'reminders',
      subscribed,
      changed: true,
      email: EMAIL,
    });
    stubApi({
      'POST /api/email/unsubscribe': () => jsonResponse(200, answer(false)),
      'POST /api/email/resubscribe': () => jsonResponse(200, answer(true)),
    });
    renderRoute(`/unsubscribe?token=${encodeURIComponent(TOKEN)}`, { locale: 'hi' });

    expect(await screen.findByRole('heading', { level: 1, name: 'रिमाइंडर ईमेल बंद करें?' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'चालू रहने दें' })).toHaveAttribute('href', '/');
    expect(screen.queryByText(/Stop reminder emails|Keep them/)).toBeNull();

    await user.click(screen.getByRole('button', { name: 'रिमाइंडर ईमेल बंद करें' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'अब आपको रिमाइंडर ईमेल नहीं आएँगे।' })).toHaveFocus();
    expect(screen.getByText(`${EMAIL} पर रिमाइंडर बंद हो गए।`)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'रिमाइंडर फिर से चालू करें' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'रिमाइंडर ईमेल फिर से चालू हो गए।' })).toHaveFocus();
  });

  it('says a broken link in Hindi', async () => {
    stubApi({});
    renderRoute('/unsubscribe?token=broken', { locale: 'hi' });
    expect(await screen.findByRole('heading', { level: 1, name: 'यह लिंक काम नहीं कर रहा' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Kholo सपोर्ट को ईमेल करें' })).toHaveAttribute(
      'href',
      expect.stringContaining('mailto:'),
    );
  });
});
