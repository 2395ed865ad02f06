import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toast } from '../../../components/ui/toast.tsx';
import { renderRoute } from '../../../test-utils.tsx';

const fetchMock = vi.fn<typeof fetch>();

function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

async function renderContactPage() {
  renderRoute('/ContactUs');
  await screen.findByRole('heading', { level: 1, name: 'Contact us' });
  return {
    name: screen.getByLabelText('Name'),
    email: screen.getByLabelText('Email'),
    message: screen.getByLabelText('Message'),
    submit: screen.getByRole('button', { name: 'Send Message' }),
  };
}

async function fillValid(
  user: ReturnType<typeof userEvent.setup>,
  fields: Awaited<ReturnType<typeof renderContactPage>>,
) {
  await user.type(fields.name, 'Priya Sharma');
  await user.type(fields.email, 'priya@example.in');
  await user.type(fields.message, 'My payout has not arrived yet, can you check?');
}

function expectFieldError(field: HTMLElement, message: string) {
  expect(field).toHaveAttribute('aria-invalid', 'true');
  expect(field).toHaveAccessibleDescription(expect.stringContaining(message));
  expect(screen.getByText(message)).toBeVisible();
}

describe('contact form', () => {
  beforeEach(() => {
    fetchMock.mockReset();
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    toast.dismiss();
  });

  it('has labelled fields, a Send Message button, a support mailto link and its own title', async () => {
    const fields = await renderContactPage();
    expect(fields.name).toHaveAttribute('autocomplete', 'name');
    expect(fields.email).toHaveAttribute('type', 'email');
    expect(fields.message.tagName).toBe('TEXTAREA');
    const main = screen.getByRole('main');
    expect(within(main).getByRole('link', { name: 'support@kholo.in' })).toHaveAttribute(
      'href',
      'mailto:support@kholo.in',
    );
    await waitFor(() => {
      expect(document.title).toBe('Contact us · Kholo');
    });
  });

  it('shows each required-field message when submitted empty, and sends nothing', async () => {
    const user = userEvent.setup();
    const fields = await renderContactPage();
    await user.click(fields.submit);
    expectFieldError(fields.name, 'Please enter your name.');
    expectFieldError(fields.email, 'Please enter your email address.');
    expectFieldError(fields.message, 'Please write a message.');
    expect(fields.name).toHaveFocus();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows the format and length messages', async () => {
    const user = userEvent.setup();
    const fields = await renderContactPage();
    await user.type(fields.name, 'x'.repeat(101));
    await user.type(fields.email, 'priya@');
    await user.type(fields.message, 'Too short');
    await user.click(fields.submit);
    expectFieldError(fields.name, 'Please keep your name under 100 characters.');
    expectFieldError(fields.email, 'Please enter a valid email address, like name@example.com.');
    expectFieldError(fields.message, 'Please tell us a little more (at least 10 characters).');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('treats whitespace-only input as empty', async () => {
    const user = userEvent.setup();
    const fields = await renderContactPage();
    await user.type(fields.name, '   ');
    await user.click(fields.submit);
    expectFieldError(fields.name, 'Please enter your name.');
  });

  it('clears a message once the field is fixed', async () => {
    const user = userEvent.setup();
    const fields = await renderContactPage();
    await user.click(fields.submit);
    await user.type(fields.name, 'Priya');
    expect(fields.name).not.toHaveAttribute('aria-invalid');
    expect(screen.queryByText('Please enter your name.')).not.toBeInTheDocument();
  });

  it('on success: posts JSON to /api/contact, toasts and clears the form', async () => {
    fetchMock.mockResolvedValue(jsonResponse(201, { id: 'msg_1', createdAt: 1_763_700_000_000 }));
    const user = userEvent.setup();
    const fields = await renderContactPage();
    await fillValid(user, fields);
    await user.click(fields.submit);

    const status = await screen.findByRole('status');
    await waitFor(() => expect(status).toHaveTextContent('Message sent! We’ll reply to your email soon.'));
    expect(fields.name).toHaveValue('');
    expect(fields.email).toHaveValue('');
    expect(fields.message).toHaveValue('');

    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/contact');
    expect(init?.method).toBe('POST');
    expect(new Headers(init?.headers).get('content-type')).toBe('application/json');
    expect(JSON.parse(init?.body as string)).toEqual({
      name: 'Priya Sharma',
      email: 'priya@example.in',
      message: 'My payout has not arrived yet, can you check?',
    });
  });

  it('on a server error: toasts the server’s message and keeps everything typed', async () => {
    fetchMock.mockResolvedValue(
      jsonResponse(429, { error: { code: 'RATE_LIMITED', message: 'Too many messages. Please wait a minute.' } }),
    );
    const user = userEvent.setup();
    const fields = await renderContactPage();
    await fillValid(user, fields);
    await user.click(fields.submit);

    const alert = screen.getByRole('alert');
    await waitFor(() => expect(alert).toHaveTextContent('Too many messages. Please wait a minute.'));
    expect(fields.name).toHaveValue('Priya Sharma');
    expect(fields.email).toHaveValue('priya@example.in');
    expect(fields.message).toHaveValue('My payout has not arrived yet, can you check?');
    expect(screen.getByRole('button', { name: 'Send Message' })).not.toHaveAttribute('aria-disabled', 'true');
  });

  it('shows the server’s per-field messages under the fields', async () => {
    fetchMock.mockResolvedValue(
      jsonResponse(400, {
        error: {
          code: 'VALIDATION_FAILED',
          message: 'Please check the highlighted fields.',
          fields: { email: 'That email domain does not accept mail.' },
        },
      }),
    );
    const user = userEvent.setup();
    const fields = await renderContactPage();
    await fillValid(user, fields);
    await user.click(fields.submit);

    await waitFor(() => {
      expectFieldError(fields.email, 'That email domain does not accept mail.');
    });
    expect(screen.getByRole('alert')).toHaveTextContent('Please check the highlighted fields.');
    expect(fields.email).toHaveFocus();
    expect(fields.message).toHaveValue('My payout has not arrived yet, can you check?');
  });

  it('on a network failure: says so and keeps everything typed', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const user = userEvent.setup();
    const fields = await renderContactPage();
    await fillValid(user, fields);
    await user.click(fields.submit);

    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent('Could not send your message. Please try again.'),
    );
    expect(fields.name).toHaveValue('Priya Sharma');
    expect(fields.message).toHaveValue('My payout has not arrived yet, can you check?');
  });

  it('reads "Sending..." while busy and never submits twice', async () => {
    let respond: (response: Response) => void = () => {};
    fetchMock.mockImplementation(() => new Promise<Response>((resolve) => (respond = resolve)));
    const user = userEvent.setup();
    const fields = await renderContactPage();
    await fillValid(user, fields);
    // Enter in a text field submits the form (so the checks below exercise a real path)…
    await user.type(fields.name, '{Enter}');
    expect(fetchMock).toHaveBeenCalledTimes(1);

    // …and while the first send is in flight, neither a double click nor Enter sends again.
    const busy = await screen.findByRole('button', { name: 'Sending...' });
    expect(busy).toHaveAttribute('aria-disabled', 'true');
    await user.dblClick(busy);
    await user.type(fields.email, '{Enter}');
    expect(fetchMock).toHaveBeenCalledTimes(1);

    respond(jsonResponse(201, { id: 'msg_1', createdAt: 1 }));
    expect(await screen.findByRole('button', { name: 'Send Message' })).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
