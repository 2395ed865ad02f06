import fs from 'node:fs/promises';
import path from 'node:path';
import { type APIRequestContext, expect, type Locator, type Page } from '@playwright/test';
import { creatorShare } from './payment-helpers.js';
import { seedCreator } from './studio-helpers.js';
import { adminApi, buyThroughSimulator, requestWithdrawal, withdrawalIn } from './wallet-helpers.js';

/** Who a creator is paid as: her UPI ID, her legal name and PAN, and the holder the bank names. */
export interface Payee {
  upiId: string;
  legalName: string;
  /** The simulated bank's name for the UPI ID's holder. */
  holder: string;
  pan: string;
}

let payeeCounter = 0;

/**
 * A UPI ID no other test uses, held at the simulated bank by `legalName`: the bank names the holder
 * of `asha.rao.<digits>@okaxis` ASHA RAO (it drops the digits), so the name matches hers, and the
 * digits keep a row in the admin's shared list apart from every other test's.
 */
export function uniquePayee(legalName: string, handle = 'okaxis'): Payee {
  payeeCounter += 1;
  const words = legalName.toLowerCase().split(/\s+/);
  // Short, as a real one is: the clock's last seven digits (about three hours), the worker's, a counter.
  const digits = `${Date.now() % 10_000_000}${process.pid % 100}${payeeCounter}`;
  return {
    upiId: `${words.join('.')}.${digits}@${handle}`,
    legalName,
    holder: legalName.toUpperCase(),
    pan: randomPan(words.at(-1) ?? 'k'),
  };
}

/** A well-formed PAN for a person (fourth letter P, fifth the surname's initial). */
function randomPan(surname: string): string {
  const letter = () => String.fromCharCode(65 + Math.floor(Math.random() * 26));
  const digits = String(Math.floor(Math.random() * 10_000)).padStart(4, '0');
  return `${letter()}${letter()}${letter()}P${surname.charAt(0).toUpperCase()}${digits}${letter()}`;
}

/** The masked PAN the Wallet shows: ABCPR****K. */
export function maskedPan(pan: string): string {
  return `${pan.slice(0, 5)}****${pan.slice(9)}`;
}

/** Saves her payout account through the API the Wallet's form calls. */
export async function savePayoutAccount(api: APIRequestContext, payee: Payee): Promise<void> {
  const response = await api.put('/api/studio/payout-account', {
    data: { upiId: payee.upiId, legalName: payee.legalName, pan: payee.pan },
  });
  expect(response.status(), await response.text()).toBe(200);
}

/** The Wallet's payout account form before she has one ("Where should we pay you?"). */
export function newPayoutAccountForm(page: Page) {
  return page.getByRole('region', { name: 'Where should we pay you?' });
}

/** The Wallet's saved payout account ("Paying to NAME — upi"). */
export function payoutAccountCard(page: Page) {
  return page.getByRole('region', { name: 'Payout account', exact: true });
}

/** Types her UPI ID, legal name and PAN into the payout account form. */
export async function fillPayoutAccountForm(form: Locator, payee: Payee): Promise<void> {
  await form.getByLabel('UPI ID').fill(payee.upiId);
  await form.getByLabel('Legal name (as on your PAN card)').fill(payee.legalName);
  await form.getByLabel('PAN', { exact: true }).fill(payee.pan);
}

/** Waits until the creator's wallet reports the withdrawal in `status`. */
export async function expectWithdrawalStatus(
  api: APIRequestContext,
  id: string,
  status: string,
  timeout = 30_000,
): Promise<void> {
  await expect
    .poll(async () => (await withdrawalIn(api, id)).status, { message: `withdrawal ${id} is ${status}`, timeout })
    .toBe(status);
}

/**
 * The admin approves a payout held for review (as the Approve button does) and it is sent and
 * paid; answers its UTR.
 */
export async function approveUntilPaid(baseURL: string, creatorApi: APIRequestContext, id: string): Promise<string> {
  return withPayoutLock(async () => {
    const admin = await adminApi(baseURL);
    try {
      const approved = await admin.post('/api/admin/withdrawals/approve', { data: { id } });
      expect(approved.status(), await approved.text()).toBe(200);
    } finally {
      await admin.dispose();
    }
    await expectWithdrawalStatus(creatorApi, id, 'PAID');
    return (await withdrawalIn(creatorApi, id)).paymentReference ?? '';
  });
}

/**
 * A creator whose first payout (to her saved account, held for review as every first one is) the
 * admin approved and the bank paid, and who has since sold a second item: her next withdrawal to
 * that account goes out on its own.
 */
export async function creatorPaidOnce(baseURL: string, name: string, titles: [string, string], pricePaise: number) {
  const creator = await seedCreator(
    baseURL,
    name,
    titles.map((title) => ({ title, pricePaise })),
  );
  const payee = uniquePayee(name);
  await savePayoutAccount(creator.api, payee);
  // Newest first: the first title is the last id.
  await buyThroughSimulator(baseURL, creator.ids[1]!);
  const firstId = await requestWithdrawal(creator.api, creator.email, creatorShare(pricePaise), payee.upiId);
  expect((await withdrawalIn(creator.api, firstId)).reviewReasons).toEqual(['first_payout']);
  await approveUntilPaid(baseURL, creator.api, firstId);
  await buyThroughSimulator(baseURL, creator.ids[0]!);
  return { creator, payee, firstId };
}

// Journeys in both workers share one server, and the payouts simulator's switches act on every
// transfer it is asked for while they are on: `failWith` meant for one creator's payout would fail
// any other journey's payout sent in the same seconds. So a journey sends a payout, or flips a
// switch, holding one lock that the workers share through a folder in the run's data folder
// (making a folder either succeeds or finds it there, atomically).
const LOCK_STALE_MS = 60_000;

function lockDir(): string {
  const dataDir = process.env['E2E_DATA_DIR'];
  if (dataDir === undefined) throw new Error('E2E_DATA_DIR is set by playwright.config.ts');
  return path.join(dataDir, 'payouts-simulator.lock');
}

async function tryLock(): Promise<boolean> {
  try {
    await fs.mkdir(lockDir());
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    // A holder that never let go (its test timed out and its worker was replaced): no hold
    // lasts more than a few seconds.
    const held = await fs.stat(lockDir()).catch(() => null);
    if (held !== null && Date.now() - held.mtimeMs > LOCK_STALE_MS) {
      await fs.rm(lockDir(), { recursive: true, force: true });
    }
    return false;
  }
}

/**
 * Runs `work` (which sends a payout and waits until the bank has answered it) while no other
 * journey sends one or has the simulator's switches changed.
 */
export async function withPayoutLock<T>(work: () => Promise<T>): Promise<T> {
  await expect
    .poll(tryLock, { message: 'the payouts simulator to be free', timeout: 90_000, intervals: [50, 100, 250] })
    .toBe(true);
  try {
    return await work();
  } finally {
    await fs.rm(lockDir(), { recursive: true, force: true });
  }
}

/**
 * Runs `work` with the payouts simulator's switches set (`{ failWith: 'BENEFICIARY_BANK_OFFLINE' }`),
 * then puts them back, whatever happened. The switches live in the process that served the
 * request: only for the one-process server (not the production shape, shapes.ts).
 */
export async function withPayoutsSwitched<T>(
  baseURL: string,
  controls: Record<string, unknown>,
  work: () => Promise<T>,
): Promise<T> {
  return withPayoutLock(async () => {
    const admin = await adminApi(baseURL);
    try {
      const set = await admin.post('/__simulator/payouts/controls', { data: controls });
      expect(set.status(), await set.text()).toBe(200);
      return await work();
    } finally {
      await resetPayoutsSimulator(admin);
      await admin.dispose();
    }
  });
}

/** Puts the payouts simulator's switches back as the server started them. */
export async function resetPayoutsSimulator(admin: APIRequestContext): Promise<void> {
  const reset = await admin.post('/__simulator/payouts/controls/reset');
  if (!reset.ok()) throw new Error(`resetting the payouts simulator failed: ${reset.status()} ${await reset.text()}`);
}
