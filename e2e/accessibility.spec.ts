import { blockingViolations, blockingViolationsOnPausedClock } from './axe.js';
import { POLICY_PAGES, expect, test } from './fixtures.js';
import {
  card,
  codeSentTo,
  completeTestCheckout,
  giveEmail,
  openHostedCheckout,
  pauseClockNow,
  payDialogOrder,
  unlockDialog,
} from './payment-helpers.js';
import { seedCreator, uniqueEmail } from './studio-helpers.js';

const pages = [
  '/',
  '/ContactUs',
  ...POLICY_PAGES.map((policy) => policy.path),
  '/no-such-page',
  '/reset-password?token=abcdefghijklmnopqrstuvwx',
  '/admin',
];

for (const path of pages) {
  test(`${path} has no serious or critical accessibility violations`, async ({ page }) => {
    // The landing tagline fades a new phrase in every 2.2 s; a scan that meets a fade judges the
    // contrast of half-transparent text. Reduced motion keeps one phrase, settled.
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    // Open an FAQ answer too, so its content is scanned. A tap before the app has loaded is held,
    // dimmed, until it runs (ADR 027): the scan waits for the answer, not for the dimmed button.
    if (path === '/') {
      const question = page.getByRole('region', { name: 'Frequently asked questions' }).getByRole('button').first();
      await question.click();
      await expect(question).toHaveAttribute('aria-expanded', 'true');
      await expect(question).not.toHaveAttribute('aria-busy', 'true');
    }
    expect(await blockingViolations(page)).toEqual([]);
  });
}

test('the sign-up dialog and the creator dashboard have no serious or critical violations', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('banner').getByRole('button', { name: 'Join Now' }).click();
  const dialog = page.getByRole('dialog', { name: 'Start selling on Kholo' });
  await expect(dialog).toBeVisible();
  expect(await blockingViolations(page)).toEqual([]);

  await dialog.getByLabel('Full Name').fill('Lakshmi Iyer');
  await dialog.getByLabel('Email').fill(`lakshmi-${Date.now().toString(36)}@example.in`);
  await dialog.getByLabel('Password', { exact: true }).fill('backwaters of kerala');
  await dialog.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Hi, Lakshmi' })).toBeVisible();
  expect(await blockingViolations(page)).toEqual([]);
});

test('the landing page can be used with the keyboard alone', async ({ page }) => {
  await page.goto('/');
  const skip = page.getByRole('link', { name: 'Skip to main content' });
  // The page renders in the browser: a Tab pressed before the link exists lands elsewhere.
  await expect(skip).toBeAttached();
  // The first Tab offers a way past the header, and following it lands in the main content.
  await page.keyboard.press('Tab');
  await expect(skip).toBeFocused();
  await expect(skip).toBeVisible();
  await page.keyboard.press('Enter');
  await page.keyboard.press('Tab');
  expect(await page.evaluate(() => document.activeElement?.closest('main') !== null)).toBe(true);
  // Every focusable element shows a visible focus indicator.
  const unstyled = await page.evaluate(() => {
    const focusables = [...document.querySelectorAll<HTMLElement>('a[href], button, input, textarea, [tabindex="0"]')];
    return focusables
      .filter((element) => {
        element.focus();
        const style = getComputedStyle(element);
        return style.outlineStyle === 'none' && style.boxShadow === 'none';
      })
      .map((element) => element.outerHTML.slice(0, 80));
  });
  expect(unstyled).toEqual([]);
});

test('a creator page, a locked content page and a missing one have no serious or critical violations', async ({
  page,
  baseURL,
}) => {
  const { handle, ids } = await seedCreator(baseURL!, 'Axe Creator', [
    { title: 'Calm lake' },
    { title: 'Haunted haveli', adult: true },
  ]);
  await page.goto(`/u/${handle}`);
  await expect(page.getByRole('article')).toHaveCount(2);
  expect(await blockingViolations(page)).toEqual([]);
  await page.goto(`/content/${ids[1]!}`);
  await expect(page.getByText('You have not unlocked this content yet. Please purchase to access.')).toBeVisible();
  expect(await blockingViolations(page)).toEqual([]);
  await page.goto('/content/00000000-0000-4000-8000-000000000000');
  await expect(page.getByText('Content not found.')).toBeVisible();
  expect(await blockingViolations(page)).toEqual([]);
});

test('the unlock dialog, the test checkout and every /payment-success state have no serious or critical violations', async ({
  page,
  baseURL,
}) => {
  // Oldest first: a visitor sees the newest three; the oldest is bought once she is signed in.
  const { handle } = await seedCreator(baseURL!, 'Axe Seller', [
    { title: 'Fan one', pricePaise: 179_00 },
    { title: 'Declined one', pricePaise: 99_00 },
    { title: 'Cancelled one', pricePaise: 129_00 },
    { title: 'Paid one', pricePaise: 149_00 },
  ]);
  test.setTimeout(90_000);
  const email = uniqueEmail('axe-visitor');
  // The success state lasts 1.5 s before moving on; a paused clock holds it still for the scan.
  await page.clock.install();

  await page.goto('/payment-success');
  await expect(page.getByText('Missing order ID. Please contact support.')).toBeVisible();
  expect(await blockingViolations(page)).toEqual([]);

  // A visitor: the dialog's email step, its payment step, the test checkout and a declined payment.
  await page.goto(`/u/${handle}`);
  await card(page, 'Declined one').getByRole('button', { name: 'Unlock for ₹99' }).click();
  const dialog = unlockDialog(page);
  await expect(dialog.getByLabel('Email')).toBeVisible();
  expect(await blockingViolations(page)).toEqual([]);
  await giveEmail(page, email, 'Axe Visitor');
  await dialog.getByRole('button', { name: 'Pay ₹99' }).click();
  await expect(dialog.getByRole('button', { name: 'Cards and net banking' })).toBeVisible();
  expect(await blockingViolations(page)).toEqual([]);
  await openHostedCheckout(page, '₹99');
  await expect(page.getByText(/TEST MODE/)).toBeVisible();
  expect(await blockingViolations(page)).toEqual([]);
  await completeTestCheckout(page, 'UPI', 'Fail payment');
  await expect(
    page.getByRole('heading', { level: 1, name: 'There was a problem unlocking your content.' }),
  ).toBeVisible({ timeout: 15_000 });
  expect(await blockingViolations(page)).toEqual([]);

  // She cancels on the checkout.
  await page.goto(`/u/${handle}`);
  await card(page, 'Cancelled one').getByRole('button', { name: 'Unlock for ₹129' }).click();
  await giveEmail(page, email);
  await dialog.getByRole('button', { name: 'Pay ₹129' }).click();
  await payDialogOrder(page, '₹129', { checkout: 'UPI', button: 'Cancel' });
  await expect(page.getByRole('heading', { level: 1, name: 'Payment cancelled. You were not charged.' })).toBeVisible({
    timeout: 15_000,
  });
  expect(await blockingViolations(page)).toEqual([]);
  // 'Try again' opens the dialog here, her email filled in.
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(dialog.getByLabel('Email')).toHaveValue(email);
  expect(await blockingViolations(page)).toEqual([]);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();

  // She pays: the return page asks for the code from her email.
  await page.goto(`/u/${handle}`);
  await card(page, 'Paid one').getByRole('button', { name: 'Unlock for ₹149' }).click();
  await giveEmail(page, email);
  await dialog.getByRole('button', { name: 'Pay ₹149' }).click();
  await payDialogOrder(page, '₹149', { checkout: 'UPI', button: 'Pay' });
  await expect(page.getByLabel('6-digit code')).toBeVisible({ timeout: 15_000 });
  expect(await blockingViolations(page)).toEqual([]);
  await page.getByLabel('6-digit code').fill(await codeSentTo(email));
  await expect(page).toHaveURL(/\/content\//);

  // Signed in by that code, she pays for another (no email step): the page confirming, then the
  // short success state.
  await page.goto(`/u/${handle}`);
  await card(page, 'Fan one').getByRole('button', { name: 'Unlock for ₹179' }).click();
  await expect(dialog.getByRole('button', { name: 'Pay ₹179' })).toBeFocused();
  await expect(dialog.getByLabel('Email')).toHaveCount(0);
  expect(await blockingViolations(page)).toEqual([]);
  await dialog.getByRole('button', { name: 'Pay ₹179' }).click();
  await openHostedCheckout(page, '₹179');
  // Hold the return page's first question, so the confirming state can be scanned.
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/api/payment/verify-payment', async (route) => {
    await held;
    await route.continue();
  });
  await completeTestCheckout(page, 'UPI', 'Pay');
  await expect(page.getByRole('heading', { level: 1, name: 'Confirming your payment…' })).toBeVisible();
  await pauseClockNow(page);
  expect(await blockingViolationsOnPausedClock(page)).toEqual([]);
  release();
  await expect(page.getByRole('heading', { level: 1, name: 'Payment successful' })).toBeVisible();
  expect(await blockingViolationsOnPausedClock(page)).toEqual([]);
  // Still the success state: the scan did not run the clock into the redirect.
  await expect(page).toHaveURL(/\/payment-success\?/);
});
