import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toast } from '../../components/ui/toast.tsx';
import { renderRoute, stubApi } from '../../test-utils.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  toast.dismiss();
});

describe('the Contact page in Hindi', () => {
  it('says the page, its cards and the form in Hindi, with the lanes’ times', async () => {
    stubApi({});
    renderRoute('/ContactUs', { locale: 'hi' });

    expect(await screen.findByRole('heading', { level: 1, name: 'हमसे संपर्क करें' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'ख़रीदारी में कोई दिक़्क़त?' })).toBeInTheDocument();
    expect(screen.getByText(/पेमेंट के 24 घंटे के अंदर हमें बताएँ/)).toBeInTheDocument();
    expect(screen.getByText(/2 घंटे के अंदर फ़ैसला होता है/)).toBeInTheDocument();
    expect(screen.getByText(/7 दिन के अंदर हल करते हैं/)).toBeInTheDocument();
    expect(screen.getByRole('complementary', { name: 'हम तक पहुँचने के और तरीक़े' })).toBeInTheDocument();
    expect(screen.getByLabelText('मैसेज')).toBeInTheDocument();
    expect(screen.getByText('0 / 5,000 अक्षर')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'मैसेज भेजें' })).toBeInTheDocument();
    expect(screen.queryByText(/Contact us|Send Message|Problem with a purchase/)).toBeNull();
    await waitFor(() => {
      expect(document.title).toBe('हमसे संपर्क करें · Kholo');
    });
  });

  it('keeps what she wrote and says a failed send in Hindi', async () => {
    const user = userEvent.setup();
    stubApi({});
    renderRoute('/ContactUs', { locale: 'hi' });
    await screen.findByRole('heading', { level: 1, name: 'हमसे संपर्क करें' });
    const message = screen.getByLabelText('मैसेज');
    await user.type(screen.getByLabelText('नाम'), 'Priya Sharma');
    await user.type(screen.getByLabelText('ईमेल'), 'priya@example.in');
    await user.type(message, 'मेरा पेआउट अभी तक नहीं आया।');
    await user.click(screen.getByRole('button', { name: 'मैसेज भेजें' }));
    expect(await screen.findByText('आपका मैसेज नहीं भेज पाए। कृपया फिर से कोशिश करें।')).toBeInTheDocument();
    expect(message).toHaveValue('मेरा पेआउट अभी तक नहीं आया।');
  });
});
