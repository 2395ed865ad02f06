import { itemShareMessage, profileShareMessage, translate } from '@kholo/contracts';
import { QueryClient } from '@tanstack/react-query';
import { act, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { AppProviders } from '../../app/providers.tsx';
import { ApiError, NETWORK_ERROR_MESSAGE, UNEXPECTED_ERROR_MESSAGE } from '../../lib/api-error.ts';
import { DialogActions, DialogCloseButton, DialogDoneButton } from './dialog.tsx';
import { LoadFailedAlert } from './load-failed-alert.tsx';
import { PolicyAgreement } from './policy-agreement.tsx';
import { toast } from './toast.tsx';

function inHindi(children: React.ReactNode) {
  return render(
    <AppProviders queryClient={new QueryClient()} locale="hi">
      {children}
    </AppProviders>,
  );
}

afterEach(() => {
  act(() => {
    toast.dismiss();
  });
});

describe('the shared interface in Hindi (ADR 030)', () => {
  it('keeps the web’s own error texts and the share messages word for word in the catalogue', () => {
    expect(translate('en', 'ui.networkError')).toBe(NETWORK_ERROR_MESSAGE);
    expect(translate('en', 'ui.unexpectedError')).toBe(UNEXPECTED_ERROR_MESSAGE);
    expect(translate('en', 'ui.share.profileMessage', { name: 'Priya', link: 'L' })).toBe(
      profileShareMessage('Priya', 'L'),
    );
    expect(translate('en', 'ui.share.itemMessage', { title: 'Holi', name: 'Priya', link: 'L' })).toBe(
      itemShareMessage('Holi', 'Priya', 'L'),
    );
  });

  it('says a failed load, the network error and Try again in Hindi', () => {
    inHindi(
      <LoadFailedAlert
        title="शीर्षक"
        error={new ApiError('NETWORK_ERROR', NETWORK_ERROR_MESSAGE, 0)}
        retrying={false}
        onRetry={() => undefined}
      />,
    );
    const alert = screen.getByText('शीर्षक').closest('[role="alert"]') as HTMLElement;
    expect(alert).toHaveTextContent(translate('hi', 'ui.networkError'));
    expect(alert).not.toHaveTextContent('Could not reach');
    expect(within(alert).getByRole('button', { name: 'फिर से कोशिश करें' })).toBeInTheDocument();
  });

  it('gives dialogs’ buttons and the policy line their Hindi words', () => {
    inHindi(
      <>
        <DialogCloseButton onClick={() => undefined} />
        <DialogActions onCancel={() => undefined}>
          <span />
        </DialogActions>
        <DialogDoneButton onClick={() => undefined} />
        <PolicyAgreement />
      </>,
    );
    expect(screen.getByRole('button', { name: 'बंद करें' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'रद्द करें' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'हो गया' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /^नियम और शर्तों ?\(नए टैब में खुलता है\)$/ })).toBeInTheDocument();
    expect(screen.getByText(/आगे बढ़कर आप/)).toBeInTheDocument();
  });

  it('shows a toast given in English in Hindi when the catalogue knows it, and anything else as it came', () => {
    inHindi(null);
    act(() => {
      toast.success(translate('en', 'ui.share.linkCopied'), { description: 'https://kholo.in/u/priya' });
      toast.error('An unknown server text.');
    });
    const region = screen.getByRole('region', { name: 'सूचनाएँ' });
    expect(within(region).getByRole('status')).toHaveTextContent('लिंक कॉपी हो गया');
    expect(within(region).getByRole('status')).toHaveTextContent('https://kholo.in/u/priya');
    expect(within(region).getByRole('alert')).toHaveTextContent('An unknown server text.');
  });
});
