import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderRoute } from '../../test-utils.tsx';

async function renderLanding() {
  const result = renderRoute('/');
  await screen.findByRole('heading', { level: 1 });
  return result;
}

describe('landing page', () => {
  it('has a stable h1 for assistive tech while the visual tagline rotates', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      await renderLanding();
      const h1 = screen.getByRole('heading', { level: 1 });
      expect(h1).toHaveAccessibleName('Turn your photos and videos into income');
      act(() => {
        vi.advanceTimersByTime(2200 * 3);
      });
      expect(h1).toHaveAccessibleName('Turn your photos and videos into income');
      expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
      // The rotating words are not inside any live region.
      expect(screen.getByTestId('rotating-tagline').closest('[aria-live]')).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });

  it('sets the page title', async () => {
    await renderLanding();
    await waitFor(() => {
      expect(document.title).toBe('Kholo — Sell your photos and videos');
    });
  });

  it('explains how it works in exactly 3 steps', async () => {
    await renderLanding();
    const section = screen.getByRole('region', { name: 'How it works' });
    expect(within(section).getAllByRole('listitem')).toHaveLength(3);
  });

  it('shows exactly 6 benefit cards', async () => {
    await renderLanding();
    const section = screen.getByRole('region', { name: 'Why creators choose Kholo' });
    expect(within(section).getAllByRole('listitem')).toHaveLength(6);
  });

  it('states no monthly fees, a small platform fee, instant payouts and a support line', async () => {
    await renderLanding();
    const text = document.body.textContent;
    expect(text).toMatch(/no monthly fees/i);
    expect(text).toMatch(/small platform fee/i);
    expect(text).toMatch(/instant payouts/i);
    expect(text).toMatch(/UPI/);
    expect(text).toMatch(/cards/i);
    expect(text).toMatch(/net banking/i);
    expect(text).toMatch(/14 days|14-day/);
    const supportLinks = screen.getAllByRole('link', { name: 'support@kholo.in' });
    expect(supportLinks.length).toBeGreaterThan(0);
    for (const link of supportLinks) expect(link).toHaveAttribute('href', 'mailto:support@kholo.in');
  });

  it('says when payouts arrive truthfully: usually under a minute, the first checked within 24 hours', async () => {
    const user = userEvent.setup();
    await renderLanding();
    expect(screen.getByText('UPI payouts, usually in under a minute')).toBeInTheDocument();
    const benefits = screen.getByRole('region', { name: 'Why creators choose Kholo' });
    expect(benefits).toHaveTextContent(
      'Instant payouts to UPIPayouts to your verified UPI ID usually arrive in under a minute. We check your first payout, and the first after you change your payout account, within 24 hours.',
    );
    const faq = screen.getByRole('region', { name: 'Frequently asked questions' });
    await user.click(within(faq).getByRole('button', { name: 'How and when do I get paid?' }));
    expect(faq).toHaveTextContent(
      'Once your balance reaches ₹500, request a withdrawal to the UPI ID you saved (we check it with your bank first). Payouts usually arrive in under a minute; we check your first payout, and the first after you change your payout account, within 24 hours.',
    );
    expect(document.body.textContent).not.toMatch(/instantly/i);
  });

  it('never shows a fee number or percentage (SPEC §1), even with every FAQ answer open', async () => {
    const user = userEvent.setup();
    await renderLanding();
    const faq = screen.getByRole('region', { name: 'Frequently asked questions' });
    for (const trigger of within(faq).getAllByRole('button')) {
      await user.click(trigger);
      expect(document.body.textContent).not.toMatch(/%|per ?cent/i);
      // No sentence that mentions a fee or commission carries a number.
      for (const element of document.body.querySelectorAll('p, li, h1, h2, h3, button, a')) {
        const sentences = element.textContent.split(/(?<=[.!?;])\s+/);
        for (const sentence of sentences.filter((s) => /\bfees?\b|commission/i.test(s))) {
          expect(sentence).not.toMatch(/\d/);
        }
      }
    }
  });

  it('has the footer links to every policy page and Contact Us', async () => {
    await renderLanding();
    const footer = screen.getByRole('contentinfo');
    for (const [name, href] of [
      ['Shipping Policy', '/ShippingPolicy'],
      ['Terms and Conditions', '/TermsAndConditions'],
      ['Cancellations and Refunds', '/CancellationsAndRefunds'],
      ['Privacy Policy', '/PrivacyPolicy'],
      ['Contact Us', '/ContactUs'],
    ] as const) {
      expect(within(footer).getByRole('link', { name })).toHaveAttribute('href', href);
      // Unique across the page, so a page-wide query by name finds exactly one link.
      expect(screen.getAllByRole('link', { name: new RegExp(name, 'i') })).toHaveLength(1);
    }
  });

  describe('ways in', () => {
    it('Login opens the creator dialog at its login form', async () => {
      const user = userEvent.setup();
      await renderLanding();
      await user.click(within(screen.getByRole('banner')).getByRole('button', { name: 'Login' }));
      const dialog = await screen.findByRole('dialog', { name: 'Welcome back' });
      expect(within(dialog).queryByLabelText('Full Name')).not.toBeInTheDocument();
      expect(within(dialog).getByLabelText('Email')).toHaveFocus();
    });

    it.each(['Join Now', 'Start selling', 'Create your creator account'])(
      '%s opens the creator dialog at its sign-up form',
      async (name) => {
        const user = userEvent.setup();
        await renderLanding();
        await user.click(screen.getByRole('button', { name }));
        const dialog = await screen.findByRole('dialog', { name: 'Start selling on Kholo' });
        expect(within(dialog).getByLabelText('Full Name')).toHaveFocus();
      },
    );

    it('opens from another page too', async () => {
      const user = userEvent.setup();
      renderRoute('/PrivacyPolicy');
      await screen.findByRole('heading', { level: 1, name: 'Privacy Policy' });
      await user.click(screen.getByRole('button', { name: 'Join Now' }));
      expect(await screen.findByRole('dialog', { name: 'Start selling on Kholo' })).toBeInTheDocument();
    });
  });
});
