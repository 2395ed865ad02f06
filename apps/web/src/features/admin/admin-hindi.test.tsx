import { translate } from '@kholo/contracts';
import { HINDI_CATALOGUE } from '@kholo/contracts/hindi';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toast } from '../../components/ui/toast.tsx';
import { jsonResponse, renderRoute, stubApi } from '../../test-utils.tsx';
import { ADMIN_ME, CREATOR_ME } from '../../test-fixtures/accounts.ts';
import {
  ACTIVE_CREATOR,
  HIDDEN_CONTENT,
  JOBS,
  LOGS,
  MANUAL_OVERVIEW,
  MESSAGES,
  OPEN_REPORT,
  OVERVIEW,
  PAID_PAYMENT,
  REQUESTED_WITHDRAWAL,
  REFUNDED_PAYMENT,
  REVIEW_WITHDRAWAL,
  SUSPENDED_CREATOR,
  VISIBLE_CONTENT,
  disputeFixture,
  safetyQueueFixture,
  safetyTicketFixture,
  stubScreenWidth,
} from './test-fixtures.ts';
import { ANSWER_REQUIRED_MESSAGE, NOTE_REQUIRED_MESSAGE } from './components/reports-tab-decide-dialog.tsx';

const HOUR = 3_600_000;

type User = ReturnType<typeof userEvent.setup>;

async function openTab(user: User, name: string): Promise<HTMLElement> {
  const tablist = await screen.findByRole('tablist', { name: 'एडमिन के सेक्शन' });
  await user.click(within(tablist).getByRole('tab', { name }));
  return screen.getByRole('tabpanel', { name });
}

describe('/admin in Hindi', () => {
  beforeEach(() => {
    stubScreenWidth(true);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    act(() => {
      toast.dismiss();
    });
  });

  it('the login form: heading, labels, button and title in Hindi', async () => {
    renderRoute('/admin', { me: CREATOR_ME, locale: 'hi' });
    expect(await screen.findByRole('heading', { level: 1, name: 'एडमिन लॉग इन' })).toBeInTheDocument();
    expect(screen.getByLabelText('ईमेल')).toHaveAttribute('type', 'email');
    expect(screen.getByLabelText('पासवर्ड')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'लॉग इन करें' })).toBeInTheDocument();
    await waitFor(() => {
      expect(document.title).toBe('एडमिन · Kholo');
    });
    expect(screen.queryByText('Admin login')).not.toBeInTheDocument();
  });

  it('the panel’s tabs, and Creators, Content, Logs and Messages with Hindi headings, statuses and dialogs', async () => {
    const user = userEvent.setup();
    stubApi({
      'GET /api/admin/overview': () => jsonResponse(200, OVERVIEW),
      'GET /api/admin/creators': () => jsonResponse(200, { items: [ACTIVE_CREATOR, SUSPENDED_CREATOR] }),
      'GET /api/admin/contents': () => jsonResponse(200, { items: [VISIBLE_CONTENT, HIDDEN_CONTENT] }),
      'GET /api/admin/contents/refund-preview?id=content_1': () => jsonResponse(200, { fans: 2, amountPaise: 9_800 }),
      'GET /api/admin/logs': () => jsonResponse(200, LOGS),
      'GET /api/admin/messages': () => jsonResponse(200, MESSAGES),
    });
    renderRoute('/admin', { me: ADMIN_ME, locale: 'hi' });
    expect(await screen.findByRole('heading', { level: 1, name: 'एडमिन पैनल' })).toBeInTheDocument();
    expect(screen.getByText('admin@kholo.in से लॉग इन')).toBeInTheDocument();

    const creators = await openTab(user, 'क्रिएटर');
    expect(within(creators).getByRole('heading', { name: 'क्रिएटर' })).toBeInTheDocument();
    expect(await within(creators).findByRole('columnheader', { name: 'बैलेंस' })).toBeInTheDocument();
    expect(within(creators).getAllByText('₹1,424.53')).toHaveLength(2);
    expect(within(creators).getByText('चालू')).toBeInTheDocument();
    expect(within(creators).getByText('सस्पेंड: Selling other people’s photos')).toBeInTheDocument();
    await user.click(within(creators).getByRole('button', { name: 'Asha Verma (@asha) को सस्पेंड करें' }));
    const suspend = await screen.findByRole('dialog', { name: 'Asha Verma को सस्पेंड करें?' });
    expect(within(suspend).getByLabelText('वजह')).toBeInTheDocument();
    await user.click(within(suspend).getByRole('button', { name: 'सस्पेंड करें' }));
    // The reason's rule, from the contracts, in Hindi too.
    expect(await within(suspend).findByLabelText('वजह')).toHaveAccessibleDescription(
      HINDI_CATALOGUE['messages.form.giveReason'],
    );
    expect(within(suspend).queryByText('Please give a reason.')).not.toBeInTheDocument();
    await user.keyboard('{Escape}');

    const content = await openTab(user, 'कंटेंट');
    expect(await within(content).findByRole('columnheader', { name: 'क़ीमत' })).toBeInTheDocument();
    expect(within(content).getByText('दिख रहा है')).toBeInTheDocument();
    await user.click(within(content).getAllByRole('button', { name: /छिपाएँ$/ })[0]!);
    const hide = await screen.findByRole('dialog', { name: /छिपाएँ\?$/ });
    expect(await within(hide).findByText('2 फ़ैन्स को ₹98 रिफ़ंड मिलेगा और वजह बताई जाएगी।')).toBeInTheDocument();
    await user.keyboard('{Escape}');

    const logs = await openTab(user, 'लॉग');
    expect(await within(logs).findByRole('heading', { name: 'पेमेंट इवेंट' })).toBeInTheDocument();
    expect(within(logs).getByRole('heading', { name: 'एडमिन की कार्रवाइयाँ' })).toBeInTheDocument();

    const messages = await openTab(user, 'मैसेज');
    expect(await within(messages).findByRole('columnheader', { name: 'मिला' })).toBeInTheDocument();

    for (const english of ['Admin panel', 'Status', 'Suspend', 'Hide', 'Payment events', 'Received']) {
      expect(screen.queryByText(english)).not.toBeInTheDocument();
    }
  });

  it('Payments and Disputes: statuses, refunds, tickets and evidence in Hindi, prices as hi-IN writes them', async () => {
    const user = userEvent.setup();
    stubApi({
      'GET /api/admin/overview': () => jsonResponse(200, OVERVIEW),
      'GET /api/admin/payments': () => jsonResponse(200, { items: [PAID_PAYMENT, REFUNDED_PAYMENT] }),
      'GET /api/admin/problem-reports': () => jsonResponse(200, { items: [OPEN_REPORT] }),
      'GET /api/admin/disputes': () => jsonResponse(200, { items: [disputeFixture()] }),
    });
    renderRoute('/admin', { me: ADMIN_ME, locale: 'hi' });

    const payments = await openTab(user, 'पेमेंट');
    expect(await within(payments).findByRole('columnheader', { name: 'क्रिएटर का हिस्सा' })).toBeInTheDocument();
    expect(within(payments).getAllByText('पेमेंट हो गया').length).toBeGreaterThan(0);
    expect(within(payments).getByText('रिफ़ंड हो गया')).toBeInTheDocument();
    expect(await within(payments).findByRole('heading', { name: 'खुली शिकायतें (1)' })).toBeInTheDocument();
    // The fan's reason by its code, not through whichever module's Hindi matches its English first.
    expect(within(payments).getByText('KH-12345678 · फ़ोटो या वीडियो खुल नहीं रहा')).toBeInTheDocument();
    await user.click(within(payments).getByRole('button', { name: 'टिकट KH-12345678 के ₹499 रिफ़ंड करें' }));
    const ticketRefund = await screen.findByRole('dialog', { name: '₹499 meera@example.in को रिफ़ंड करें?' });
    // The reason goes word for word to the fan and the creator, whose language need not be hers: English.
    expect(within(ticketRefund).getByRole('textbox')).toHaveValue(
      'Ticket KH-12345678: The photo or video does not open',
    );
    await user.keyboard('{Escape}');
    await user.click(
      within(payments).getByRole('button', { name: 'ऑर्डर order_paid_1 के ₹499 ravi@example.in को रिफ़ंड करें' }),
    );
    const refund = await screen.findByRole('dialog', { name: '₹499 ravi@example.in को रिफ़ंड करें?' });
    expect(within(refund).getByRole('button', { name: '₹499 रिफ़ंड करें' })).toBeInTheDocument();
    await user.keyboard('{Escape}');

    const disputes = await openTab(user, 'विवाद');
    expect(await within(disputes).findByRole('columnheader', { name: 'बैंक की वजह' })).toBeInTheDocument();
    expect(within(disputes).getByText('सबूत देखें')).toBeInTheDocument();
    expect(within(disputes).getByText('खुला')).toBeInTheDocument();
    for (const english of ['Payments', 'Refund', 'Refunded', 'See the evidence', 'Respond by', 'Open']) {
      expect(screen.queryByText(english)).not.toBeInTheDocument();
    }
  });

  it('Withdrawals: Mark as Paid and its failure alert in Hindi, the same sentence as SPEC §8 in English', async () => {
    const user = userEvent.setup();
    stubApi({
      'GET /api/admin/overview': () => jsonResponse(200, MANUAL_OVERVIEW),
      'GET /api/admin/withdrawals': () => jsonResponse(200, { items: [REQUESTED_WITHDRAWAL] }),
      'POST /api/admin/withdrawals/payment-done': () =>
        jsonResponse(409, { error: { code: 'CONFLICT', message: 'Only the Kholo admin can do that.' } }),
    });
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    renderRoute('/admin', { me: ADMIN_ME, locale: 'hi' });
    const withdrawals = await openTab(user, 'निकासी');
    expect(await within(withdrawals).findByRole('columnheader', { name: 'UPI ID / बैंक में नाम' })).toBeInTheDocument();
    expect(within(withdrawals).getByText('माँगी गई')).toBeInTheDocument();
    await user.click(
      within(withdrawals).getByRole('button', { name: 'भुगतान हो गया दर्ज करें: ₹1,424.53, asha@okicici को' }),
    );
    const dialog = screen.getByRole('dialog', { name: HINDI_CATALOGUE['messages.withdrawal.markAsPaid'] });
    expect(within(dialog).getByLabelText('बैंक या UPI रेफ़रेंस')).toBeInTheDocument();
    expect(dialog).toHaveAccessibleDescription(/^पहले ₹1,424\.53 asha@okicici/);
    await user.click(within(dialog).getByRole('button', { name: HINDI_CATALOGUE['messages.withdrawal.markAsPaid'] }));
    await waitFor(() => {
      expect(alert).toHaveBeenCalledWith(expect.stringMatching(/^भुगतान हो गया दर्ज नहीं हो पाया: /));
    });
    for (const english of ['Withdrawals', 'Mark as Paid', 'Reject', 'Status']) {
      expect(screen.queryByText(english)).not.toBeInTheDocument();
    }
  });

  it('Withdrawals held for review: status and reasons by their codes, in the list and the Approve dialog', async () => {
    const user = userEvent.setup();
    stubApi({
      'GET /api/admin/overview': () => jsonResponse(200, OVERVIEW),
      'GET /api/admin/withdrawals': () => jsonResponse(200, { items: [REVIEW_WITHDRAWAL] }),
    });
    renderRoute('/admin', { me: ADMIN_ME, locale: 'hi' });
    const withdrawals = await openTab(user, 'निकासी');
    const row = within((await within(withdrawals).findAllByRole('row'))[1]!);
    expect(row.getByText('जाँच में')).toBeInTheDocument();
    expect(row.getByText('पहला पेआउट')).toBeInTheDocument();
    await user.click(row.getByRole('button', { name: /^मंज़ूर करें: / }));
    const dialog = await screen.findByRole('dialog', { name: /को भेजें\?$/ });
    expect(within(dialog).getByText('पहला पेआउट')).toBeInTheDocument();
    for (const english of ['In review', 'First payout', 'Approve']) {
      expect(screen.queryByText(english)).not.toBeInTheDocument();
    }
  });

  it('Jobs: filters, states, attempts and the discard dialog in Hindi', async () => {
    const user = userEvent.setup();
    stubApi({
      'GET /api/admin/overview': () => jsonResponse(200, OVERVIEW),
      'GET /api/admin/jobs': () => jsonResponse(200, JOBS),
    });
    renderRoute('/admin', { me: ADMIN_ME, locale: 'hi' });
    const jobs = await openTab(user, 'जॉब');
    const filters = within(jobs).getByRole('group', { name: 'जॉब दिखाएँ' });
    expect(within(filters).getByRole('button', { name: /^सभी/ })).toHaveAttribute('aria-pressed', 'true');
    expect(await within(jobs).findByRole('columnheader', { name: 'आख़िरी गड़बड़ी' })).toBeInTheDocument();
    expect(within(jobs).getByText('10 में से 1')).toBeInTheDocument();
    await user.click(
      within(jobs).getByRole('button', { name: 'हटाएँ: Email to asha@example.in: Reset your Kholo password' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'यह जॉब हटाएँ?' });
    expect(dialog).toHaveTextContent('यानी ईमेल नहीं जाएगा');
    for (const english of ['Jobs', 'All', 'Failed', 'Discard', 'Last error']) {
      expect(screen.queryByText(english)).not.toBeInTheDocument();
    }
  });

  it('the Dashboard’s Payouts section in Hindi, amounts as hi-IN writes them', async () => {
    stubApi({ 'GET /api/admin/overview': () => jsonResponse(200, OVERVIEW) });
    renderRoute('/admin', { me: ADMIN_ME, locale: 'hi' });
    const payouts = await screen.findByRole('region', { name: 'पेआउट' });
    expect(within(payouts).getByRole('listitem', { name: 'पेआउट बैलेंस' })).toHaveTextContent(
      'भेजने के लिए उपलब्ध, अकाउंट के कुल ₹5,000 में से',
    );
    expect(within(payouts).getByRole('listitem', { name: 'जाँच में' })).toHaveTextContent(
      '₹1,424.531 निकासी आपकी मंज़ूरी का इंतज़ार कर रही हैं',
    );
    expect(within(payouts).getByRole('button', { name: 'निकासी जाँचें' })).toBeInTheDocument();
    expect(within(payouts).queryByText(/Payout balance|In review|Available to send/)).not.toBeInTheDocument();
  });

  it('the Dashboard’s rules reminder in Hindi, with its confirmation', async () => {
    const user = userEvent.setup();
    stubApi({
      'GET /api/admin/overview': () => jsonResponse(200, OVERVIEW),
      'GET /api/admin/policy-reminders': () =>
        jsonResponse(200, { lastRun: null, lastSentAt: null, nextDueBy: null, now: Date.now() }),
    });
    renderRoute('/admin', { me: ADMIN_ME, locale: 'hi' });
    const reminder = await screen.findByRole('region', { name: 'नियमों का रिमाइंडर' });
    expect(await within(reminder).findByText('कभी नहीं भेजा: अभी भेजें।')).toBeInTheDocument();
    await user.click(within(reminder).getByRole('button', { name: 'सबको रिमाइंडर भेजें' }));
    const dialog = await screen.findByRole('dialog', { name: 'सबको नियमों का रिमाइंडर भेजें?' });
    expect(within(dialog).getByRole('button', { name: 'सबको भेजें' })).toBeInTheDocument();
    expect(screen.queryByText('Rules reminder')).not.toBeInTheDocument();
  });

  it('the Dashboard’s cards in Hindi: counts with their notes, money as hi-IN writes it, failed jobs, reports and money back', async () => {
    const overview = {
      ...OVERVIEW,
      counts: {
        ...OVERVIEW.counts,
        failedJobs: 2,
        openReports: 4,
        overdueReports: 1,
        openProblemReports: 2,
        openDisputes: 0,
        failedRefunds: 1,
      },
      money: { ...OVERVIEW.money, refundsPaise: 14_700 },
    };
    stubApi({ 'GET /api/admin/overview': () => jsonResponse(200, overview) });
    renderRoute('/admin', { me: ADMIN_ME, locale: 'hi' });
    const dashboard = await screen.findByRole('tabpanel', { name: 'डैशबोर्ड' });
    expect(within(dashboard).getByRole('heading', { level: 2, name: 'डैशबोर्ड' })).toBeInTheDocument();

    const counts = await within(dashboard).findByRole('region', { name: 'गिनती' });
    const card = (region: HTMLElement, label: string) => within(region).getByText(label).closest('li')!;
    expect(card(counts, 'यूज़र')).toHaveTextContent('1,234हर अकाउंट, एडमिन का भी');
    expect(card(counts, 'पेमेंट')).toHaveTextContent('812990 ऑर्डर में से जिनका पेमेंट हुआ');
    expect(card(counts, 'कंटेंट आइटम')).toHaveTextContent('321');

    const money = within(dashboard).getByRole('region', { name: 'पैसा' });
    expect(card(money, 'बिक्री')).toHaveTextContent('₹1,23,456फ़ैन्स ने जितना दिया');
    expect(card(money, 'बाक़ी निकासी')).toHaveTextContent('₹1,424.533 निकासी का पैसा अभी नहीं गया');
    expect(card(money, 'रिफ़ंड')).toHaveTextContent('₹147');

    const failed = within(dashboard).getByRole('region', { name: 'फ़ेल जॉब' });
    expect(failed).toHaveTextContent('जॉब टैब में फिर कोशिश करें या हटाएँ।');
    expect(within(failed).getByRole('button', { name: 'फ़ेल जॉब देखें' })).toBeInTheDocument();

    const reports = within(dashboard).getByRole('region', { name: 'शिकायतें' });
    expect(reports).toHaveTextContent('4 खुली, 1 समय से पीछे');
    expect(within(reports).getByRole('button', { name: 'शिकायतें देखें' })).toBeInTheDocument();

    const moneyBack = within(dashboard).getByRole('region', { name: 'पैसा वापसी' });
    expect(within(moneyBack).getByRole('heading', { name: 'फ़ैन्स की खुली शिकायतें' }).closest('li')).toHaveTextContent(
      'फ़ैन्स को 24 घंटे के अंदर जवाब चाहिए।',
    );
    expect(within(moneyBack).getByText('किसी बैंक ने किसी पेमेंट पर विवाद नहीं उठाया है।')).toBeInTheDocument();
    expect(within(moneyBack).getByRole('button', { name: 'फ़ेल रिफ़ंड फिर भेजें' })).toBeInTheDocument();

    for (const english of ['Users', 'Money', 'Counts', 'Sales', 'Failed jobs', 'Money back', 'Open disputes']) {
      expect(screen.queryByText(english)).not.toBeInTheDocument();
    }
    expect(dashboard).not.toHaveTextContent(/\b(open|overdue|orders?|withdrawals?|Review)\b/);
  });

  it('Reports: the queue, a ticket’s facts and the decide dialog with its required reason in Hindi', async () => {
    const user = userEvent.setup();
    const now = Date.now();
    const held = safetyTicketFixture({}, now);
    const queue = [
      held,
      safetyTicketFixture(
        {
          ticket: 'R-1060',
          kind: 'grievance',
          reason: null,
          topic: 'payment',
          lane: 'grievance',
          dueAt: now + 6 * 24 * HOUR + 5 * HOUR,
          subject: null,
          heldItem: false,
          reporterEmail: null,
          details: 'I was charged twice.',
          actions: ['close'],
        },
        now,
      ),
      safetyTicketFixture(
        {
          ticket: 'R-0990',
          reason: 'impersonation',
          status: 'removed',
          dueAt: now - 20 * HOUR,
          subject: { type: 'creator', id: 'creator_9', handle: 'fake-asha', name: 'Asha Rao', suspended: true },
          heldItem: false,
          decidedAt: Date.UTC(2025, 10, 21, 5, 46),
          decisionNote: 'Pretends to be Asha Rao.',
          actions: [],
        },
        now,
      ),
    ];
    let decided = false;
    stubApi({
      'GET /api/admin/overview': () => jsonResponse(200, OVERVIEW),
      'GET /api/admin/reports': () =>
        jsonResponse(
          200,
          safetyQueueFixture(decided ? [{ ...held, status: 'removed', actions: [] }, ...queue.slice(1)] : queue, now),
        ),
      'POST /api/admin/reports/R-1042/decide': () => {
        decided = true;
        return jsonResponse(200, { ...held, status: 'removed', actions: [], decisionNote: 'बिना इजाज़त डाला गया।' });
      },
    });
    renderRoute('/admin', { me: ADMIN_ME, locale: 'hi' });
    const panel = await openTab(user, 'शिकायतें');
    const table = await within(panel).findByRole('table', { name: 'शिकायतें' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['कब तक', 'टिकट', 'क्या', 'फ़ैसले का समय', 'किस बारे में', 'स्थिति', 'जानकारी', 'किसने भेजी', 'कार्रवाई']);
    expect(within(panel).getByText('2 खुली')).toBeVisible();
    expect(within(panel).getByText('1 की समय-सीमा 2 घंटे के अंदर')).toBeVisible();

    const [open, grievance, removed] = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => within(row));
    expect(open!.getByText('1 घंटे 20 मिनट बाक़ी')).toBeVisible();
    expect(open!.getByText('बिना इजाज़त शेयर की गई निजी तस्वीरें')).toBeVisible();
    expect(open!.getByText('2 घंटे')).toBeVisible();
    expect(open!.getByRole('link', { name: 'Asha Rao (@asha) का “Monsoon over Marine Drive”' })).toBeVisible();
    expect(open!.getByText('खुली')).toBeVisible();
    expect(open!.getByText('जाँच पूरी होने तक आइटम छिपा है')).toBeVisible();
    expect(open!.getAllByRole('button').map((button) => button.textContent)).toEqual([
      'हटाएँ',
      'ख़ारिज करें',
      'क्रिएटर सस्पेंड करें',
    ]);
    expect(grievance!.getByText('शिकायत: कोई पेमेंट या रिफ़ंड')).toBeVisible();
    expect(grievance!.getByText('6 दिन 5 घंटे बाक़ी')).toBeVisible();
    expect(grievance!.getByText('बिना नाम (ईमेल नहीं दिया)')).toBeVisible();
    expect(grievance!.getByRole('button', { name: 'जवाब दें (R-1060)' })).toBeVisible();
    expect(removed!.getByRole('link', { name: 'क्रिएटर का पेज: Asha Rao (@fake-asha) · सस्पेंड' })).toBeVisible();
    expect(removed!.getByText('हटाया गया')).toBeVisible();
    expect(removed!.getByText('फ़ैसला 21 नव॰ 2025, सुबह 11:16')).toBeVisible();
    expect(removed!.getByText('नोट: Pretends to be Asha Rao.')).toBeVisible();
    expect(removed!.getByText(/^समय-सीमा थी/)).toBeVisible();

    await user.click(open!.getByRole('button', { name: 'हटाएँ (R-1042)' }));
    const dialog = screen.getByRole('dialog', { name: '“Monsoon over Marine Drive” हटाएँ?' });
    expect(dialog).toHaveTextContent('क्रिएटर दोबारा जाँच की अर्ज़ी दे सकते हैं।');
    await user.click(within(dialog).getByRole('button', { name: 'हटाएँ' }));
    const reason = within(dialog).getByRole('textbox', { name: 'वजह' });
    expect(await within(dialog).findByText('कृपया वजह लिखें।')).toBeVisible();
    expect(reason).toHaveAttribute('aria-invalid', 'true');
    expect(reason).toHaveAccessibleDescription(
      'क्रिएटर और रिपोर्ट करने वाले को यह ईमेल से मिलेगा, और यह ऑडिट लॉग में रहेगा। कृपया वजह लिखें।',
    );
    expect(within(dialog).queryByText(NOTE_REQUIRED_MESSAGE)).not.toBeInTheDocument();
    await user.type(reason, 'बिना इजाज़त डाला गया।');
    await user.click(within(dialog).getByRole('button', { name: 'हटाएँ' }));
    expect(await within(panel).findByText('R-1042: हटाया गया।')).toBeVisible();

    await user.click(within(panel).getByRole('button', { name: 'जवाब दें (R-1060)' }));
    const answer = screen.getByRole('dialog', { name: 'R-1060 का जवाब दें' });
    await user.click(within(answer).getByRole('button', { name: 'जवाब भेजें' }));
    expect(await within(answer).findByText('कृपया अपना जवाब लिखें।')).toBeVisible();
    await user.keyboard('{Escape}');

    for (const english of ['Reports', 'Due', 'Status', 'Open', 'Remove', 'Dismiss', 'Removed', 'Answer']) {
      expect(screen.queryByText(english)).not.toBeInTheDocument();
    }
  });

  it('the required note’s English keys say the dialog’s exported English word for word', () => {
    expect(translate('en', 'adminSafety.noteRequired')).toBe(NOTE_REQUIRED_MESSAGE);
    expect(translate('en', 'adminSafety.answerRequired')).toBe(ANSWER_REQUIRED_MESSAGE);
  });

  it('says “Failed to fetch data: …” in Hindi, with a Hindi Retry', async () => {
    const user = userEvent.setup();
    stubApi({
      'GET /api/admin/overview': () => jsonResponse(200, OVERVIEW),
      'GET /api/admin/messages': () =>
        jsonResponse(403, { error: { code: 'FORBIDDEN', message: 'Only the Kholo admin can do that.' } }),
    });
    renderRoute('/admin', { me: ADMIN_ME, locale: 'hi' });
    const messages = await openTab(user, 'मैसेज');
    const alert = await within(messages).findByRole('alert');
    expect(alert).toHaveTextContent(/^डेटा लोड नहीं हो पाया: /);
    expect(within(alert).getByRole('button', { name: 'फिर से कोशिश करें' })).toBeInTheDocument();
  });
});
