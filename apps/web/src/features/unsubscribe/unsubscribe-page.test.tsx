import { EMAIL_LIST_MESSAGES, type EmailListAnswer } from '@kholo/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { NETWORK_ERROR_MESSAGE } from '../../lib/api-error.ts';
import { jsonResponse, renderRoute, requestBody, stubApi } from '../../test-utils.tsx';
import { ASK_HEADING, STARTED_HEADING, STOPPED_HEADING, TRANSACTIONAL_NOTE } from './unsubscribe-page.tsx';

const TOKEN = `cmVtaW5kZXJzOmZhbi0x.${'a'.repeat(43)}`;
const EMAIL = 'asha@example.com';

function answer(subscribed: boolean, changed = true): EmailListAnswer {
  return { list: 'reminders', subscribed, changed, email: EMAIL };
}

async function renderPage(token: string | null = TOKEN) {
  const result = renderRoute(token === null ? '/unsubscribe' : `/unsubscribe?token=${encodeURIComponent(token)}`);
  await screen.findByRole('heading', { level: 1 });
  return result;
}

describe('unsubscribe page', () => {
  it('asks before stopping anything, and says receipts and refund emails keep coming', async () => {
    const fetchMock = stubApi({});
    await renderPage();
    await waitFor(() => {
      expect(document.title).toBe('Reminder emails · Kholo');
    });
    expect(screen.getByRole('heading', { level: 1, name: ASK_HEADING })).toBeInTheDocument();
    expect(screen.getByText(TRANSACTIONAL_NOTE)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Keep them' })).toHaveAttribute('href', '/');
    // Opening the link (as a mail scanner does) sends nothing.
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('stops reminders with the token, says so, and undoes it with the same token', async () => {
    const user = userEvent.setup();
    const fetchMock = stubApi({
      'POST /api/email/unsubscribe': () => jsonResponse(200, answer(false)),
      'POST /api/email/resubscribe': () => jsonResponse(200, answer(true)),
    });
    await renderPage();
    await user.click(screen.getByRole('button', { name: 'Stop reminder emails' }));

    expect(await screen.findByRole('heading', { level: 1, name: STOPPED_HEADING })).toHaveFocus();
    expect(screen.getByText(`Reminders to ${EMAIL} are off.`)).toBeInTheDocument();
    expect(screen.getByText(TRANSACTIONAL_NOTE)).toBeInTheDocument();
    expect(requestBody(fetchMock, 0)).toEqual({ token: TOKEN });

    await user.click(screen.getByRole('button', { name: 'Turn reminders back on' }));
    expect(await screen.findByRole('heading', { level: 1, name: STARTED_HEADING })).toHaveFocus();
    expect(screen.getByText(`We will email ${EMAIL} before your access to something you bought ends.`)).toBeVisible();
    expect(fetchMock.mock.calls[1]?.[0]).toBe('/api/email/resubscribe');
    expect(requestBody(fetchMock, 1)).toEqual({ token: TOKEN });

    // And stopped again from there.
    await user.click(screen.getByRole('button', { name: 'Stop reminder emails' }));
    expect(await screen.findByRole('heading', { level: 1, name: STOPPED_HEADING })).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  it('says when reminders were already off', async () => {
    const user = userEvent.setup();
    stubApi({ 'POST /api/email/unsubscribe': () => jsonResponse(200, answer(false, false)) });
    await renderPage();
    await user.click(screen.getByRole('button', { name: 'Stop reminder emails' }));
    expect(await screen.findByText(`Reminders to ${EMAIL} were already off.`)).toBeInTheDocument();
  });

  it('reads "Stopping..." while busy and never sends twice', async () => {
    const user = userEvent.setup();
    const fetchMock = stubApi({ 'POST /api/email/unsubscribe': () => new Promise<Response>(() => {}) });
    await renderPage();
    await user.click(screen.getByRole('button', { name: 'Stop reminder emails' }));
    const busy = await screen.findByRole('button', { name: 'Stopping...' });
    expect(busy).toHaveAttribute('aria-disabled', 'true');
    await user.click(busy);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('shows the server’s word on a link it refuses, with where to write instead', async () => {
    const user = userEvent.setup();
    stubApi({
      'POST /api/email/unsubscribe': () =>
        jsonResponse(400, { error: { code: 'BAD_REQUEST', message: EMAIL_LIST_MESSAGES.badLink } }),
    });
    await renderPage();
    await user.click(screen.getByRole('button', { name: 'Stop reminder emails' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'This link does not work' })).toBeInTheDocument();
    expect(screen.getByText(EMAIL_LIST_MESSAGES.badLink)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Email Kholo support' })).toHaveAttribute(
      'href',
      'mailto:support@kholo.in?subject=Please%20stop%20my%20reminder%20emails',
    );
  });

  it('keeps the button when the network fails, with the reason', async () => {
    const user = userEvent.setup();
    stubApi({});
    await renderPage();
    await user.click(screen.getByRole('button', { name: 'Stop reminder emails' }));
    expect((await screen.findByText(NETWORK_ERROR_MESSAGE)).closest('[role="alert"]')).not.toBeNull();
    expect(screen.getByRole('button', { name: 'Stop reminder emails' })).toBeInTheDocument();
  });

  it.each([
    ['no token', null],
    ['a cut-off token', TOKEN.slice(0, 30)],
  ])('with %s: says the link is incomplete and sends nothing', async (_, token) => {
    const fetchMock = stubApi({});
    await renderPage(token);
    expect(screen.getByRole('heading', { level: 1, name: 'This link does not work' })).toBeInTheDocument();
    expect(screen.getByText(EMAIL_LIST_MESSAGES.badLink)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Stop reminder emails' })).not.toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
