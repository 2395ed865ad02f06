import { blockingViolations } from './axe.js';
import { E2E_LEGAL } from './e2e-env.js';
import { POLICY_PAGES, expect, test } from './fixtures.js';
import { emailSentTo } from './outbox.js';

const mustSay: Record<string, RegExp[]> = {
  '/ShippingPolicy': [/digital/i, /instant/i, /14 days/i, /nothing (physical )?is shipped|no physical/i],
  '/TermsAndConditions': [
    /personal viewing only/i,
    /responsible for (the content they upload|their uploads|what they upload)/i,
    /pre-screen/i,
    /indemnif/i,
    /suspend/i,
    /sexually explicit/i,
  ],
  '/CancellationsAndRefunds': [/all sales are final/i, /24 hours/i, /technical/i, /accidental/i],
  '/PrivacyPolicy': [/only to provide/i, /never sell|do not sell|not sold/i, /Digital Personal Data Protection/i],
};

for (const policy of POLICY_PAGES) {
  test(`${policy.path} has its title, heading and required content`, async ({ page }) => {
    await page.goto(policy.path);
    await expect(page).toHaveTitle(policy.title);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(policy.heading);
    const text = (await page.getByRole('main').innerText()).replace(/\s+/g, ' ');
    for (const phrase of mustSay[policy.path] ?? []) expect(text).toMatch(phrase);
    expect(text).toMatch(/\b\d{1,2} [A-Z][a-z]{2,4} 20\d\d\b/);
    expect(text).toContain('support@kholo.in');
  });
}

test('the policy pages are reachable from the footer of any page', async ({ page }) => {
  await page.goto('/ContactUs');
  for (const policy of POLICY_PAGES) {
    await page.getByRole('contentinfo').getByRole('link', { name: policy.link, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`${policy.path}$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(policy.heading);
  }
});

test('/grievance shows the configured officer', async ({ page }, testInfo) => {
  await page.goto('/');
  await page.getByRole('contentinfo').getByRole('link', { name: 'Grievance Officer', exact: true }).click();
  await expect(page).toHaveURL(/\/grievance$/);
  await expect(page).toHaveTitle('Grievance Officer · Kholo');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Grievance Officer');

  // The server's settings, not the development samples.
  const officer = page.getByRole('region', { name: 'Grievance Officer', exact: true });
  await expect(officer).toContainText(E2E_LEGAL.GRIEVANCE_OFFICER_NAME);
  await expect(officer.getByRole('link', { name: E2E_LEGAL.GRIEVANCE_OFFICER_EMAIL })).toHaveAttribute(
    'href',
    `mailto:${E2E_LEGAL.GRIEVANCE_OFFICER_EMAIL}`,
  );
  await expect(officer.getByRole('link', { name: E2E_LEGAL.GRIEVANCE_OFFICER_PHONE })).toHaveAttribute(
    'href',
    'tel:+911414000001',
  );
  // The env file's "\n" is a line break on the page.
  expect(await officer.locator('address').innerText()).toBe('4th Floor, 12 MI Road\nJaipur, Rajasthan 302001');
  await expect(page.getByRole('region', { name: 'Who runs Kholo' })).toContainText(E2E_LEGAL.COMPANY_LEGAL_NAME);
  await expect(page.getByText(/Sample values/)).toHaveCount(0);
  await expect(page.getByRole('main')).toContainText('within 2 hours');
  await expect(page.getByRole('link', { name: 'gac.gov.in' })).toHaveAttribute('href', 'https://gac.gov.in');

  expect(await blockingViolations(page)).toEqual([]);
  await page.screenshot({ path: testInfo.outputPath('grievance.png'), fullPage: true });

  // The Terms name the same company and officer.
  await page.goto('/TermsAndConditions');
  await expect(page.getByRole('region', { name: 'About these terms' })).toContainText(
    `${E2E_LEGAL.COMPANY_LEGAL_NAME}, 4th Floor, 12 MI Road, Jaipur, Rajasthan 302001`,
  );
  await expect(page.getByRole('region', { name: 'Reporting content and grievances' })).toContainText(
    `${E2E_LEGAL.GRIEVANCE_OFFICER_NAME} (Grievance Officer), at ${E2E_LEGAL.GRIEVANCE_OFFICER_EMAIL}`,
  );
});

test('a complaint to the Grievance Officer gets a ticket number and an emailed acknowledgement', async ({
  page,
}, testInfo) => {
  const email = `complainant-${testInfo.project.name}-${Date.now()}@example.com`;
  await page.goto('/grievance');
  const form = page.getByRole('region', { name: 'Write to the Grievance Officer' });
  await form.getByRole('button', { name: 'Send complaint' }).click();
  await expect(form.getByText('Please choose what your complaint is about.')).toBeVisible();
  expect(await blockingViolations(page)).toEqual([]);

  await form.getByLabel('Name').fill('Priya Sharma');
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('A payment or refund').check();
  await form.getByLabel('What happened?').fill('I was charged twice for the same photo.');
  await form.getByRole('button', { name: 'Send complaint' }).click();

  await expect(form.getByRole('heading', { name: 'Complaint received' })).toBeFocused();
  const ticket = (await form.getByText(/^G-[0-9A-Z]{4}-[0-9A-Z]{4}$/).innerText()).trim();
  await expect(form).toContainText('We have emailed you an acknowledgement');
  await expect(form).toContainText('resolve your complaint by');
  expect(await blockingViolations(page)).toEqual([]);
  await page.screenshot({ path: testInfo.outputPath('grievance-sent.png'), fullPage: true });

  const acknowledgement = await emailSentTo(email, (eml) => eml.includes(ticket));
  expect(acknowledgement).toContain('This acknowledges your complaint about “A payment or refund”');
  // Anyone can send this to any address, so it repeats none of the sender's words.
  expect(acknowledgement).not.toContain('Priya Sharma');
});
