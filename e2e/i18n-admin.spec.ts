import type { APIRequestContext, Page, Route, TestInfo } from '@playwright/test';
import { blockingViolations } from './axe.js';
import { E2E_ADMIN } from './e2e-env.js';
import { expect, test } from './fixtures.js';
import { englishLeftOnPage } from './language-scan.js';
import { creatorShare } from './payment-helpers.js';
import { savePayoutAccount, uniquePayee } from './payout-helpers.js';
import { snap } from './screenshots.js';
import { seedCreator, uniqueEmail } from './studio-helpers.js';
import { adminApi, buyAsNewFan, buyThroughSimulator, requestWithdrawal, scrollsSideways } from './wallet-helpers.js';

/**
 * The admin panel in a Hindi browser (ADR 030, issue 26 §5): the login form, every tab with two
 * sales (one with the fan's open ticket), a withdrawal held for review, a report and a message of
 * this journey's own, the refund dialog with the ticket's reason prefilled and the answer dialog
 * (which closes the ticket), the decide dialog with its required reason, the Approve and Mark as
 * Paid dialogs; each scanned for English left, checked with axe and for sideways scroll, and
 * photographed at 360 and 1280 px.
 *
 * The admin sees every journey's rows (names, titles and messages other journeys typed in English),
 * so the panel's lists are narrowed, in this browser only, to this journey's own rows: what is
 * scanned is the interface around data whose words are known.
 */

const NAME = 'Kavita Joshi';
const TITLE = 'उदयपुर की झील पर शाम';
const SECOND_TITLE = 'पिछोला झील की सुबह';

test.describe.configure({ timeout: 150_000 });
test.use({ locale: 'hi-IN' });

/** The fan's ticket while it is open: answered by the test, or here if the test stopped before. */
let openTicket: string | null = null;
/** The fan's signed-in client, closed after the test. */
let fanClient: APIRequestContext | null = null;

test.afterEach(async ({ baseURL }) => {
  await fanClient?.dispose();
  fanClient = null;
  if (openTicket === null) return;
  const admin = await adminApi(baseURL!);
  try {
    await admin.post('/api/admin/problem-reports/close', {
      data: { ticket: openTicket, resolution: 'Closed after the Hindi admin journey stopped' },
    });
  } finally {
    openTicket = null;
    await admin.dispose();
  }
});

interface Seeded {
  handle: string;
  creatorEmail: string;
  contentId: string;
  orderId: string;
  withdrawalId: string;
  upiId: string;
  contactEmail: string;
  ticket: string;
  /** Set when she reports the problem. */
  problemTicket: string;
  problemOrderId: string;
  fan: APIRequestContext;
}

/**
 * She reports that the photo does not open: made just before the Payments tab and answered there,
 * so the open ticket is in the shared database for seconds (other journeys count open tickets).
 */
async function reportProblem(seeded: Seeded): Promise<string> {
  const problem = await seeded.fan.post('/api/purchases/report', {
    data: { orderId: seeded.problemOrderId, reason: 'not_working', message: 'फ़ोटो खोलने पर सिर्फ़ सफ़ेद स्क्रीन दिखती है।' },
  });
  expect(problem.status(), await problem.text()).toBe(201);
  const { ticket } = ((await problem.json()) as { report: { ticket: string } }).report;
  openTicket = ticket;
  return ticket;
}

/** A creator with an item in Hindi, a fan's purchase, her first withdrawal (held for review), a report and a message. */
async function seed(page: Page, baseURL: string): Promise<Seeded> {
  const creator = await seedCreator(baseURL, NAME, [
    { title: SECOND_TITLE, pricePaise: 49_900 },
    { title: TITLE, pricePaise: 99_900 },
  ]);
  // Newest first: the second item seeded is the first id.
  const contentId = creator.ids[0]!;
  const orderId = await buyThroughSimulator(baseURL, contentId);
  const payee = uniquePayee(NAME);
  await savePayoutAccount(creator.api, payee);
  const withdrawalId = await requestWithdrawal(creator.api, creator.email, creatorShare(99_900), payee.upiId);
  await creator.api.dispose();
  const second = await buyAsNewFan(baseURL, creator.ids[1]!);
  fanClient = second.fan;

  // A report of her page: a report of an item would hide it while Kholo looks (see the note on ALLOWED).
  const report = await page.request.post('/api/reports', {
    data: { creatorHandle: creator.handle, reason: 'scam_fraud', details: 'पैसे लेकर फ़ोटो नहीं दिखाती, यह धोखा है।' },
  });
  expect(report.status(), await report.text()).toBe(201);
  const { ticket } = (await report.json()) as { ticket: string };

  const contactEmail = uniqueEmail('hindi-contact');
  const contact = await page.request.post('/api/contact', {
    data: { name: NAME, email: contactEmail, message: 'मेरा पेआउट अभी तक नहीं आया, कृपया देखें।' },
  });
  expect(contact.status(), await contact.text()).toBe(201);
  return {
    handle: creator.handle,
    creatorEmail: creator.email,
    contentId,
    orderId,
    withdrawalId,
    upiId: payee.upiId,
    contactEmail,
    ticket,
    problemTicket: '',
    problemOrderId: second.orderId,
    fan: second.fan,
  };
}

type Json = Record<string, unknown> & { items?: Array<Record<string, unknown>> };

/** Answers `path` with the server's own answer, narrowed by `keep`. */
async function narrow(page: Page, path: string, keep: (body: Json) => Json): Promise<void> {
  await page.route(
    (url) => url.pathname === path,
    async (route: Route) => {
      if (route.request().method() !== 'GET') return route.fallback();
      const response = await route.fetch();
      return route.fulfill({ response, json: keep((await response.json()) as Json) });
    },
  );
}

function items(body: Json, keep: (item: Record<string, unknown>) => boolean): Json {
  return { ...body, items: (body.items ?? []).filter(keep) };
}

/** Only this journey's rows in every list the panel shows. */
async function narrowToSeeded(page: Page, seeded: Seeded): Promise<void> {
  const byHandle = (item: Record<string, unknown>) => item['creatorHandle'] === seeded.handle;
  await narrow(page, '/api/admin/payments', (body) => items(body, byHandle));
  await narrow(page, '/api/admin/problem-reports', (body) => items(body, byHandle));
  await narrow(page, '/api/admin/disputes', (body) => items(body, byHandle));
  await narrow(page, '/api/admin/contents', (body) => items(body, byHandle));
  await narrow(page, '/api/admin/creators', (body) => items(body, (item) => item['handle'] === seeded.handle));
  await narrow(page, '/api/admin/withdrawals', (body) => items(body, byHandle));
  await narrow(page, '/api/admin/messages', (body) => items(body, (item) => item['email'] === seeded.contactEmail));
  await narrow(page, '/api/admin/reports', (body) =>
    items(body, (item) => {
      const subject = item['subject'] as { creatorHandle?: string; handle?: string } | null;
      return subject?.creatorHandle === seeded.handle || subject?.handle === seeded.handle;
    }),
  );
  // Background jobs are other journeys' emails (their subjects in their accounts' language).
  await narrow(page, '/api/admin/jobs', (body) => items(body, () => false));
  const ours = new Set([seeded.orderId, seeded.problemOrderId, seeded.withdrawalId, seeded.contentId]);
  await narrow(page, '/api/admin/logs', (body) => ({
    events: (body['events'] as Array<{ orderId: string | null }>).filter((event) => ours.has(event.orderId ?? '')),
    payoutEvents: (body['payoutEvents'] as Array<{ withdrawalId: string | null }>).filter((event) =>
      ours.has(event.withdrawalId ?? ''),
    ),
    audit: (body['audit'] as Array<{ subjectId: string }>).filter((entry) => ours.has(entry.subjectId)),
  }));
}

/**
 * Latin words these screens may show: her name (and her bank's capitals of it), the e2e admin's
 * account name in the header, UTR (written so in Hindi too), and what the Logs record as it came:
 * the payment provider's event and status codes and the settlement's outcome code. Her handle,
 * order id and ticket number are added by `expectAllHindi`.
 *
 * Not here, so not scanned yet: a report of an item hides it "Under review after a report: …" and
 * the Logs' actor is "Kholo (automatic, a report)", server texts the messages catalogue has no
 * Hindi for yet (the Content tab says the first through tm, so it turns Hindi once it has).
 */
const ALLOWED = ['Kavita', 'Joshi', 'KAVITA', 'JOSHI', 'A', 'Admin', 'UTR'];
const LOGGED_CODES = ['PAYMENT', 'SUCCESS', 'WEBHOOK', 'settled'];

function latinWords(...texts: string[]): string[] {
  return texts.flatMap((text) => text.match(/[A-Za-z]+/g) ?? []);
}

async function expectAllHindi(
  page: Page,
  testInfo: TestInfo,
  seeded: Seeded,
  name: string,
  fullPage = true,
  alsoAllowed: readonly string[] = [],
): Promise<void> {
  const allow = [
    ...ALLOWED,
    ...alsoAllowed,
    ...LOGGED_CODES,
    ...latinWords(seeded.handle, seeded.orderId, seeded.ticket, seeded.problemTicket, seeded.problemOrderId),
  ];
  expect(await englishLeftOnPage(page, allow), `${name}: English left`).toEqual([]);
  expect(await blockingViolations(page), name).toEqual([]);
  expect(await scrollsSideways(page), `${name} scrolls sideways`).toBe(false);
  await snap(page, testInfo, name, fullPage);
}

async function openTab(page: Page, name: string) {
  await page.getByRole('tablist', { name: 'एडमिन के सेक्शन' }).getByRole('tab', { name, exact: true }).click();
  const panel = page.getByRole('tabpanel', { name, exact: true });
  await expect(panel).toBeVisible();
  // Loaded: no spinner left.
  await expect(panel.getByRole('status')).toHaveCount(0);
  return panel;
}

test('the admin panel in Hindi: every tab, the refund, decide, Approve and Mark as Paid dialogs, no English left', async ({
  page,
  baseURL,
}, testInfo) => {
  const seeded = await seed(page, baseURL!);
  await narrowToSeeded(page, seeded);

  // The login form.
  await page.goto('/admin');
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1, name: 'एडमिन लॉग इन' })).toBeVisible();
  await expectAllHindi(page, testInfo, seeded, 'admin-login-hindi');
  await main.getByLabel('ईमेल').fill(E2E_ADMIN.email);
  await main.getByLabel('पासवर्ड', { exact: true }).fill(E2E_ADMIN.password);
  await main.getByRole('button', { name: 'लॉग इन करें' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'एडमिन पैनल' })).toBeVisible();

  // Dashboard: the cards, money in hi-IN, the report waiting and the withdrawal in review.
  const dashboard = page.getByRole('tabpanel', { name: 'डैशबोर्ड' });
  await expect(dashboard.getByRole('region', { name: 'पैसा', exact: true })).toContainText('बिक्री');
  await expect(dashboard.getByRole('region', { name: 'शिकायतें', exact: true })).toContainText('खुली');
  await expectAllHindi(page, testInfo, seeded, 'admin-dashboard-hindi');

  // Payments: both sales, the fan's open ticket first, and the refund it offers, its reason prefilled.
  seeded.problemTicket = await reportProblem(seeded);
  const payments = await openTab(page, 'पेमेंट');
  await expect(payments.getByText(TITLE).first()).toBeVisible();
  const tickets = payments.getByRole('region', { name: 'खुली शिकायतें (1)' });
  await expect(tickets).toContainText(`${seeded.problemTicket} · फ़ोटो या वीडियो खुल नहीं रहा`);
  await expectAllHindi(page, testInfo, seeded, 'admin-payments-hindi');
  await tickets.getByRole('button', { name: `टिकट ${seeded.problemTicket} के ₹499 रिफ़ंड करें` }).click();
  const refund = page.getByRole('dialog', { name: /^₹499 .* को रिफ़ंड करें\?$/ });
  // The prefilled reason is English on purpose: it goes word for word to the fan and the creator.
  const ticketReason = `Ticket ${seeded.problemTicket}: The photo or video does not open`;
  await expect(refund.getByRole('textbox')).toHaveValue(ticketReason);
  await expectAllHindi(page, testInfo, seeded, 'admin-refund-hindi', false, latinWords(ticketReason));
  await refund.getByRole('button', { name: 'रद्द करें' }).click();
  await expect(refund).toBeHidden();
  // Answered without a refund, in Hindi: the ticket closes, so no other journey finds it open.
  await tickets.getByRole('button', { name: `टिकट ${seeded.problemTicket} का बिना रिफ़ंड जवाब दें` }).click();
  const answer = page.getByRole('dialog', { name: `${seeded.problemTicket} का बिना रिफ़ंड जवाब दें?` });
  await expectAllHindi(page, testInfo, seeded, 'admin-answer-hindi', false);
  await answer.getByLabel('फ़ैन के लिए जवाब').fill('फ़ोटो ठीक से खुल रही है; कृपया ऐप दोबारा खोलकर देखें।');
  await answer.getByRole('button', { name: 'जवाब भेजें' }).click();
  await expect(answer).toBeHidden();
  await expect(payments.getByText(new RegExp(`^${seeded.problemTicket} का जवाब दे दिया;`))).toBeVisible();
  openTicket = null;

  const disputes = await openTab(page, 'विवाद');
  await expect(disputes.getByText('कोई डेटा नहीं मिला।')).toBeVisible();
  await expectAllHindi(page, testInfo, seeded, 'admin-disputes-hindi');

  const content = await openTab(page, 'कंटेंट');
  await expect(content.getByText(TITLE).first()).toBeVisible();
  await expectAllHindi(page, testInfo, seeded, 'admin-content-hindi');

  const creators = await openTab(page, 'क्रिएटर');
  await expect(creators.getByText(NAME).first()).toBeVisible();
  await expectAllHindi(page, testInfo, seeded, 'admin-creators-hindi');

  await openTab(page, 'लॉग');
  await expectAllHindi(page, testInfo, seeded, 'admin-logs-hindi');

  // Withdrawals: hers, held for review as every first payout is, and the Approve dialog.
  const withdrawals = await openTab(page, 'निकासी');
  await expect(withdrawals.getByText('पहला पेआउट').first()).toBeVisible();
  await expectAllHindi(page, testInfo, seeded, 'admin-withdrawals-hindi');
  await withdrawals.getByRole('button', { name: /^मंज़ूर करें: / }).click();
  const approve = page.getByRole('dialog', { name: /को भेजें\?$/ });
  await expect(approve).toContainText('जाँच के लिए रोका गया, क्योंकि:');
  await expectAllHindi(page, testInfo, seeded, 'admin-approve-hindi', false);
  await approve.getByRole('button', { name: 'रद्द करें' }).click();
  await expect(approve).toBeHidden();

  const messages = await openTab(page, 'मैसेज');
  await expect(messages.getByText(NAME).first()).toBeVisible();
  await expectAllHindi(page, testInfo, seeded, 'admin-messages-hindi');

  // Reports: the report on her page, and the decide dialog asking for its reason.
  const reports = await openTab(page, 'शिकायतें');
  await expect(reports.getByText('स्कैम या धोखाधड़ी').first()).toBeVisible();
  await expectAllHindi(page, testInfo, seeded, 'admin-reports-hindi');
  await reports.getByRole('button', { name: `क्रिएटर सस्पेंड करें (${seeded.ticket})` }).click();
  const decide = page.getByRole('dialog', { name: `${NAME} को सस्पेंड करें?` });
  await decide.getByRole('button', { name: 'सस्पेंड करें', exact: true }).click();
  await expect(decide.getByText('कृपया वजह लिखें।')).toBeVisible();
  await expectAllHindi(page, testInfo, seeded, 'admin-decide-hindi', false);
  await decide.getByRole('button', { name: 'रद्द करें' }).click();
  await expect(decide).toBeHidden();

  const jobs = await openTab(page, 'जॉब');
  await expect(jobs.getByRole('group', { name: 'जॉब दिखाएँ' })).toBeVisible();
  await expectAllHindi(page, testInfo, seeded, 'admin-jobs-hindi');

  // Mark as Paid is offered when payouts are paid by hand: this browser is told they are, and the
  // dialog is opened and left without sending.
  await narrow(page, '/api/admin/overview', (body) => ({
    ...body,
    payouts: { ...(body['payouts'] as object), mode: 'manual' },
  }));
  await page.reload();
  const manual = await openTab(page, 'निकासी');
  await manual.getByRole('button', { name: /^भुगतान हो गया दर्ज करें: / }).click();
  const markPaid = page.getByRole('dialog');
  await expect(markPaid.getByLabel('बैंक या UPI रेफ़रेंस')).toBeVisible();
  await expectAllHindi(page, testInfo, seeded, 'admin-mark-paid-hindi', false);
  await markPaid.getByRole('button', { name: 'रद्द करें' }).click();
  await expect(markPaid).toBeHidden();
});
