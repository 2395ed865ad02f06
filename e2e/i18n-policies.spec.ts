import { blockingViolations } from './axe.js';
import { E2E_LEGAL } from './e2e-env.js';
import { expect, test } from './fixtures.js';
import { englishLeftOnPage } from './language-scan.js';
import { snap } from './screenshots.js';
import { scrollsSideways } from './wallet-helpers.js';

/**
 * The four policy pages in a Hindi browser (ADR 027, ADR 030): the server sends them in Hindi
 * (the first response, <html lang="hi-IN">), each says the English version prevails and leads to
 * it, and nothing else is left in English but names: the operator's company, officer and address,
 * the Acts' names, and the payment provider's.
 */

/** What the operator configured (e2e-env.ts): a person's and a company's names and addresses. */
const LEGAL_NAMES = [E2E_LEGAL.GRIEVANCE_OFFICER_NAME, E2E_LEGAL.COMPANY_LEGAL_NAME, E2E_LEGAL.COMPANY_ADDRESS]
  .join(' ')
  .replaceAll('\\n', ' ')
  .split(/[^A-Za-z]+/)
  .filter(Boolean);

/** Names kept in English on purpose: Acts and rules (and their numbers, s.36, Rule 6F), bodies, the officer's title, abbreviations. */
const KEPT_NAMES = [
  ...'Information Technology Act Digital Personal Data Protection DPDP Rules Rule IT CGST GST TDS TCS'.split(' '),
  ...'Grievance Officer Appellate Committee Board of India CERT In Cashfree Payments RBI CVV PIN EXIF HTTPS IP AI s F'.split(
    ' ',
  ),
];

const NOTICE = 'यह हिन्दी अनुवाद आपकी सुविधा के लिए है। अगर इसमें और अंग्रेज़ी वर्शन में कोई फ़र्क़ हो, तो अंग्रेज़ी वर्शन मान्य होगा।';

const PAGES = [
  { path: '/ShippingPolicy', name: 'shipping', heading: 'शिपिंग पॉलिसी', english: 'Shipping Policy' },
  { path: '/TermsAndConditions', name: 'terms', heading: 'नियम और शर्तें', english: 'Terms and Conditions' },
  {
    path: '/CancellationsAndRefunds',
    name: 'refunds',
    heading: 'कैंसलेशन और रिफ़ंड',
    english: 'Cancellations and Refunds',
  },
  { path: '/PrivacyPolicy', name: 'privacy', heading: 'प्राइवेसी पॉलिसी', english: 'Privacy Policy' },
] as const;

test.describe('the policy pages in a Hindi browser', () => {
  test.use({ locale: 'hi-IN' });

  for (const policy of PAGES) {
    test(`${policy.path} comes from the server in Hindi, all of it`, async ({ page }, testInfo) => {
      const response = await page.goto(policy.path);
      const html = (await response?.text()) ?? '';
      expect(html).toContain('<html lang="hi-IN">');
      expect(html).toContain(`${policy.heading} · Kholo</title>`);
      expect(html).toContain(NOTICE);
      expect(html).not.toContain(`${policy.english} · Kholo`);

      await expect(page).toHaveTitle(`${policy.heading} · Kholo`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(policy.heading);
      const main = page.getByRole('main');
      await expect(main).toContainText(NOTICE);
      await expect(main).toContainText('support@');
      expect(await englishLeftOnPage(page, [...LEGAL_NAMES, ...KEPT_NAMES])).toEqual([]);
      expect(await blockingViolations(page)).toEqual([]);
      expect(await scrollsSideways(page)).toBe(false);
      await snap(page, testInfo, `hindi-policy-${policy.name}`);

      // The English text is the binding one: one click away, and the notice goes with the Hindi.
      await main.getByRole('button', { name: 'अंग्रेज़ी वर्शन पढ़ें' }).click();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(policy.english);
      await expect(page).toHaveTitle(`${policy.english} · Kholo`);
      await expect(main).not.toContainText(NOTICE);
    });
  }
});
