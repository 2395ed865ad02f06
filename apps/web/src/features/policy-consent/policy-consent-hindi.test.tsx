import { formatDate, POLICY_CHANGES, TERMS_VERSION, type Me } from '@kholo/contracts';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FAN_ME } from '../../test-fixtures/accounts.ts';
import { jsonResponse, renderRoute, stubApi } from '../../test-utils.tsx';

const ASKED: Me = { ...FAN_ME, policies: { needsAcceptance: true, termsVersion: null, privacyVersion: null } };

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the updated Terms question in Hindi', () => {
  it('asks in Hindi, with every change in Hindi and the versions’ dates in hi-IN', async () => {
    stubApi({ 'GET /api/me': () => jsonResponse(200, ASKED) });
    renderRoute('/ContactUs', { me: ASKED, locale: 'hi' });
    const dialog = await screen.findByRole(
      'dialog',
      { name: 'हमने अपने नियम और शर्तें तथा प्राइवेसी पॉलिसी बदली हैं' },
      { timeout: 5000 },
    );
    const changes = within(dialog).getAllByRole('listitem');
    expect(changes).toHaveLength(POLICY_CHANGES.length);
    for (const [index, change] of POLICY_CHANGES.entries()) {
      expect(changes[index]).not.toHaveTextContent(change);
      expect(changes[index]?.textContent).toMatch(/[\u0900-\u097F]/);
    }
    const termsDate = formatDate(new Date(`${TERMS_VERSION}T12:00:00+05:30`), 'hi');
    expect(termsDate).not.toBe(formatDate(new Date(`${TERMS_VERSION}T12:00:00+05:30`)));
    expect(within(dialog).getByRole('link', { name: /नियम और शर्तें.*को बदला गया/ })).toHaveTextContent(termsDate);
    expect(within(dialog).getByRole('button', { name: 'मानें और आगे बढ़ें' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'लॉग आउट' })).toBeInTheDocument();
  });

  it('on a policy page, the bar asks in Hindi', async () => {
    stubApi({ 'GET /api/me': () => jsonResponse(200, ASKED) });
    renderRoute('/TermsAndConditions', { me: ASKED, locale: 'hi' });
    const bar = await screen.findByRole(
      'region',
      { name: 'हमने अपने नियम और शर्तें तथा प्राइवेसी पॉलिसी बदली हैं' },
      { timeout: 5000 },
    );
    expect(within(bar).getByText(/इन्हें यहाँ पढ़ें/)).toBeInTheDocument();
    expect(within(bar).getByRole('link', { name: 'प्राइवेसी पॉलिसी' })).toHaveAttribute('href', '/PrivacyPolicy');
  });
});
