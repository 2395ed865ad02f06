import { formatDateTime } from '@kholo/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { toast } from '../../components/ui/toast.tsx';
import { forgetPublicConfig } from '../../lib/public-config.ts';
import { jsonResponse, renderRoute, requestBody, stubApi, type ApiHandler } from '../../test-utils.tsx';

const legal = {
  grievanceOfficer: {
    name: 'Asha Verma',
    designation: 'Head of Trust and Safety',
    email: 'grievance@kholo.in',
    phone: '+91 141 400 0000',
    address: 'Room 5, 12 MI Road\nJaipur, Rajasthan 302001',
  },
  company: {
    legalName: 'Kholo Technologies Private Limited',
    address: '4th Floor, 12 MI Road\nJaipur, Rajasthan 302001',
  },
  sample: false,
};

/** The page as the server would send it: the kholo-config meta tag filled in. */
function configure(config: unknown) {
  const meta = document.createElement('meta');
  meta.name = 'kholo-config';
  meta.content = JSON.stringify(config);
  document.head.append(meta);
  forgetPublicConfig();
}

const DUE_AT = Date.UTC(2026, 11, 3, 8, 14);
const receipt = { ticket: 'G-7K2Q-M9XA', lane: 'grievance', dueAt: DUE_AT, held: false, amendToken: null };

async function renderGrievancePage() {
  const view = renderRoute('/grievance');
  await screen.findByRole('heading', { level: 1, name: 'Grievance Officer' });
  const form = screen.getByRole('region', { name: 'Write to the Grievance Officer' });
  return {
    ...view,
    form,
    name: within(form).getByLabelText('Name'),
    email: within(form).getByLabelText('Email'),
    topics: within(form).getByRole('group', { name: 'What is your complaint about?' }),
    details: within(form).getByLabelText('What happened?'),
    link: within(form).getByLabelText('Link (optional)'),
    submit: within(form).getByRole('button', { name: 'Send complaint' }),
  };
}

type Fields = Awaited<ReturnType<typeof renderGrievancePage>>;

async function fillValid(user: ReturnType<typeof userEvent.setup>, fields: Fields) {
  await user.type(fields.name, 'Priya Sharma');
  await user.type(fields.email, 'Priya@Example.in');
  await user.click(within(fields.topics).getByLabelText('A payment or refund'));
  await user.type(fields.details, 'I was charged twice for the same photo.');
}

function expectFieldError(field: HTMLElement, message: string) {
  expect(field).toHaveAttribute('aria-invalid', 'true');
  expect(field).toHaveAccessibleDescription(expect.stringContaining(message));
  expect(screen.getByText(message)).toBeVisible();
}

function stubGrievances(handler: ApiHandler) {
  return stubApi({ 'POST /api/grievances': handler });
}

afterEach(() => {
  document.head.querySelector('meta[name="kholo-config"]')?.remove();
  forgetPublicConfig();
  toast.dismiss();
});

describe('the /grievance page', () => {
  it('names the configured Grievance Officer, how to reach them, and the company', async () => {
    configure({ supportEmail: 'support@kholo.in', legal });
    await renderGrievancePage();
    await waitFor(() => {
      expect(document.title).toBe('Grievance Officer · Kholo');
    });
    const officer = screen.getByRole('region', { name: 'Grievance Officer' });
    expect(officer).toHaveTextContent('Asha Verma');
    expect(officer).toHaveTextContent('Head of Trust and Safety');
    expect(within(officer).getByRole('link', { name: 'grievance@kholo.in' })).toHaveAttribute(
      'href',
      'mailto:grievance@kholo.in',
    );
    expect(within(officer).getByRole('link', { name: '+91 141 400 0000' })).toHaveAttribute(
      'href',
      'tel:+911414000000',
    );
    // One line of the address per line, as the operator wrote it.
    expect(within(officer).getByText(/Room 5, 12 MI Road/).textContent).toBe(
      'Room 5, 12 MI Road\nJaipur, Rajasthan 302001',
    );
    const company = screen.getByRole('region', { name: 'Who runs Kholo' });
    expect(company).toHaveTextContent('Kholo Technologies Private Limited');
    expect(company).toHaveTextContent('4th Floor, 12 MI Road');
    expect(screen.queryByText(/Sample values/)).not.toBeInTheDocument();
  });

  it('says what it acts on and how fast, with the rules’ times, and where to appeal', async () => {
    configure({ legal });
    await renderGrievancePage();
    const main = screen.getByRole('main');
    const timelines = screen.getByRole('region', { name: 'How quickly we act' });
    const lanes = within(timelines).getAllByRole('listitem');
    expect(lanes.map((lane) => lane.textContent)).toEqual([
      expect.stringMatching(
        /^Within 2 hoursReports marked “Sexual content or nudity”, “Intimate images shared without consent”, “Child safety” or “Impersonation or a deepfake”The item or page is hidden/,
      ),
      expect.stringMatching(
        /^Within 36 hoursReports marked “Copyright or stolen content”, “Violence, hate or harassment” or “Scam or fraud”The item or page is hidden/,
      ),
      expect.stringMatching(
        /^Within 7 daysEvery other complaintAcknowledged by email .* within 24 hours at the latest/,
      ),
    ]);
    expect(main).toHaveTextContent(/Grievance Appellate Committee.*within 30 days/);
    expect(within(main).getByRole('link', { name: 'gac.gov.in' })).toHaveAttribute('href', 'https://gac.gov.in');
    expect(screen.getByRole('region', { name: 'The Report button' })).toHaveTextContent(
      /Anyone can report an item or a creator’s page, with or without an account: use the Report button/,
    );
    // Every topic the form offers, so what can be complained about is plain.
    const topics = within(main).getByRole('group', { name: 'What is your complaint about?' });
    expect(
      within(topics)
        .getAllByRole('radio')
        .map((radio) => radio.closest('label')?.textContent),
    ).toEqual(['Content on Kholo', 'My account', 'A payment or refund', 'My personal data', 'Something else']);
  });

  it('says plainly when the officer and company are the development samples', async () => {
    await renderGrievancePage();
    expect(screen.getByText('Sample values: the operator has not configured the Grievance Officer yet.')).toBeVisible();
    expect(screen.getByRole('region', { name: 'Grievance Officer' })).toHaveTextContent(
      'Sample Officer (set GRIEVANCE_OFFICER_NAME)',
    );
  });

  it('is linked from the footer of every page', async () => {
    renderRoute('/ContactUs');
    const footer = await screen.findByRole('contentinfo');
    expect(within(footer).getByRole('link', { name: 'Grievance Officer' })).toHaveAttribute('href', '/grievance');
  });
});

describe('the complaint form', () => {
  it('shows each required-field message when submitted empty, and sends nothing', async () => {
    const fetchMock = stubGrievances(() => jsonResponse(201, receipt));
    const user = userEvent.setup();
    const fields = await renderGrievancePage();
    await user.click(fields.submit);
    expectFieldError(fields.name, 'Please enter your name.');
    expectFieldError(fields.email, 'Please enter your email address.');
    expect(fields.topics).toHaveAccessibleDescription('Please choose what your complaint is about.');
    expectFieldError(fields.details, 'Please tell us what is wrong (at least 10 characters).');
    expect(fields.link).not.toHaveAttribute('aria-invalid');
    expect(fields.name).toHaveFocus();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows the format and length messages', async () => {
    const fetchMock = stubGrievances(() => jsonResponse(201, receipt));
    const user = userEvent.setup();
    const fields = await renderGrievancePage();
    await user.type(fields.name, 'x'.repeat(101));
    await user.type(fields.email, 'priya@');
    await user.type(fields.details, 'Too short');
    await user.type(fields.link, 'kholo.in/u/priya');
    await user.click(fields.submit);
    expectFieldError(fields.name, 'Please keep your name under 100 characters.');
    expectFieldError(fields.email, 'Please enter a valid email address, like name@example.com.');
    expectFieldError(fields.details, 'Please tell us what is wrong (at least 10 characters).');
    expectFieldError(fields.link, 'Please give a full link, starting with https://');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('on success: posts the complaint, shows its ticket number, the acknowledgement and the date it will be resolved by', async () => {
    const fetchMock = stubGrievances(() => jsonResponse(201, receipt));
    const user = userEvent.setup();
    const fields = await renderGrievancePage();
    await fillValid(user, fields);
    await user.click(fields.submit);

    const heading = await screen.findByRole('heading', { name: 'Complaint received' });
    expect(heading).toHaveFocus();
    expect(fields.form).toHaveTextContent('G-7K2Q-M9XA');
    expect(fields.form).toHaveTextContent(
      'We have emailed you an acknowledgement, with this number, at priya@example.in.',
    );
    expect(fields.form).toHaveTextContent(`resolve your complaint by ${formatDateTime(DUE_AT)}`);

    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/grievances');
    expect(init?.method).toBe('POST');
    // No link given: the field is left out, as the schema reads it (never null).
    expect(requestBody(fetchMock, 0)).toEqual({
      name: 'Priya Sharma',
      email: 'priya@example.in',
      topic: 'payment',
      details: 'I was charged twice for the same photo.',
    });

    // Another complaint starts from an empty form.
    await user.click(screen.getByRole('button', { name: 'Write another complaint' }));
    expect(screen.getByLabelText('Name')).toHaveValue('');
    expect(screen.getByLabelText('What happened?')).toHaveValue('');
    for (const radio of screen.getAllByRole('radio')) expect(radio).not.toBeChecked();
  });

  it('sends the link when one is given', async () => {
    const fetchMock = stubGrievances(() => jsonResponse(201, receipt));
    const user = userEvent.setup();
    const fields = await renderGrievancePage();
    await fillValid(user, fields);
    await user.type(fields.link, '  https://kholo.in/purchases/ord_1/receipt ');
    await user.click(fields.submit);
    await screen.findByRole('heading', { name: 'Complaint received' });
    expect(requestBody(fetchMock, 0)).toMatchObject({ link: 'https://kholo.in/purchases/ord_1/receipt' });
  });

  it('on a server error: toasts the server’s message and keeps everything typed', async () => {
    stubGrievances(() =>
      jsonResponse(429, { error: { code: 'RATE_LIMITED', message: 'Too many complaints. Please wait a while.' } }),
    );
    const user = userEvent.setup();
    const fields = await renderGrievancePage();
    await fillValid(user, fields);
    await user.click(fields.submit);

    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent('Too many complaints. Please wait a while.'),
    );
    expect(fields.name).toHaveValue('Priya Sharma');
    expect(fields.details).toHaveValue('I was charged twice for the same photo.');
    expect(within(fields.topics).getByLabelText('A payment or refund')).toBeChecked();
    expect(screen.queryByRole('heading', { name: 'Complaint received' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send complaint' })).not.toHaveAttribute('aria-disabled', 'true');
  });

  it('shows the server’s per-field messages under the fields', async () => {
    stubGrievances(() =>
      jsonResponse(400, {
        error: {
          code: 'VALIDATION_FAILED',
          message: 'Please check the highlighted fields.',
          fields: { link: 'That link is too long.' },
        },
      }),
    );
    const user = userEvent.setup();
    const fields = await renderGrievancePage();
    await fillValid(user, fields);
    await user.click(fields.submit);

    await waitFor(() => {
      expectFieldError(fields.link, 'That link is too long.');
    });
    expect(screen.getByRole('alert')).toHaveTextContent('Please check the highlighted fields.');
    expect(fields.link).toHaveFocus();
  });

  it('an answer that is not a receipt is an error, not a ticket', async () => {
    stubGrievances(() => jsonResponse(201, { ticket: 'G-7K2Q-M9XA' }));
    const user = userEvent.setup();
    const fields = await renderGrievancePage();
    await fillValid(user, fields);
    await user.click(fields.submit);
    await waitFor(() => expect(screen.getByRole('alert')).toBeInTheDocument());
    expect(screen.queryByRole('heading', { name: 'Complaint received' })).not.toBeInTheDocument();
    expect(fields.details).toHaveValue('I was charged twice for the same photo.');
  });

  it('on a network failure: says so and keeps everything typed', async () => {
    stubGrievances(() => Promise.reject(new TypeError('Failed to fetch')));
    const user = userEvent.setup();
    const fields = await renderGrievancePage();
    await fillValid(user, fields);
    await user.click(fields.submit);

    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent('Could not send your complaint. Please try again.'),
    );
    expect(fields.email).toHaveValue('Priya@Example.in');
  });

  it('reads "Sending..." while busy and never submits twice', async () => {
    let respond: (response: Response) => void = () => {};
    const fetchMock = stubGrievances(() => new Promise<Response>((resolve) => (respond = resolve)));
    const user = userEvent.setup();
    const fields = await renderGrievancePage();
    await fillValid(user, fields);
    await user.type(fields.name, '{Enter}');
    expect(fetchMock).toHaveBeenCalledTimes(1);

    const busy = await screen.findByRole('button', { name: 'Sending...' });
    expect(busy).toHaveAttribute('aria-disabled', 'true');
    await user.dblClick(busy);
    await user.type(fields.email, '{Enter}');
    expect(fetchMock).toHaveBeenCalledTimes(1);

    respond(jsonResponse(201, receipt));
    expect(await screen.findByRole('heading', { name: 'Complaint received' })).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
