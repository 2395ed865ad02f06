import type { Page } from '@playwright/test';
import { E2E_ADMIN } from './e2e-env.js';
import { expect, test } from './fixtures.js';
import { resetLinkSentTo } from './outbox.js';

const PASSWORD = 'jaipur blue pottery';

let counter = 0;
/** An address no other test (or earlier run on this server) has used. */
function newEmail(who: string): string {
  counter += 1;
  return `${who}-${Date.now().toString(36)}-${counter}-${Math.random().toString(36).slice(2, 6)}@example.in`;
}

function header(page: Page) {
  return page.getByRole('banner');
}

function toasts(page: Page) {
  return page.getByRole('alert').or(page.getByRole('status'));
}

async function openCreatorDialog(page: Page, button: 'Login' | 'Join Now') {
  await header(page).getByRole('button', { name: button }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  return dialog;
}

async function signUpCreator(page: Page, name: string, email: string) {
  await page.goto('/');
  const dialog = await openCreatorDialog(page, 'Join Now');
  await expect(dialog).toHaveAccessibleName('Start selling on Kholo');
  await expect(dialog.getByLabel('Full Name')).toBeFocused();
  await dialog.getByLabel('Full Name').fill(name);
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await dialog.getByRole('button', { name: 'Create account' }).click();
  await expect(dialog).toBeHidden();
}

test.describe('creator accounts', () => {
  test('sign up from Join Now, see the dashboard at /, keep it on reload, log out to the landing', async ({ page }) => {
    const email = newEmail('priya');
    await signUpCreator(page, 'Priya Sharma', email);

    await expect(page).toHaveURL('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Hi, Priya' })).toBeVisible();
    const sidebar = page.getByRole('navigation', { name: 'Dashboard' });
    for (const tab of ['Upload', 'Content', 'Wallet', 'Profile']) {
      await expect(
        sidebar.getByRole('button', { name: tab }).or(sidebar.getByRole('tab', { name: tab })),
      ).toBeVisible();
    }
    // The browser keeps a copy of the creator (SPEC §3), but the session decides.
    const cached = await page.evaluate(() => window.localStorage.getItem('kholo.creator'));
    expect(cached).toContain(email);

    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Hi, Priya' })).toBeVisible();

    // Logout is once, in the header (issue 26), not in the dashboard's tabs.
    await expect(sidebar.getByRole('button', { name: 'Logout' })).toHaveCount(0);
    await header(page).getByRole('button', { name: 'Logout' }).click();
    await expect(page.getByRole('heading', { level: 1 })).not.toHaveText('Hi, Priya');
    await expect(header(page).getByRole('button', { name: 'Join Now' })).toBeVisible();
    expect(
      await page.evaluate(() => [localStorage.getItem('kholo.creator'), localStorage.getItem('kholo.fan')]),
    ).toEqual([null, null]);
    await page.reload();
    await expect(header(page).getByRole('button', { name: 'Login' })).toBeVisible();
  });

  test('a cached creator without a session sees the landing, not the dashboard', async ({ page }) => {
    await page.goto('/');
    await page.evaluate(() => {
      localStorage.setItem('kholo.creator', JSON.stringify({ id: 'x', name: 'Forged', email: 'forged@example.in' }));
    });
    await page.reload();
    await expect(header(page).getByRole('button', { name: 'Join Now' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: /Hi, Forged/ })).toHaveCount(0);
    expect(await page.evaluate(() => localStorage.getItem('kholo.creator'))).toBeNull();
  });

  test('logs in with Enter, and shows the SPEC messages for missing fields and bad passwords', async ({ page }) => {
    const email = newEmail('kavya');
    await signUpCreator(page, 'Kavya Rathore', email);
    await header(page).getByRole('button', { name: 'Logout' }).click();
    await expect(header(page).getByRole('button', { name: 'Login' })).toBeVisible();

    const dialog = await openCreatorDialog(page, 'Login');
    await expect(dialog).toHaveAccessibleName('Welcome back');
    await expect(dialog.getByLabel('Email')).toBeFocused();

    await dialog.getByRole('button', { name: 'Log in' }).click();
    await expect(toasts(page).getByText('Please fill in all required fields')).toBeVisible();

    await dialog.getByLabel('Email').fill(email);
    await dialog.getByLabel('Password', { exact: true }).fill('not my password');
    await dialog.getByLabel('Password', { exact: true }).press('Enter');
    await expect(toasts(page).getByText('Authentication Error')).toBeVisible();
    await expect(toasts(page).getByText('Invalid email or password.')).toBeVisible();
    await expect(dialog).toBeVisible();

    await dialog.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await dialog.getByLabel('Password', { exact: true }).press('Enter');
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('heading', { level: 1, name: 'Hi, Kavya' })).toBeVisible();
  });

  test('sign-up asks for the name, and refuses an email that already has an account', async ({ page }) => {
    const email = newEmail('meera');
    await signUpCreator(page, 'Meera Joshi', email);
    await header(page).getByRole('button', { name: 'Logout' }).click();

    const dialog = await openCreatorDialog(page, 'Join Now');
    await dialog.getByLabel('Email').fill(newEmail('nameless'));
    await dialog.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await dialog.getByRole('button', { name: 'Create account' }).click();
    await expect(toasts(page).getByText('Please enter your name')).toBeVisible();

    await dialog.getByLabel('Full Name').fill('Meera Again');
    await dialog.getByLabel('Email').fill(email.toUpperCase());
    await dialog.getByRole('button', { name: 'Create account' }).click();
    await expect(toasts(page).getByText('Authentication Error')).toBeVisible();
    await expect(
      toasts(page).getByText('An account with this email already exists. Please log in instead.'),
    ).toBeVisible();
  });
});

test.describe('fan accounts', () => {
  test('sign up through the fan dialog, log out, and log back in', async ({ page }) => {
    const email = newEmail('fan');
    await page.goto('/');
    let dialog = await openCreatorDialog(page, 'Login');
    await dialog.getByRole('button', { name: 'Fan login' }).click();
    await expect(dialog).toHaveAccessibleName('Log in to unlock content');
    await dialog.getByRole('button', { name: 'Create a fan account' }).click();
    await expect(dialog).toHaveAccessibleName('Create a fan account');

    // The fan form checks all three fields with one message (SPEC §5).
    await dialog.getByLabel('Email').fill(email);
    await dialog.getByRole('button', { name: 'Create account' }).click();
    await expect(toasts(page).getByText('Please fill in all required fields')).toBeVisible();

    await dialog.getByLabel('Name', { exact: true }).fill('Rohan Mehta');
    await dialog.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await dialog.getByRole('button', { name: 'Create account' }).click();
    await expect(dialog).toBeHidden();

    // A fan is not a creator: the landing stays, the header says who is signed in.
    await expect(header(page).getByText('Rohan')).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Dashboard' })).toHaveCount(0);
    expect(await page.evaluate(() => localStorage.getItem('kholo.fan'))).toContain(email);

    await header(page).getByRole('button', { name: 'Logout' }).click();
    await expect(header(page).getByRole('button', { name: 'Login' })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('kholo.fan'))).toBeNull();

    dialog = await openCreatorDialog(page, 'Login');
    await dialog.getByRole('button', { name: 'Fan login' }).click();
    await dialog.getByLabel('Email').fill(email);
    await dialog.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await dialog.getByRole('button', { name: 'Log in' }).click();
    await expect(dialog).toBeHidden();
    await expect(header(page).getByText('Rohan')).toBeVisible();
  });
});

test.describe('forgot password', () => {
  test('the emailed link sets a new password; the old one stops working', async ({ page }) => {
    const email = newEmail('ananya');
    await signUpCreator(page, 'Ananya Singh', email);
    await header(page).getByRole('button', { name: 'Logout' }).click();

    let dialog = await openCreatorDialog(page, 'Login');
    await dialog.getByLabel('Email').fill(email);
    await dialog.getByRole('button', { name: 'Forgot Password?' }).click();
    await expect(dialog).toHaveAccessibleName('Reset your password');
    await expect(dialog.getByLabel('Email')).toHaveValue(email);
    await dialog.getByRole('button', { name: /send/i }).click();
    await expect(dialog.getByText('Reset email sent!')).toBeVisible();

    const link = await resetLinkSentTo(email);
    expect(link.origin).toBe(new URL(page.url()).origin);
    await page.keyboard.press('Escape');
    await page.goto(link.pathname + link.search);
    await expect(page).toHaveTitle(/Reset password · Kholo/);
    const newPassword = 'hawa mahal at dawn';
    await page.getByLabel('New password').fill(newPassword);
    await page.getByLabel('Confirm password').fill(newPassword);
    await page.getByRole('button', { name: /set|save|change/i }).click();
    await expect(page.getByRole('heading', { name: 'Your password is changed' })).toBeVisible();

    // The same link a second time is refused.
    await page.goto(link.pathname + link.search);
    await page.getByLabel('New password').fill('another new password');
    await page.getByLabel('Confirm password').fill('another new password');
    await page.getByRole('button', { name: /set|save|change/i }).click();
    await expect(page.getByText(/expired or was already used/)).toBeVisible();

    await page.goto('/');
    dialog = await openCreatorDialog(page, 'Login');
    await dialog.getByLabel('Email').fill(email);
    await dialog.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await dialog.getByRole('button', { name: 'Log in' }).click();
    await expect(toasts(page).getByText('Invalid email or password.')).toBeVisible();

    await dialog.getByLabel('Password', { exact: true }).fill(newPassword);
    await dialog.getByRole('button', { name: 'Log in' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Hi, Ananya' })).toBeVisible();
  });

  test('a reset without an email is refused in red', async ({ page }) => {
    await page.goto('/');
    const dialog = await openCreatorDialog(page, 'Login');
    await dialog.getByRole('button', { name: 'Forgot Password?' }).click();
    await dialog.getByLabel('Email').fill('not-an-email');
    await dialog.getByRole('button', { name: /send/i }).click();
    const error = dialog.getByText('Please enter a valid email address, like name@example.com.');
    await expect(error).toBeVisible();
    await expect(dialog.getByText('Reset email sent!')).toHaveCount(0);
  });
});

test.describe('admin', () => {
  test('shows the login form, refuses a wrong password inline, and opens the panel for the admin', async ({ page }) => {
    await page.goto('/admin');
    await expect(page).toHaveTitle(/Admin · Kholo/);
    const main = page.getByRole('main');
    await main.getByLabel('Email').fill(E2E_ADMIN.email);
    await main.getByLabel('Password', { exact: true }).fill('not the admin password');
    await main.getByRole('button', { name: 'Log in' }).click();
    await expect(main.getByText('Invalid email or password.')).toBeVisible();

    await main.getByLabel('Password', { exact: true }).fill(E2E_ADMIN.password);
    await main.getByRole('button', { name: 'Log in' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Admin panel' })).toBeVisible();
    for (const tab of ['Dashboard', 'Payments', 'Content', 'Creators', 'Logs', 'Withdrawals']) {
      await expect(page.getByRole('tab', { name: tab })).toBeVisible();
    }
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Admin panel' })).toBeVisible();
  });

  test('a creator account is not let into the panel', async ({ page }) => {
    const email = newEmail('notadmin');
    await signUpCreator(page, 'Not Admin', email);
    await header(page).getByRole('button', { name: 'Logout' }).click();
    await expect(header(page).getByRole('button', { name: 'Login' })).toBeVisible();

    await page.goto('/admin');
    const main = page.getByRole('main');
    await main.getByLabel('Email').fill(email);
    await main.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await main.getByRole('button', { name: 'Log in' }).click();
    await expect(main.getByText('This account is not the Kholo admin account.')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Admin panel' })).toHaveCount(0);
  });
});
