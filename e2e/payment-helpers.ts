import { expect, type Page } from '@playwright/test';
import { apiClient, uniqueEmail } from './studio-helpers.js';

export interface Fan {
  name: string;
  email: string;
  password: string;
}

/** A fan account made through the sign-up API, so a journey can start as a visitor who logs in. */
export async function signUpFan(baseURL: string, name: string): Promise<Fan> {
  const fan = { name, email: uniqueEmail('fan'), password: 'chai at hawa mahal' };
  const api = await apiClient(baseURL);
  const response = await api.post('/api/auth/sign-up/email', { data: { role: 'fan', ...fan } });
  if (!response.ok()) throw new Error(`fan sign-up failed: ${response.status()} ${await response.text()}`);
  await api.dispose();
  return fan;
}

/** The fan login dialog the Unlock button opens for a visitor: log in there. */
export async function logInInFanDialog(page: Page, fan: Fan): Promise<void> {
  const login = page.getByRole('dialog', { name: 'Log in to unlock content' });
  await expect(login).toBeVisible();
  await login.getByLabel('Email').fill(fan.email);
  await login.getByLabel('Password', { exact: true }).fill(fan.password);
  await login.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(login).toBeHidden();
}

export function unlockDialog(page: Page) {
  return page.getByRole('dialog', { name: 'Unlock Premium Content' });
}

/** A card on a creator's page, by its title. */
export function card(page: Page, title: string) {
  return page.getByRole('article').filter({ has: page.getByRole('heading', { name: title, exact: true }) });
}

/** Expected ₹ text for an amount in paise: Indian grouping, paise only when there are some. */
export function rupees(paise: number): string {
  const whole = Math.floor(paise / 100).toString();
  const grouped =
    whole.length <= 3 ? whole : `${whole.slice(0, -3).replace(/\B(?=(\d{2})+(?!\d))/g, ',')},${whole.slice(-3)}`;
  const rest = paise % 100;
  return `₹${grouped}${rest === 0 ? '' : `.${rest.toString().padStart(2, '0')}`}`;
}

/** The creator's share of a sale: the 5% platform fee (PLATFORM_FEE_BPS 500) is rounded down. */
export function creatorShare(pricePaise: number): number {
  return pricePaise - Math.floor((pricePaise * 500) / 10_000);
}

export type CheckoutMethod = 'UPI' | 'Card' | 'Net banking';

/** On the simulator's hosted checkout: pick a method and press one of its three buttons. */
export async function completeTestCheckout(
  page: Page,
  method: CheckoutMethod,
  button: 'Pay' | 'Fail payment' | 'Cancel',
): Promise<void> {
  await expect(page).toHaveURL(/\/__simulator\/checkout\?payment_session_id=/);
  await expect(page.getByText(/TEST MODE/)).toBeVisible();
  await page.getByRole('radio', { name: new RegExp(`^${method}\\b`) }).check();
  await page.getByRole('button', { name: button === 'Pay' ? /^Pay ₹/ : button, exact: button !== 'Pay' }).click();
  await expect(page).toHaveURL(/\/payment-success\?/);
}

/** The order id /payment-success was sent back with. */
export function orderIdIn(page: Page): string {
  const orderId = new URL(page.url()).searchParams.get('order_id');
  if (orderId === null) throw new Error(`no order_id in ${page.url()}`);
  return orderId;
}

/**
 * Pauses the page's fake clock a moment from now. "Now" moves on while the call travels, so on a
 * busy machine the chosen moment can already be past; then it asks again with the new now.
 */
export async function pauseClockNow(page: Page): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 100);
      return;
    } catch (error) {
      if (attempt >= 10 || !String(error).includes('Cannot fast-forward to the past')) throw error;
    }
  }
}
