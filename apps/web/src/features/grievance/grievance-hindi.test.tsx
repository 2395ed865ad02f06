import { formatDateTime, GRIEVANCE_ACKNOWLEDGE_MS, LANE_TEXT, SAFETY_LANES, translate } from '@kholo/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toast } from '../../components/ui/toast.tsx';
import { jsonResponse, renderRoute, stubApi } from '../../test-utils.tsx';

const DUE_AT = Date.UTC(2026, 11, 3, 8, 14);

afterEach(() => {
  vi.unstubAllGlobals();
  toast.dismiss();
});

const digits = (text: string) => text.replace(/\D/g, '');

describe('the Grievance Officer page in Hindi', () => {
  it('says the rules’ own times: the Hindi numbers follow LANE_TEXT and the acknowledgement rule', () => {
    for (const lane of SAFETY_LANES) {
      expect(digits(translate('hi', `reports.lane.${lane}`))).toBe(digits(LANE_TEXT[lane]));
      expect(digits(translate('hi', `grievance.within.${lane}`))).toBe(digits(LANE_TEXT[lane]));
    }
    expect(digits(translate('hi', 'grievance.acknowledgeTime'))).toBe(String(GRIEVANCE_ACKNOWLEDGE_MS / 3_600_000));
  });

  it('says the page, the lanes and the form in Hindi', async () => {
    stubApi({});
    renderRoute('/grievance', { locale: 'hi' });

    expect(await screen.findByRole('heading', { level: 1, name: 'शिकायत अधिकारी' })).toBeInTheDocument();
    expect(screen.getByText(/ज़्यादा से ज़्यादा 24 घंटे के अंदर, और 7 दिन के अंदर उसे हल करते हैं/)).toBeInTheDocument();
    expect(screen.getByText('2 घंटे के अंदर')).toBeInTheDocument();
    expect(screen.getByText('36 घंटे के अंदर')).toBeInTheDocument();
    expect(screen.getByText(/“बच्चों की सुरक्षा”/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'नियम और शर्तों' })).toHaveAttribute(
      'href',
      '/TermsAndConditions#grievances',
    );

    const form = screen.getByRole('region', { name: 'शिकायत अधिकारी को लिखें' });
    expect(within(form).getByRole('group', { name: 'आपकी शिकायत किस बारे में है?' })).toBeInTheDocument();
    expect(within(form).getByLabelText('कोई पेमेंट या रिफ़ंड')).toBeInTheDocument();
    expect(within(form).getByText('0 / 2,000 अक्षर')).toBeInTheDocument();
    expect(screen.queryByText(/Write to the Grievance Officer|How quickly we act|Send complaint/)).toBeNull();
  });

  it('gives the ticket and the due date in Hindi once sent', async () => {
    const user = userEvent.setup();
    stubApi({
      'POST /api/grievances': () =>
        jsonResponse(201, { ticket: 'G-7K2Q-M9XA', lane: 'grievance', dueAt: DUE_AT, held: false, amendToken: null }),
    });
    renderRoute('/grievance', { locale: 'hi' });
    const form = await screen.findByRole('region', { name: 'शिकायत अधिकारी को लिखें' });
    await user.type(within(form).getByLabelText('नाम'), 'Priya Sharma');
    await user.type(within(form).getByLabelText('ईमेल'), 'priya@example.in');
    await user.click(within(form).getByLabelText('कोई पेमेंट या रिफ़ंड'));
    await user.type(within(form).getByLabelText('क्या हुआ?'), 'एक ही फ़ोटो के लिए दो बार पैसे कट गए।');
    await user.click(within(form).getByRole('button', { name: 'शिकायत भेजें' }));

    expect(await within(form).findByRole('heading', { name: 'शिकायत मिल गई' })).toBeInTheDocument();
    expect(within(form).getByText('G-7K2Q-M9XA')).toBeInTheDocument();
    const due = formatDateTime(DUE_AT, 'hi');
    expect(due).not.toBe(formatDateTime(DUE_AT));
    expect(within(form).getByText(due)).toBeInTheDocument();
    expect(within(form).getByRole('button', { name: 'एक और शिकायत लिखें' })).toBeInTheDocument();
  });
});
