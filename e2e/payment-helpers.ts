import { expect, type Locator, type Page } from '@playwright/test';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { emailsSentTo } from './outbox.js';
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

/** The fan login dialog (from the unlock dialog's 'Log in', or /purchases' 'Log in'): log in there. */
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

/**
 * A visitor's unlock dialog asks for her email; 'Already have an account? Log in' (SPEC §4) opens
 * the fan login instead, and after it the unlock dialog again, for the same item, as her: no
 * email step.
 */
export async function logInFromUnlockDialog(page: Page, fan: Fan): Promise<void> {
  const dialog = unlockDialog(page);
  await expect(dialog.getByLabel('Email')).toBeVisible();
  await dialog
    .getByText(/^Already have an account\?/)
    .getByRole('button', { name: 'Log in', exact: true })
    .click();
  await expect(dialog).toBeHidden();
  await logInInFanDialog(page, fan);
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Email')).toHaveCount(0);
  await expect(dialog.getByText(/^Already have an account\?/)).toHaveCount(0);
}

/** A visitor's email step in the unlock dialog: her address and, if given, her name. */
export async function giveEmail(page: Page, email: string, name?: string): Promise<void> {
  const dialog = unlockDialog(page);
  await dialog.getByLabel('Email').fill(email);
  if (name !== undefined) await dialog.getByLabel('Your name (optional)').fill(name);
}

export type UpiAnswer = 'Pay' | 'Decline' | 'Cancel';
export type UpiAppLabel = 'Google Pay' | 'PhonePe' | 'Paytm' | 'BHIM' | 'Any UPI app';

/** How to pay the order the unlock dialog's payment step shows. */
export type PayThrough =
  /**
   * Her UPI app, answered with `upiApp`: on a phone she taps `app` in the dialog's list and the
   * simulator's stand-in for it opens in a tab of its own; on a laptop her phone scans the QR.
   */
  | { upiApp: UpiAnswer; app?: UpiAppLabel }
  /** 'Cards and net banking': the simulator's hosted checkout in this tab, back to /payment-success. */
  | { checkout: CheckoutMethod; button: 'Pay' | 'Fail payment' | 'Cancel' };

/**
 * Pays the order of the unlock dialog's payment step (after 'Pay ₹…'), `price` being what every
 * payment page must ask for. Answers the order id. Through a UPI app, the dialog stays open and
 * sees the answer by itself; through the hosted checkout, this tab is on /payment-success.
 */
export async function payDialogOrder(page: Page, price: string, through: PayThrough): Promise<string> {
  const dialog = unlockDialog(page);
  if ('checkout' in through) {
    await openHostedCheckout(page, price);
    await completeTestCheckout(page, through.checkout, through.button);
    return orderIdIn(page);
  }

  // The dialog offers UPI as the device can use it (is-phone.ts): apps on a phone, a QR elsewhere.
  const onPhone = await page.evaluate(() => /Android|iPhone|iPod/i.test(navigator.userAgent));
  const apps = dialog.getByRole('list', { name: 'UPI apps' });
  const qr = dialog.getByRole('img', { name: `UPI QR code for ${price}` });
  let upiApp: Page;
  let done: () => Promise<void>;
  let heading: string;
  if (onPhone) {
    await expect(apps).toBeVisible();
    await expect(qr).toHaveCount(0);
    const app = through.app ?? 'Google Pay';
    [upiApp] = await Promise.all([
      page.context().waitForEvent('page'),
      apps.getByRole('link', { name: app, exact: true }).click(),
    ]);
    done = () => upiApp.close();
    heading = `${app} (test)`;
  } else {
    await expect(qr).toBeVisible();
    await expect(apps).toHaveCount(0);
    await expect(dialog.getByRole('timer')).toHaveText(/^Expires in (10:00|\d:[0-5]\d)$/);
    const link = await scanQr(qr);
    expect(link).toMatch(/\/__simulator\/upi\/intent\?tr=\w+/);
    // Her phone is another device: a browser of its own, without this one's cookies.
    const browser = page.context().browser();
    if (browser === null) throw new Error('the page has no browser to open a phone in');
    const phone = await browser.newContext();
    upiApp = await phone.newPage();
    await upiApp.goto(link);
    done = () => phone.close();
    heading = 'Your UPI app (test)';
  }
  try {
    await expect(upiApp.getByText(/TEST MODE/)).toBeVisible();
    await expect(upiApp.getByRole('heading', { level: 1 })).toHaveText(heading);
    await expect(upiApp.getByRole('button', { name: `Pay ${price}`, exact: true })).toBeVisible();
    await upiApp
      .getByRole('button', { name: through.upiApp === 'Pay' ? `Pay ${price}` : through.upiApp, exact: true })
      .click();
    // The answer is recorded (and its webhook sent) before the app hands back to the shop.
    await expect(upiApp).toHaveURL(/\/payment-success\?/);
    // Kholo's page finishes loading before the tab is closed: closed mid-load, Chromium
    // sometimes never reported it closed (a journey's page.close() hung 80 s).
    await upiApp.waitForLoadState('load');
    return orderIdIn(upiApp);
  } finally {
    await done();
  }
}

/** 'Cards and net banking' in the dialog's payment step: the simulator's hosted checkout, for `price`, in this tab. */
export async function openHostedCheckout(page: Page, price: string): Promise<void> {
  await unlockDialog(page).getByRole('button', { name: 'Cards and net banking' }).click();
  await expect(page).toHaveURL(/\/__simulator\/checkout\?payment_session_id=/);
  await expect(page.getByRole('button', { name: `Pay ${price}`, exact: true })).toBeVisible();
}

/** What a phone's camera reads from a QR image on the page. */
export async function scanQr(qr: Locator): Promise<string> {
  const source = await qr.getAttribute('src');
  const prefix = 'data:image/png;base64,';
  if (source === null || !source.startsWith(prefix)) throw new Error(`not a PNG QR: ${source}`);
  const png = PNG.sync.read(Buffer.from(source.slice(prefix.length), 'base64'));
  // jsqr is CommonJS: its function is the module and, as typed, its `default` too.
  const decoded = jsQR.default(new Uint8ClampedArray(png.data), png.width, png.height);
  if (decoded === null) throw new Error('the QR could not be read');
  return decoded.data;
}

/** The newest sign-in code emailed to `email` (its subject is 'NNNNNN is your Kholo code', or the Hindi). */
export async function codeSentTo(email: string): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(
      async () => {
        // In the account's language (ADR 030): English, or Hindi for an account made in a Hindi browser.
        const subject = /^Subject: (\d{6}) (?:is your Kholo code|आपका Kholo कोड है)/m;
        const emails = await emailsSentTo(email, (eml) => subject.test(eml));
        code = subject.exec(emails.at(-1) ?? '')?.[1];
        return code;
      },
      { message: `a sign-in code to ${email} in the outbox` },
    )
    .toBeDefined();
  return code ?? '';
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
