import { expect, test } from './fixtures.js';

test.describe('Contact Us', () => {
  test.beforeEach(async ({ page }) => {
    await page.goto('/ContactUs');
  });

  test('sends a message, says so, and clears the form', async ({ page }) => {
    await expect(page).toHaveTitle('Contact us · Kholo');
    await expect(page.getByRole('link', { name: /support@kholo\.in/ }).first()).toHaveAttribute(
      'href',
      'mailto:support@kholo.in',
    );
    await page.getByLabel('Name').fill('Kavya Rathore');
    await page.getByLabel('Email').fill('kavya@example.in');
    await page.getByLabel('Message').fill('My fan says the UPI payment went through but the video is still locked.');

    const sent = page.waitForResponse((r) => r.url().endsWith('/api/contact') && r.request().method() === 'POST');
    await page.getByRole('button', { name: 'Send Message' }).click();
    expect((await sent).status()).toBe(201);

    await expect(page.getByRole('status').filter({ hasText: /sent|received|thank/i })).toBeVisible();
    await expect(page.getByLabel('Name')).toHaveValue('');
    await expect(page.getByLabel('Email')).toHaveValue('');
    await expect(page.getByLabel('Message')).toHaveValue('');
  });

  test('shows each field’s error and sends nothing while the form is invalid', async ({ page }) => {
    let posted = false;
    page.on('request', (request) => {
      if (request.url().endsWith('/api/contact')) posted = true;
    });
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect(page.getByText('Please enter your name.')).toBeVisible();
    await expect(page.getByText('Please enter your email address.')).toBeVisible();
    await expect(page.getByText('Please write a message.')).toBeVisible();
    await expect(page.getByLabel('Name')).toHaveAttribute('aria-invalid', 'true');

    await page.getByLabel('Name').fill('Kavya');
    await page.getByLabel('Email').fill('kavya-at-example');
    await page.getByLabel('Message').fill('help');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect(page.getByText('Please enter a valid email address, like name@example.com.')).toBeVisible();
    await expect(page.getByText('Please tell us a little more (at least 10 characters).')).toBeVisible();
    await expect(page.getByText('Please enter your name.')).toBeHidden();
    expect(posted).toBe(false);
  });

  test('keeps what was typed and shows the server’s message when sending fails', async ({ page }) => {
    await page.route('**/api/contact', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({
          error: { code: 'INTERNAL', message: 'Something went wrong on our side. Please try again in a moment.' },
        }),
      }),
    );
    await page.getByLabel('Name').fill('Kavya Rathore');
    await page.getByLabel('Email').fill('kavya@example.in');
    await page.getByLabel('Message').fill('Please do not lose this long message I typed on my phone.');
    await page.getByRole('button', { name: 'Send Message' }).click();

    await expect(page.getByRole('alert').filter({ hasText: 'Something went wrong on our side' })).toBeVisible();
    await expect(page.getByLabel('Name')).toHaveValue('Kavya Rathore');
    await expect(page.getByLabel('Email')).toHaveValue('kavya@example.in');
    await expect(page.getByLabel('Message')).toHaveValue('Please do not lose this long message I typed on my phone.');
    await expect(page.getByRole('button', { name: 'Send Message' })).toBeEnabled();
  });

  test('shows the server’s field errors under the fields', async ({ page }) => {
    await page.route('**/api/contact', (route) =>
      route.fulfill({
        status: 400,
        contentType: 'application/json',
        body: JSON.stringify({
          error: {
            code: 'VALIDATION_FAILED',
            message: 'Please check the highlighted fields.',
            fields: { email: 'That email address is too long.' },
          },
        }),
      }),
    );
    await page.getByLabel('Name').fill('Kavya Rathore');
    await page.getByLabel('Email').fill('kavya@example.in');
    await page.getByLabel('Message').fill('A message that the server will refuse for the test.');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect(page.getByText('That email address is too long.')).toBeVisible();
    await expect(page.getByLabel('Message')).toHaveValue('A message that the server will refuse for the test.');
  });
});
