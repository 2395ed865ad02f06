import { contactMessageCreated } from '@kholo/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiErrorFrom, apiRequest, NETWORK_ERROR_MESSAGE, UNEXPECTED_ERROR_MESSAGE } from './api-client.ts';

const fetchMock = vi.fn<typeof fetch>();

function respond(status: number, body: string, contentType = 'application/json') {
  fetchMock.mockResolvedValue(new Response(body, { status, headers: { 'content-type': contentType } }));
}

async function caught(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => {
      throw new Error('expected the request to fail');
    },
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

describe('apiRequest', () => {
  beforeEach(() => {
    fetchMock.mockReset();
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('sends JSON with same-origin credentials and returns the parsed body', async () => {
    respond(201, JSON.stringify({ id: 'm1', createdAt: 5 }));
    const result = await apiRequest('/api/contact', { method: 'POST', body: { a: 1 }, schema: contactMessageCreated });
    expect(result).toEqual({ id: 'm1', createdAt: 5 });
    const [, init] = fetchMock.mock.calls[0]!;
    expect(init).toMatchObject({ method: 'POST', body: '{"a":1}', credentials: 'same-origin' });
    expect(new Headers(init?.headers).get('content-type')).toBe('application/json');
  });

  it('sends no body or content type on GET', async () => {
    respond(200, '{"ok":true}');
    await apiRequest('/api/thing');
    const [, init] = fetchMock.mock.calls[0]!;
    expect(init?.body).toBeUndefined();
    expect(new Headers(init?.headers).has('content-type')).toBe(false);
  });

  it('sends a FormData body as it is, leaving the multipart content type to the browser', async () => {
    respond(200, '{"ok":true}');
    const form = new FormData();
    form.append('file', new File(['x'], 'a.png', { type: 'image/png' }));
    await apiRequest('/api/studio/avatar', { method: 'POST', body: form });
    const [, init] = fetchMock.mock.calls[0]!;
    expect(init?.body).toBe(form);
    expect(new Headers(init?.headers).has('content-type')).toBe(false);
  });

  it('turns an ApiErrorBody into an ApiError with code, status, message and fields', async () => {
    respond(
      400,
      JSON.stringify({ error: { code: 'VALIDATION_FAILED', message: 'Check the form.', fields: { email: 'Bad.' } } }),
    );
    const error = await caught(apiRequest('/api/contact', { method: 'POST', body: {} }));
    expect(error).toMatchObject({
      code: 'VALIDATION_FAILED',
      status: 400,
      message: 'Check the form.',
      fields: { email: 'Bad.' },
    });
  });

  it('reads where a creator moved from CREATOR_MOVED, and drops a new address that does not fit', async () => {
    const movedTo = { handle: 'pink-city-lens', name: 'Priya Sharma' };
    respond(
      404,
      JSON.stringify({ error: { code: 'CREATOR_MOVED', message: 'This creator has a new address.', movedTo } }),
    );
    expect(await caught(apiRequest('/api/creators/priya-sharma'))).toMatchObject({
      code: 'CREATOR_MOVED',
      status: 404,
      movedTo,
    });
    respond(404, JSON.stringify({ error: { code: 'CREATOR_MOVED', message: 'Moved.', movedTo: { handle: 42 } } }));
    expect(await caught(apiRequest('/api/creators/priya-sharma'))).toMatchObject({
      code: 'CREATOR_MOVED',
      movedTo: null,
    });
    respond(404, '');
    expect(await caught(apiRequest('/api/creators/priya-sharma'))).toMatchObject({ code: 'NOT_FOUND', movedTo: null });
  });

  it('keeps the message of a code it does not know, and takes the code from the status', async () => {
    respond(429, JSON.stringify({ error: { code: 'SLOW_DOWN', message: 'Easy there.' } }));
    const error = await caught(apiRequest('/api/x'));
    expect(error).toMatchObject({ code: 'RATE_LIMITED', status: 429, message: 'Easy there.', fields: {} });
  });

  it.each([
    [400, '<html>Bad request</html>', 'BAD_REQUEST'],
    [400, JSON.stringify({ error: { code: 'SOMETHING_NEW', message: 'New rule.' } }), 'BAD_REQUEST'],
    [405, '', 'BAD_REQUEST'],
    [503, '', 'SERVICE_UNAVAILABLE'],
    [504, '', 'INTERNAL'],
  ])(
    'never guesses VALIDATION_FAILED from a bare %i, which would promise field messages',
    async (status, body, code) => {
      respond(status, body);
      const error = await caught(apiRequest('/api/x'));
      expect(error.code).toBe(code);
      expect(error.fields).toEqual({});
    },
  );

  it('takes a bare 502 for a proxy’s bad gateway, not the payment provider being down', async () => {
    respond(502, '');
    expect((await caught(apiRequest('/api/x'))).code).toBe('INTERNAL');
    respond(502, JSON.stringify({ error: { code: 'PAYMENT_PROVIDER_UNAVAILABLE', message: 'Payments are down.' } }));
    expect(await caught(apiRequest('/api/x'))).toMatchObject({
      code: 'PAYMENT_PROVIDER_UNAVAILABLE',
      status: 502,
      message: 'Payments are down.',
    });
  });

  it('never shows a non-JSON error page', async () => {
    respond(502, '<html>Bad gateway</html>', 'text/html');
    const error = await caught(apiRequest('/api/x'));
    expect(error).toMatchObject({ code: 'INTERNAL', status: 502, message: UNEXPECTED_ERROR_MESSAGE });
  });

  it('reports a network failure as NETWORK_ERROR with status 0', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const error = await caught(apiRequest('/api/x'));
    expect(error).toMatchObject({ code: 'NETWORK_ERROR', status: 0, message: NETWORK_ERROR_MESSAGE });
  });

  it('lets an abort through untouched', async () => {
    fetchMock.mockRejectedValue(new DOMException('Aborted', 'AbortError'));
    await expect(apiRequest('/api/x')).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('refuses a success body that breaks the schema', async () => {
    respond(201, JSON.stringify({ id: 1 }));
    const error = await caught(apiRequest('/api/contact', { schema: contactMessageCreated }));
    expect(error).toMatchObject({ code: 'INTERNAL', message: UNEXPECTED_ERROR_MESSAGE });
  });

  it('returns undefined for 204', async () => {
    fetchMock.mockResolvedValue(new Response(null, { status: 204 }));
    await expect(apiRequest('/api/x', { method: 'DELETE' })).resolves.toBeUndefined();
  });
});

describe('apiErrorFrom', () => {
  it('reads an ApiErrorBody from response text', () => {
    const text = JSON.stringify({ error: { code: 'PAYLOAD_TOO_LARGE', message: 'File size exceeds 50MB limit.' } });
    expect(apiErrorFrom(413, text)).toMatchObject({
      code: 'PAYLOAD_TOO_LARGE',
      status: 413,
      message: 'File size exceeds 50MB limit.',
      fields: {},
    });
  });

  it('uses the given fallback message for a body that is not an ApiErrorBody', () => {
    expect(apiErrorFrom(502, '<html>Bad gateway</html>', 'Upload failed.')).toMatchObject({
      code: 'INTERNAL',
      status: 502,
      message: 'Upload failed.',
    });
    expect(apiErrorFrom(500, '')).toMatchObject({ message: UNEXPECTED_ERROR_MESSAGE });
  });
});
