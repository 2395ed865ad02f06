import { CODE_MESSAGES, codeSentMessage, type Me } from '@kholo/contracts';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../../app/providers.tsx';
import { createQueryClient } from '../../../app/query-client.ts';
import { jsonResponse, requestBody, stubApi, type ApiHandler } from '../../../test-utils.tsx';
import { FAN_ME } from '../../../test-fixtures/accounts.ts';
import { meQueryKey, VISITOR } from '../api/get-me.ts';
import { FAN_CACHE_KEY } from '../session-cache.ts';
import { CODE_FIELD_LABEL, CodeSignInForm, RESEND_CODE_LABEL, type CodeSignInFormProps } from './code-sign-in-form.tsx';

const SIGN_IN_API = 'POST /api/auth/sign-in/code';
const RESEND_API = 'POST /api/auth/email-code';
const EMAIL = 'meera@example.in';

function renderForm(handlers: Record<string, ApiHandler>, props: Partial<CodeSignInFormProps> = {}) {
  const fetchMock = stubApi(handlers);
  const queryClient = createQueryClient();
  queryClient.setQueryData(meQueryKey, VISITOR);
  const onSignedIn = vi.fn<(me: Me) => void>();
  render(
    <AppProviders queryClient={queryClient}>
      <CodeSignInForm email={EMAIL} role="fan" onSignedIn={onSignedIn} {...props} />
    </AppProviders>,
  );
  return { fetchMock, queryClient, onSignedIn };
}

/** The form's own message (the toaster keeps an empty alert region of its own). */
async function findInlineAlert(message: string) {
  const line = await screen.findByText(message);
  expect(line).toHaveAttribute('role', 'alert');
  return line;
}

function calls(fetchMock: ReturnType<typeof stubApi>, path: string) {
  return fetchMock.mock.calls.filter(([input]) => input === path).length;
}

describe('CodeSignInForm', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('is one numeric field the phone can fill from the email, focused, that sends itself on the sixth digit', async () => {
    const { fetchMock, queryClient, onSignedIn } = renderForm({
      [SIGN_IN_API]: () => jsonResponse(200, FAN_ME),
    });
    const field = screen.getByLabelText(CODE_FIELD_LABEL);
    expect(CODE_FIELD_LABEL).toBe('6-digit code');
    expect(field).toHaveFocus();
    expect(field).toHaveAttribute('autocomplete', 'one-time-code');
    expect(field).toHaveAttribute('inputmode', 'numeric');
    expect(field).toHaveAttribute('pattern', '\\d{6}');
    expect(field).toHaveAttribute('maxlength', '6');

    const user = userEvent.setup();
    await user.type(field, '48201');
    expect(calls(fetchMock, '/api/auth/sign-in/code')).toBe(0);
    await user.type(field, '7');
    await vi.waitFor(() => {
      expect(onSignedIn).toHaveBeenCalledWith(FAN_ME);
    });
    expect(requestBody(fetchMock, 0)).toEqual({ email: EMAIL, code: '482017', role: 'fan' });
    // The session is stored exactly as a password login stores it.
    expect(queryClient.getQueryData(meQueryKey)).toEqual(FAN_ME);
    expect(JSON.parse(localStorage.getItem(FAN_CACHE_KEY)!)).toEqual(FAN_ME.fan);
    expect(calls(fetchMock, '/api/auth/sign-in/code')).toBe(1);
  });

  it('keeps only the digits of what is typed or pasted', async () => {
    const { fetchMock } = renderForm({ [SIGN_IN_API]: () => jsonResponse(200, FAN_ME) });
    const user = userEvent.setup();
    const field = screen.getByLabelText(CODE_FIELD_LABEL);
    await user.type(field, '12a 3');
    expect(field).toHaveValue('123');
    expect(calls(fetchMock, '/api/auth/sign-in/code')).toBe(0);
  });

  it('sends a whole code put in over the last one (pasted, or the keyboard’s offer)', async () => {
    let tries = 0;
    const { fetchMock, onSignedIn } = renderForm({
      [SIGN_IN_API]: () =>
        ++tries === 1
          ? jsonResponse(400, { error: { code: 'CODE_INVALID', message: CODE_MESSAGES.invalid } })
          : jsonResponse(200, FAN_ME),
    });
    const user = userEvent.setup();
    const field = screen.getByLabelText(CODE_FIELD_LABEL);
    await user.click(field);
    await user.paste('111111');
    await findInlineAlert(CODE_MESSAGES.invalid);
    await user.paste('Code: 482017');
    await vi.waitFor(() => {
      expect(onSignedIn).toHaveBeenCalledWith(FAN_ME);
    });
    expect(requestBody(fetchMock, 1)).toEqual({ email: EMAIL, code: '482017', role: 'fan' });
  });

  it('says what is missing when Confirm is pressed before six digits, and asks nothing', async () => {
    const { fetchMock, onSignedIn } = renderForm({});
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(CODE_FIELD_LABEL), '123');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    await findInlineAlert(CODE_MESSAGES.format);
    expect(screen.getByLabelText(CODE_FIELD_LABEL)).toHaveAccessibleDescription(CODE_MESSAGES.format);
    expect(screen.getByLabelText(CODE_FIELD_LABEL)).toHaveFocus();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(onSignedIn).not.toHaveBeenCalled();
  });

  it('shows the server’s message for a wrong code, and lets her type the right one', async () => {
    let tries = 0;
    const { onSignedIn, queryClient } = renderForm({
      [SIGN_IN_API]: () =>
        ++tries === 1
          ? jsonResponse(400, { error: { code: 'CODE_INVALID', message: CODE_MESSAGES.invalid } })
          : jsonResponse(200, FAN_ME),
    });
    const user = userEvent.setup();
    const field = screen.getByLabelText(CODE_FIELD_LABEL);
    await user.type(field, '111111');
    await findInlineAlert(CODE_MESSAGES.invalid);
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(onSignedIn).not.toHaveBeenCalled();
    expect(queryClient.getQueryData(meQueryKey)).toEqual(VISITOR);

    // The wrong code is selected: typing replaces it.
    await user.keyboard('222222');
    await vi.waitFor(() => {
      expect(onSignedIn).toHaveBeenCalledWith(FAN_ME);
    });
    expect(screen.queryByText(CODE_MESSAGES.invalid)).not.toBeInTheDocument();
  });

  it('sends a new code, says so, then waits 30 s before it can ask again', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { fetchMock } = renderForm({
      [RESEND_API]: () => jsonResponse(200, { message: codeSentMessage(EMAIL), email: EMAIL, expiresInMinutes: 10 }),
    });
    const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
    await user.click(screen.getByRole('button', { name: RESEND_CODE_LABEL }));
    expect(await screen.findByText(codeSentMessage(EMAIL))).toBeInTheDocument();
    expect(requestBody(fetchMock, 0)).toEqual({ email: EMAIL });
    const waiting = screen.getByRole('button', { name: `${RESEND_CODE_LABEL} in 0:30` });
    expect(waiting).toBeDisabled();
    expect(screen.getByLabelText(CODE_FIELD_LABEL)).toHaveFocus();

    await act(async () => {
      await vi.advanceTimersByTimeAsync(29_000);
    });
    expect(screen.getByRole('button', { name: `${RESEND_CODE_LABEL} in 0:01` })).toBeDisabled();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1_000);
    });
    const again = screen.getByRole('button', { name: RESEND_CODE_LABEL });
    expect(again).toBeEnabled();
    await user.click(again);
    await vi.waitFor(() => {
      expect(calls(fetchMock, '/api/auth/email-code')).toBe(2);
    });
  });

  it('shows why a new code could not be sent (too many asked), with no cooldown', async () => {
    renderForm({
      [RESEND_API]: () =>
        jsonResponse(429, { error: { code: 'RATE_LIMITED', message: 'Too many codes. Please wait a few minutes.' } }),
    });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: RESEND_CODE_LABEL }));
    await findInlineAlert('Too many codes. Please wait a few minutes.');
    expect(screen.getByRole('button', { name: RESEND_CODE_LABEL })).toBeEnabled();
  });

  it('offers another email only when the page can take one', async () => {
    const onChangeEmail = vi.fn();
    renderForm({}, { onChangeEmail });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Use another email' }));
    expect(onChangeEmail).toHaveBeenCalledOnce();
  });

  it('has no other-email button without a handler', () => {
    renderForm({});
    expect(screen.queryByRole('button', { name: 'Use another email' })).not.toBeInTheDocument();
  });
});
