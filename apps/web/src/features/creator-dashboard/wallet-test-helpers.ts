import type { PayoutAccount, WalletResponse } from '@kholo/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect } from 'vitest';
import { jsonResponse, renderRoute, stubApi, type ApiHandler } from '../../test-utils.tsx';
import { CREATOR_ME } from '../../test-fixtures/accounts.ts';
import { EMPTY_WALLET, NO_PAYOUT_ACCOUNT, STUDIO_CONTENTS, WALLET } from './test-fixtures.ts';

export const SERVER_ERROR = {
  error: { code: 'INTERNAL', message: 'Something went wrong on our side. Please try again.' },
};

/** A wallet with `balancePaise` and no withdrawals, so nothing prefills the UPI ID. */
export function walletWith(balancePaise: number): WalletResponse {
  return { ...EMPTY_WALLET, balancePaise };
}

/** GET /api/studio/payout-account's answer: the account, or 404 when there is none. */
export function payoutAccountHandler(account: PayoutAccount | null): ApiHandler {
  return () => (account === null ? jsonResponse(200, NO_PAYOUT_ACCOUNT) : jsonResponse(200, account));
}

/**
 * The dashboard at its Wallet tab with the API stubbed: `wallet` for GET /api/wallet, `account`
 * for the payout account (none by default), and `handlers` on top.
 */
export async function renderWallet(
  handlers: Record<string, ApiHandler> = {},
  wallet: WalletResponse = WALLET,
  account: PayoutAccount | null = null,
) {
  const fetchMock = stubApi({
    'GET /api/studio/contents': () => jsonResponse(200, STUDIO_CONTENTS),
    'GET /api/wallet': () => jsonResponse(200, wallet),
    'GET /api/studio/payout-account': payoutAccountHandler(account),
    ...handlers,
  });
  const result = renderRoute('/?tab=wallet', { me: CREATOR_ME });
  const panel = await screen.findByRole('region', { name: 'Wallet' });
  const calls = (method: string, url: string) =>
    fetchMock.mock.calls.filter(([path, init]) => path === url && (init?.method ?? 'GET') === method).length;
  return { ...result, fetchMock, panel, calls };
}

/** The wallet history's rows (not the steps inside them), newest first. */
export async function historyRows(panel: HTMLElement): Promise<HTMLElement[]> {
  const list = await within(panel).findByRole('list', { name: 'Wallet history' });
  return within(list)
    .getAllByRole('listitem')
    .filter((item) => item.parentElement === list);
}

export async function openWithdraw(panel: HTMLElement) {
  const user = userEvent.setup();
  await user.click(await within(panel).findByRole('button', { name: 'Withdraw to UPI' }));
  const dialog = await screen.findByRole('dialog', { name: 'Withdraw to UPI' });
  return { user, dialog };
}

/**
 * A modal's inline error. The dialog also holds its own (empty) toast regions, one of them an
 * alert, so the message is found by its text and then checked to be announced.
 */
export async function inlineError(container: HTMLElement, message: string): Promise<HTMLElement> {
  const element = await within(container).findByText(message);
  expect(element).toHaveAttribute('role', 'alert');
  return element;
}

export function notifications(): HTMLElement {
  // The page's own toaster (the dialog's, if one is open, is inside the dialog).
  const regions = screen.getAllByRole('region', { name: 'Notifications', hidden: true });
  const last = regions.at(-1);
  if (!last) throw new Error('no toaster on the page');
  return last;
}
