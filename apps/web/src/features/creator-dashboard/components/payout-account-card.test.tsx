import { PAYOUT_ACCOUNT_MESSAGES, type PayoutAccount } from '@kholo/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toast } from '../../../components/ui/toast.tsx';
import { jsonResponse, requestBody, type ApiHandler } from '../../../test-utils.tsx';
import { PAYOUT_ACCOUNT, WALLET } from '../test-fixtures.ts';
import { inlineError, notifications, renderWallet } from '../wallet-test-helpers.ts';

const MEERA: PayoutAccount = {
  upiId: 'meera.rathore@okaxis',
  verifiedName: 'MEERA RATHORE',
  legalName: 'Meera Rathore',
  panMasked: 'ABCDE****F',
  status: 'verified',
  nameMatches: true,
  verifiedAt: 1_764_300_000_000,
  updatedAt: 1_764_300_000_000,
};

const NOT_FOUND = PAYOUT_ACCOUNT_MESSAGES.upiNotFound;

function validationFailed(fields: Record<string, string>) {
  const message = Object.values(fields)[0] ?? 'Please check the form.';
  return jsonResponse(400, { error: { code: 'VALIDATION_FAILED', message, fields } });
}

/** The Wallet with no payout account yet, and the card that asks for one. */
async function renderNewAccount(handlers: Record<string, ApiHandler> = {}) {
  const result = await renderWallet(handlers, WALLET, null);
  const card = await within(result.panel).findByRole('region', { name: 'Where should we pay you?' });
  const fields = {
    upi: within(card).getByRole('textbox', { name: 'UPI ID' }),
    name: within(card).getByRole('textbox', { name: 'Legal name (as on your PAN card)' }),
    pan: within(card).getByRole('textbox', { name: 'PAN' }),
  };
  return { ...result, card, fields };
}

async function fillIn(
  fields: Awaited<ReturnType<typeof renderNewAccount>>['fields'],
  upi: string,
  name: string,
  pan: string,
) {
  // No pause between keystrokes: three fields of typing stay well inside the test's time.
  const user = userEvent.setup({ delay: null });
  await user.clear(fields.upi);
  await user.type(fields.upi, upi);
  await user.clear(fields.name);
  await user.type(fields.name, name);
  await user.clear(fields.pan);
  await user.type(fields.pan, pan);
  return user;
}

const bodyOf = (fetchMock: Awaited<ReturnType<typeof renderWallet>>['fetchMock'], method: string, url: string) =>
  requestBody(
    fetchMock,
    fetchMock.mock.calls.findIndex(([path, init]) => path === url && init?.method === method),
  );

describe('payout account', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    act(() => {
      toast.dismiss();
    });
  });

  it('asks where to pay her: checks the UPI ID, shows the holder to confirm, saves, then shows the PAN only masked', async () => {
    const { card, fields, fetchMock, calls } = await renderNewAccount({
      'POST /api/studio/payout-account/verify': () =>
        jsonResponse(200, { upiId: 'meera.rathore@okaxis', verifiedName: 'MEERA RATHORE', nameMatches: true }),
      'PUT /api/studio/payout-account': () => jsonResponse(200, MEERA),
    });
    expect(card).toHaveTextContent(
      'We check it with your bank and show you the account holder’s name before you save.',
    );
    const user = await fillIn(fields, ' Meera.Rathore@OKAXIS ', 'Meera  Rathore', 'abcde 1234 f');
    await user.click(within(card).getByRole('button', { name: 'Check UPI ID' }));

    expect(await within(card).findByText('MEERA RATHORE')).toBeInTheDocument();
    expect(card).toHaveTextContent('Paying to MEERA RATHORE — meera.rathore@okaxis');
    expect(within(card).queryByRole('checkbox')).not.toBeInTheDocument();
    expect(bodyOf(fetchMock, 'POST', '/api/studio/payout-account/verify')).toEqual({
      upiId: 'meera.rathore@okaxis',
      legalName: 'Meera Rathore',
    });
    expect(calls('PUT', '/api/studio/payout-account')).toBe(0);

    await user.click(within(card).getByRole('button', { name: 'Save payout account' }));
    expect(await within(notifications()).findByText('Payout account saved')).toBeInTheDocument();
    expect(bodyOf(fetchMock, 'PUT', '/api/studio/payout-account')).toEqual({
      upiId: 'meera.rathore@okaxis',
      legalName: 'Meera Rathore',
      pan: 'ABCDE1234F',
      confirmedName: 'MEERA RATHORE',
    });
    const saved = await screen.findByRole('region', { name: 'Payout account' });
    expect(saved).toHaveTextContent('Paying to MEERA RATHORE — meera.rathore@okaxis');
    expect(saved).toHaveTextContent('Legal name Meera Rathore · PAN ABCDE****F');
    expect(saved).not.toHaveTextContent('1234');
    expect(within(saved).queryByRole('textbox')).not.toBeInTheDocument();
    expect(saved).not.toHaveTextContent('Checked by us before your next payout');
    await waitFor(() => {
      expect(within(saved).getByRole('button', { name: 'Change payout account' })).toHaveFocus();
    });
  });

  it('needs “Yes, this is my account” when the bank names someone else, and says the next payout is checked', async () => {
    const { card, fields, fetchMock, calls } = await renderNewAccount({
      'POST /api/studio/payout-account/verify': () =>
        jsonResponse(200, { upiId: 'asha.rao@okaxis', verifiedName: 'ASHA RAO', nameMatches: false }),
      'PUT /api/studio/payout-account': () =>
        jsonResponse(200, {
          ...MEERA,
          upiId: 'asha.rao@okaxis',
          verifiedName: 'ASHA RAO',
          status: 'review',
          nameMatches: false,
        }),
    });
    const user = await fillIn(fields, 'asha.rao@okaxis', 'Meera Rathore', 'ABCDE1234F');
    await user.click(within(card).getByRole('button', { name: 'Check UPI ID' }));
    expect(await within(card).findByText('ASHA RAO')).toBeInTheDocument();
    expect(card).toHaveTextContent('Your bank names ASHA RAO as this account’s holder, not Meera Rathore.');
    const mine = within(card).getByRole('checkbox', { name: 'Yes, this is my account' });
    expect(mine).not.toBeChecked();
    expect(mine).toHaveAccessibleDescription('Your next payout is then checked by us first, within 24 hours.');

    await user.click(within(card).getByRole('button', { name: 'Save payout account' }));
    await waitFor(() => {
      expect(mine).toHaveAccessibleDescription(PAYOUT_ACCOUNT_MESSAGES.confirmMismatch);
    });
    expect(mine).toHaveFocus();
    expect(calls('PUT', '/api/studio/payout-account')).toBe(0);

    await user.click(mine);
    expect(mine).not.toHaveAccessibleDescription(PAYOUT_ACCOUNT_MESSAGES.confirmMismatch);
    await user.click(within(card).getByRole('button', { name: 'Save payout account' }));
    const saved = await screen.findByRole('region', { name: 'Payout account' });
    expect(bodyOf(fetchMock, 'PUT', '/api/studio/payout-account')).toEqual({
      upiId: 'asha.rao@okaxis',
      legalName: 'Meera Rathore',
      pan: 'ABCDE1234F',
      confirmedName: 'ASHA RAO',
      accountIsMine: true,
    });
    expect(saved).toHaveTextContent('Checked by us before your next payout');
    expect(saved).toHaveTextContent('you confirmed the account is yours');
  });

  it('checks the form before asking the bank', async () => {
    const { card, fields, calls } = await renderNewAccount();
    const user = await fillIn(fields, 'meera@', 'Meera', 'ABCD1234F');
    await user.clear(fields.name);
    await user.click(within(card).getByRole('button', { name: 'Check UPI ID' }));
    // The form's check runs after the click's event: on a busy machine, a moment after it.
    await waitFor(() => {
      expect(fields.upi).toHaveAccessibleDescription(expect.stringContaining('Please enter a valid UPI ID.'));
    });
    expect(fields.name).toHaveAccessibleDescription(expect.stringContaining(PAYOUT_ACCOUNT_MESSAGES.legalNameMissing));
    expect(fields.pan).toHaveAccessibleDescription(expect.stringContaining(PAYOUT_ACCOUNT_MESSAGES.panInvalid));
    expect(fields.upi).toHaveFocus();
    expect(calls('POST', '/api/studio/payout-account/verify')).toBe(0);
  });

  it('puts the bank’s answer about the UPI ID on its field, and changing it undoes a check', async () => {
    const { card, fields } = await renderNewAccount({
      'POST /api/studio/payout-account/verify': (init) =>
        typeof init?.body === 'string' && init.body.includes('okaxsi')
          ? validationFailed({ upiId: NOT_FOUND })
          : jsonResponse(200, { upiId: 'meera.rathore@okaxis', verifiedName: 'MEERA RATHORE', nameMatches: true }),
    });
    const user = await fillIn(fields, 'meera.rathore@okaxsi', 'Meera Rathore', 'ABCDE1234F');
    await user.click(within(card).getByRole('button', { name: 'Check UPI ID' }));
    await waitFor(() => {
      expect(fields.upi).toHaveAccessibleDescription(expect.stringContaining(NOT_FOUND));
    });
    expect(fields.upi).toHaveAttribute('aria-invalid', 'true');
    expect(within(card).queryByRole('alert')).not.toBeInTheDocument();

    await user.clear(fields.upi);
    await user.type(fields.upi, 'meera.rathore@okaxis');
    await user.click(within(card).getByRole('button', { name: 'Check UPI ID' }));
    expect(await within(card).findByRole('button', { name: 'Save payout account' })).toBeInTheDocument();
    await user.type(fields.name, ' Singh');
    expect(within(card).getByRole('button', { name: 'Check UPI ID' })).toBeInTheDocument();
    expect(within(card).queryByText('MEERA RATHORE')).not.toBeInTheDocument();
  });

  it('puts the server’s save errors on their fields, and checks again when the bank’s name changed (409)', async () => {
    let put = 0;
    const { card, fields, calls } = await renderNewAccount({
      'POST /api/studio/payout-account/verify': () =>
        jsonResponse(200, { upiId: 'meera.rathore@okaxis', verifiedName: 'MEERA RATHORE', nameMatches: true }),
      'PUT /api/studio/payout-account': () => {
        put += 1;
        if (put === 1) return validationFailed({ pan: PAYOUT_ACCOUNT_MESSAGES.panInvalid });
        return jsonResponse(409, {
          error: {
            code: 'CONFLICT',
            message: PAYOUT_ACCOUNT_MESSAGES.nameChanged,
            fields: { upiId: PAYOUT_ACCOUNT_MESSAGES.nameChanged },
          },
        });
      },
    });
    const user = await fillIn(fields, 'meera.rathore@okaxis', 'Meera Rathore', 'ABCDE1234F');
    await user.click(within(card).getByRole('button', { name: 'Check UPI ID' }));
    await user.click(await within(card).findByRole('button', { name: 'Save payout account' }));
    await waitFor(() => {
      expect(fields.pan).toHaveAccessibleDescription(expect.stringContaining(PAYOUT_ACCOUNT_MESSAGES.panInvalid));
    });
    expect(fields.pan).toHaveFocus();

    await user.click(within(card).getByRole('button', { name: 'Save payout account' }));
    await waitFor(() => {
      expect(fields.upi).toHaveAccessibleDescription(expect.stringContaining(PAYOUT_ACCOUNT_MESSAGES.nameChanged));
    });
    // The name she confirmed is no longer the bank's: she checks again and sees the new one.
    expect(within(card).getByRole('button', { name: 'Check UPI ID' })).toBeInTheDocument();
    expect(within(card).queryByText('MEERA RATHORE')).not.toBeInTheDocument();
    expect(calls('PUT', '/api/studio/payout-account')).toBe(2);
  });

  it('says when the bank cannot be asked, and nothing is saved', async () => {
    const { card, fields, calls } = await renderNewAccount({
      'POST /api/studio/payout-account/verify': () =>
        jsonResponse(503, {
          error: { code: 'SERVICE_UNAVAILABLE', message: PAYOUT_ACCOUNT_MESSAGES.checkUnavailable },
        }),
    });
    const user = await fillIn(fields, 'meera.rathore@okaxis', 'Meera Rathore', 'ABCDE1234F');
    await user.click(within(card).getByRole('button', { name: 'Check UPI ID' }));
    expect(await inlineError(card, PAYOUT_ACCOUNT_MESSAGES.checkUnavailable)).toBeInTheDocument();
    // Payouts are automatic here (the default): without the bank's answer there is no saving.
    expect(within(card).getByRole('button', { name: 'Check UPI ID' })).toBeInTheDocument();
    expect(calls('PUT', '/api/studio/payout-account')).toBe(0);
  });

  it('shows a saved account with a way to change it: the PAN is typed again, and the change is emailed', async () => {
    const { panel, fetchMock } = await renderWallet(
      {
        'POST /api/studio/payout-account/verify': () =>
          jsonResponse(200, { upiId: 'priya.s@okhdfcbank', verifiedName: 'PRIYA SHARMA', nameMatches: true }),
        'PUT /api/studio/payout-account': () =>
          jsonResponse(200, { ...PAYOUT_ACCOUNT, upiId: 'priya.s@okhdfcbank', status: 'review' }),
      },
      WALLET,
      PAYOUT_ACCOUNT,
    );
    const user = userEvent.setup();
    const card = await within(panel).findByRole('region', { name: 'Payout account' });
    expect(card).toHaveTextContent('Paying to PRIYA SHARMA — priya.sharma@okaxis');
    expect(card).toHaveTextContent('PAN ABCDE****F');

    await user.click(within(card).getByRole('button', { name: 'Change payout account' }));
    expect(card).toHaveAccessibleName('Change payout account');
    expect(card).toHaveTextContent(
      'We email you when your payout account changes, and your next payout is checked by us first, within 24 hours.',
    );
    const upi = within(card).getByRole('textbox', { name: 'UPI ID' });
    const pan = within(card).getByRole('textbox', { name: 'PAN' });
    expect(upi).toHaveValue('priya.sharma@okaxis');
    expect(within(card).getByRole('textbox', { name: 'Legal name (as on your PAN card)' })).toHaveValue('Priya Sharma');
    expect(pan).toHaveValue('');
    expect(pan).toHaveAccessibleDescription(expect.stringContaining('ABCDE****F'));

    // Cancel goes back to the account as it was.
    await user.click(within(card).getByRole('button', { name: 'Cancel' }));
    expect(card).toHaveAccessibleName('Payout account');
    await user.click(within(card).getByRole('button', { name: 'Change payout account' }));

    await user.clear(within(card).getByRole('textbox', { name: 'UPI ID' }));
    await user.type(within(card).getByRole('textbox', { name: 'UPI ID' }), 'priya.s@okhdfcbank');
    await user.type(within(card).getByRole('textbox', { name: 'PAN' }), 'ABCDE1234F');
    await user.click(within(card).getByRole('button', { name: 'Check UPI ID' }));
    await user.click(await within(card).findByRole('button', { name: 'Save payout account' }));
    expect(await within(notifications()).findByText('Payout account saved')).toBeInTheDocument();
    expect(notifications()).toHaveTextContent('We’ve emailed you about the change.');
    expect(bodyOf(fetchMock, 'PUT', '/api/studio/payout-account')).toMatchObject({
      upiId: 'priya.s@okhdfcbank',
      confirmedName: 'PRIYA SHARMA',
    });
    expect(await within(card).findByText('Checked by us before your next payout')).toBeInTheDocument();
    expect(card).toHaveTextContent('priya.s@okhdfcbank');
  });

  it('says when the payout account could not be loaded, with a way to try again', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      let fail = true;
      const { panel } = await renderWallet({
        'GET /api/studio/payout-account': () =>
          fail
            ? jsonResponse(500, {
                error: { code: 'INTERNAL', message: 'Something went wrong on our side. Please try again.' },
              })
            : jsonResponse(200, PAYOUT_ACCOUNT),
      });
      await act(async () => {
        await vi.advanceTimersByTimeAsync(3500);
      });
      const alert = await within(panel).findByText('We couldn’t load your payout account.');
      fail = false;
      await userEvent
        .setup({ advanceTimers: vi.advanceTimersByTime })
        .click(within(alert.closest('[role="alert"]') as HTMLElement).getByRole('button', { name: 'Try again' }));
      expect(await within(panel).findByRole('region', { name: 'Payout account' })).toBeInTheDocument();
    } finally {
      vi.useRealTimers();
    }
  });
});
