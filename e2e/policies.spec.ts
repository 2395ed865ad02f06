import { POLICY_PAGES, expect, test } from './fixtures.js';

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
    expect(text).toContain('26 Nov 2026');
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
