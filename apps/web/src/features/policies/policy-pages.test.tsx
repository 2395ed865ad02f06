import { formatDate, indiaDayStart } from '@kholo/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { forgetPublicConfig } from '../../lib/public-config.ts';
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
    // The date its text last changed, as the page's version says it.
    const updated = main.querySelector('time');
    const day = updated?.getAttribute('datetime') ?? '';
    expect(day).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(updated).toHaveTextContent(formatDate(indiaDayStart(day)));
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

describe('the Grievance Officer and the company in the policies', () => {
  const legal = {
    grievanceOfficer: {
      name: 'Asha Verma',
      designation: 'Grievance Officer',
      email: 'grievance@kholo.in',
      phone: '+91 141 400 0000',
      address: 'Room 5, 12 MI Road\nJaipur 302001',
    },
    company: { legalName: 'Kholo Technologies Private Limited', address: '4th Floor, 12 MI Road,\nJaipur 302001' },
    sample: false,
  };

  /** As the server sends the page: the kholo-config meta tag filled in. */
  function configure() {
    const meta = document.createElement('meta');
    meta.name = 'kholo-config';
    meta.content = JSON.stringify({ legal });
    document.head.append(meta);
    forgetPublicConfig();
  }

  afterEach(() => {
    document.head.querySelector('meta[name="kholo-config"]')?.remove();
    forgetPublicConfig();
  });

  async function renderPolicy(path: string) {
    configure();
    renderRoute(path);
    await screen.findByRole('heading', { level: 1 });
    return screen.getByRole('main');
  }

  function expectOfficer(section: HTMLElement) {
    expect(section).toHaveTextContent(
      'Asha Verma (Grievance Officer), at grievance@kholo.in or +91 141 400 0000, or by post to Room 5, 12 MI Road, Jaipur 302001',
    );
    expect(within(section).getByRole('link', { name: 'grievance@kholo.in' })).toHaveAttribute(
      'href',
      'mailto:grievance@kholo.in?subject=Grievance',
    );
    expect(within(section).getByRole('link', { name: '+91 141 400 0000' })).toHaveAttribute(
      'href',
      'tel:+911414000000',
    );
    expect(within(section).getByRole('link', { name: 'Grievance Officer page' })).toHaveAttribute('href', '/grievance');
  }

  it('the Terms say who the company is and name the configured officer, with the rules’ times', async () => {
    const main = await renderPolicy('/TermsAndConditions');
    const about = screen.getByRole('region', { name: 'About these terms' });
    expect(about).toHaveTextContent(
      'an agreement between you and Kholo Technologies Private Limited, 4th Floor, 12 MI Road, Jaipur 302001 (“Kholo”',
    );
    const grievances = screen.getByRole('region', { name: 'Reporting content and grievances' });
    expectOfficer(grievances);
    expect(grievances).toHaveTextContent('We acknowledge every complaint within 24 hours');
    expect(grievances).toHaveTextContent('resolve it within 7 days');
    expect(grievances).toHaveTextContent('decided within 36 hours; a report marked “Something else” is handled like');
    expect(grievances).toHaveTextContent('report it and we decide within 2 hours');
    expect(within(grievances).getByRole('link', { name: 'gac.gov.in' })).toHaveAttribute('href', 'https://gac.gov.in');
    expect(screen.getByRole('region', { name: 'Contact' })).toHaveTextContent(
      'Kholo is run by Kholo Technologies Private Limited, 4th Floor, 12 MI Road, Jaipur 302001.',
    );
    expect(main).not.toHaveTextContent(/sample/i);
  });

  it('the Privacy Policy names the company as the data fiduciary and the configured officer for grievances', async () => {
    await renderPolicy('/PrivacyPolicy');
    expect(screen.getByRole('region', { name: 'Who we are' })).toHaveTextContent(
      'run by Kholo Technologies Private Limited, 4th Floor, 12 MI Road, Jaipur 302001 (“Kholo”',
    );
    expectOfficer(screen.getByRole('region', { name: 'Contact and grievances' }));
  });

  it('the refund policy sends an unhappy fan to the Grievance Officer page', async () => {
    await renderPolicy('/CancellationsAndRefunds');
    const contact = screen.getByRole('region', { name: 'Contact' });
    expect(within(contact).getByRole('link', { name: 'Grievance Officer' })).toHaveAttribute('href', '/grievance');
  });
});
