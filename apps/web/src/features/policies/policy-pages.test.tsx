import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoute } from '../../test-utils.tsx';

const pages = [
  {
    path: '/ShippingPolicy',
    title: 'Shipping Policy',
    mustSay: [/nothing physical is ever shipped/i, /instant/i, /14 days/i],
  },
  {
    path: '/TermsAndConditions',
    title: 'Terms and Conditions',
    mustSay: [
      /personal viewing only/i,
      /creators are responsible for their uploads/i,
      /we don’t pre-screen content/i,
      /indemnify/i,
      /without notice/i,
      /sexually explicit/i,
      /mature content that is not sexual/i,
      /Indian rupees/i,
      /small platform fee/i,
      /Grievance Officer/i,
    ],
  },
  {
    path: '/CancellationsAndRefunds',
    title: 'Cancellations and Refunds',
    mustSay: [
      /all sales are final/i,
      /within 24 hours/i,
      /technical issue/i,
      /by accident/i,
      /payment method you used/i,
    ],
  },
  {
    path: '/PrivacyPolicy',
    title: 'Privacy Policy',
    mustSay: [
      /never sell it/i,
      /payment provider/i,
      /Digital Personal Data Protection Act, 2023/i,
      /how long we keep it/i,
      /Grievance Officer/i,
    ],
  },
] as const;

describe.each(pages)('$path', ({ path, title, mustSay }) => {
  it('has its heading, title, date and support email', async () => {
    renderRoute(path);
    await screen.findByRole('heading', { level: 1, name: title });
    const main = screen.getByRole('main');
    await waitFor(() => {
      expect(document.title).toBe(`${title} · Kholo`);
    });
    expect(within(main).getByText('21 Nov 2026')).toHaveAttribute('datetime', '2026-11-21');
    expect(within(main).getAllByRole('link', { name: 'support@kholo.in' })[0]).toHaveAttribute(
      'href',
      expect.stringMatching(/^mailto:support@kholo\.in/),
    );
  });

  it('says what SPEC §2 asks of it', async () => {
    renderRoute(path);
    await screen.findByRole('heading', { level: 1 });
    const main = screen.getByRole('main');
    for (const phrase of mustSay) expect(main.textContent).toMatch(phrase);
  });

  it('never states the platform fee as a number', async () => {
    renderRoute(path);
    await screen.findByRole('heading', { level: 1 });
    const main = screen.getByRole('main');
    expect(main.textContent).not.toMatch(/%|per ?cent/i);
  });
});
