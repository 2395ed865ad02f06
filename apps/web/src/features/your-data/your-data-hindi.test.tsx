import { type Me } from '@kholo/contracts';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { toast } from '../../components/ui/toast.tsx';
import { CREATOR_ME, CREATOR_PROFILE, FAN_ME } from '../../test-fixtures/accounts.ts';
import { renderRoute, stubApi } from '../../test-utils.tsx';

/** ₹141.55 in her wallet: below the minimum withdrawal, so she may give it up. */
const SMALL_BALANCE_ME: Me = { ...CREATOR_ME, creator: { ...CREATOR_PROFILE, walletBalancePaise: 141_55 } };

describe('Your data in Hindi', { timeout: 15_000 }, () => {
  beforeAll(async () => {
    await import('./your-data-page.tsx');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    act(() => {
      toast.dismiss();
    });
  });

  it('says the page in Hindi for a fan', async () => {
    stubApi({});
    renderRoute('/account/data', { me: FAN_ME, locale: 'hi' });
    expect(await screen.findByRole('heading', { level: 1, name: 'आपका डेटा' })).toBeVisible();
    expect(screen.getByRole('heading', { name: 'मेरा डेटा डाउनलोड करें' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'मेरा डेटा डाउनलोड करें' })).toBeVisible();
    expect(within(screen.getByRole('main')).getByRole('link', { name: 'प्राइवेसी पॉलिसी' })).toHaveAttribute(
      'href',
      '/PrivacyPolicy',
    );
    expect(screen.queryByText(/Download my data|Delete my account|Signed in as/)).toBeNull();
  });

  it('explains deleting a creator account in Hindi, with her balance in hi-IN', async () => {
    stubApi({});
    const user = userEvent.setup();
    renderRoute('/account/data', { me: SMALL_BALANCE_ME, locale: 'hi' });
    await screen.findByRole('heading', { level: 1, name: 'आपका डेटा' });
    await user.click(screen.getByRole('button', { name: 'मेरा अकाउंट डिलीट करें' }));
    const dialog = await screen.findByRole('dialog', { name: 'अपना अकाउंट डिलीट करें?' });
    expect(within(dialog).getByText(/उनके 14 दिन पूरे होने तक रहेगा/)).toBeVisible();
    expect(within(dialog).getByText(/अपने वॉलेट के ₹141.55 छोड़ने के लिए मैं तैयार हूँ/)).toBeVisible();
    expect(within(dialog).getByLabelText('पक्का करने के लिए अपना ईमेल पता लिखें')).toHaveFocus();
    expect(within(dialog).queryByText(/Delete your account\?|What stays, and why/)).toBeNull();
  });
});
