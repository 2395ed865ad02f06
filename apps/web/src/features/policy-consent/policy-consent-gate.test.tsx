import { POLICY_CHANGES, POLICY_MESSAGES, PRIVACY_VERSION, TERMS_VERSION, type Me } from '@kholo/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderRoute, requestBody, stubApi } from '../../test-utils.tsx';
import { ADMIN_ME, FAN_ME } from '../../test-fixtures/accounts.ts';
import { POLICY_CONSENT_TITLE } from './components/policy-consent-prompt.tsx';

const ASKED: Me = { ...FAN_ME, policies: { needsAcceptance: true, termsVersion: null, privacyVersion: null } };
const ACCEPTED: Me = FAN_ME;

afterEach(() => {
  vi.unstubAllGlobals();
});

function stub(accept: () => Response = () => jsonResponse(200, ACCEPTED)) {
  return stubApi({
    'GET /api/me': () => jsonResponse(200, ASKED),
    'POST /api/account/accept-policies': accept,
    'POST /api/auth/sign-out': () => jsonResponse(200, { ok: true }),
  });
}

describe('the updated Terms question', () => {
  it('is not asked of a visitor, an account up to date, or the admin', async () => {
    for (const me of [undefined, FAN_ME, ADMIN_ME]) {
      stubApi({
        'GET /api/me': () => jsonResponse(200, me ?? { account: null, creator: null, fan: null, policies: null }),
      });
      const { unmount } = renderRoute('/ContactUs', me === undefined ? {} : { me });
      await screen.findByRole('heading', { level: 1 });
      expect(screen.queryByRole('dialog')).toBeNull();
      unmount();
    }
  });

  it('asks in a modal with what changed and both links; Accept and continue records the versions shown', async () => {
    const user = userEvent.setup();
    const fetchMock = stub();
    renderRoute('/ContactUs', { me: ASKED });
    const dialog = await screen.findByRole('dialog', { name: POLICY_CONSENT_TITLE }, { timeout: 5000 });
    for (const change of POLICY_CHANGES) expect(within(dialog).getByText(change)).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: /Terms and Conditions/ })).toHaveAttribute(
      'href',
      '/TermsAndConditions',
    );
    expect(within(dialog).getByRole('link', { name: /Privacy Policy/ })).toHaveAttribute('href', '/PrivacyPolicy');

    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: POLICY_CONSENT_TITLE })).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Accept and continue' }));
    await waitFor(() => {
      expect(screen.queryByRole('dialog', { name: POLICY_CONSENT_TITLE })).toBeNull();
    });
    const index = fetchMock.mock.calls.findIndex(([url]) => url === '/api/account/accept-policies');
    expect(requestBody(fetchMock, index)).toEqual({ termsVersion: TERMS_VERSION, privacyVersion: PRIVACY_VERSION });
  });

  it('reading the Terms in the same tab keeps the question, as a bar at the foot of the page', async () => {
    const user = userEvent.setup();
    stub();
    renderRoute('/ContactUs', { me: ASKED });
    const dialog = await screen.findByRole('dialog', { name: POLICY_CONSENT_TITLE }, { timeout: 5000 });
    await user.click(within(dialog).getByRole('link', { name: /Terms and Conditions/ }));
    const bar = await screen.findByRole('region', { name: POLICY_CONSENT_TITLE }, { timeout: 5000 });
    expect(screen.queryByRole('dialog', { name: POLICY_CONSENT_TITLE })).toBeNull();
    expect(within(bar).getByRole('button', { name: 'Accept and continue' })).toBeInTheDocument();
    expect(within(bar).getByRole('button', { name: 'Log out' })).toBeInTheDocument();
  });

  it('a 409 says the page is old and offers a reload instead', async () => {
    const user = userEvent.setup();
    stub(() => jsonResponse(409, { error: { code: 'CONFLICT', message: POLICY_MESSAGES.versionsChanged } }));
    renderRoute('/ContactUs', { me: ASKED });
    const dialog = await screen.findByRole('dialog', { name: POLICY_CONSENT_TITLE }, { timeout: 5000 });
    await user.click(within(dialog).getByRole('button', { name: 'Accept and continue' }));
    expect(await within(dialog).findByText(POLICY_MESSAGES.versionsChanged)).toHaveAttribute('role', 'alert');
    expect(within(dialog).getByRole('button', { name: 'Reload the page' })).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Accept and continue' })).toBeNull();
  });

  it('Log out logs out', async () => {
    const user = userEvent.setup();
    const fetchMock = stub();
    renderRoute('/ContactUs', { me: ASKED });
    const dialog = await screen.findByRole('dialog', { name: POLICY_CONSENT_TITLE }, { timeout: 5000 });
    await user.click(within(dialog).getByRole('button', { name: 'Log out' }));
    await waitFor(() => {
      expect(fetchMock.mock.calls.some(([url]) => url === '/api/auth/sign-out')).toBe(true);
    });
  });
});
