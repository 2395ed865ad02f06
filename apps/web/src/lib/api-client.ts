import { ERROR_STATUS, type ApiErrorBody, type ErrorCode } from '@kholo/contracts';
// zod/mini: contracts' schemas work with it, and it is a fraction of full zod's size.
import * as z from 'zod/mini';
import type { $ZodType } from 'zod/v4/core';
import { ApiError, NETWORK_ERROR_MESSAGE, UNEXPECTED_ERROR_MESSAGE } from './api-error.ts';

export { ApiError, NETWORK_ERROR_MESSAGE, UNEXPECTED_ERROR_MESSAGE, type ApiErrorCode } from './api-error.ts';

// Runtime check of the contract's ApiErrorBody. `code` stays a string here so a code the server
// adds later still shows its message instead of being discarded.
const apiErrorBody = z.object({
  error: z.object({
    code: z.string(),
    message: z.string().check(z.minLength(1)),
    fields: z.optional(z.record(z.string(), z.string())),
  }),
});

type Assert<T extends true> = T;
/** Compile-time guard: stops type-checking if the contract's ApiErrorBody no longer fits the check above. */
export type ApiErrorBodyFitsContract = Assert<ApiErrorBody extends z.input<typeof apiErrorBody> ? true : false>;

function isErrorCode(code: string): code is ErrorCode {
  return Object.hasOwn(ERROR_STATUS, code);
}

/**
 * The code for a response whose body names none we know. VALIDATION_FAILED is never guessed:
 * it promises per-field messages, which only the server can give.
 */
function codeForStatus(status: number): ErrorCode {
  const match = Object.entries(ERROR_STATUS).find(([code, value]) => value === status && code !== 'VALIDATION_FAILED');
  if (match) return match[0] as ErrorCode;
  return status >= 400 && status < 500 ? 'BAD_REQUEST' : 'INTERNAL';
}

async function errorFromResponse(response: Response): Promise<ApiError> {
  const text = await response.text().catch(() => '');
  let parsed: ReturnType<typeof z.safeParse<typeof apiErrorBody>> | undefined;
  try {
    parsed = z.safeParse(apiErrorBody, JSON.parse(text));
  } catch {
    parsed = undefined;
  }
  if (parsed?.success) {
    const { code, message, fields } = parsed.data.error;
    return new ApiError(
      isErrorCode(code) ? code : codeForStatus(response.status),
      message,
      response.status,
      fields ?? {},
    );
  }
  // A proxy's HTML page or an empty body: fall back to the status, never show raw text.
  return new ApiError(codeForStatus(response.status), UNEXPECTED_ERROR_MESSAGE, response.status);
}

export interface ApiRequestOptions<T> {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON. */
  body?: unknown;
  /** When given (a zod or zod/mini schema), the response is checked against it; otherwise it is trusted as T. */
  schema?: $ZodType<T>;
  signal?: AbortSignal;
}

/**
 * Calls Kholo's JSON API on the same origin (cookies included). Resolves with the parsed body,
 * or throws ApiError for an error response or a network failure.
 */
export async function apiRequest<T>(path: string, options: ApiRequestOptions<T> = {}): Promise<T> {
  const { method = 'GET', body, schema, signal } = options;
  const headers: Record<string, string> = { accept: 'application/json' };
  const init: RequestInit = { method, headers, credentials: 'same-origin' };
  if (body !== undefined) {
    headers['content-type'] = 'application/json';
    init.body = JSON.stringify(body);
  }
  if (signal) init.signal = signal;

  let response: Response;
  try {
    response = await fetch(path, init);
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    throw new ApiError('NETWORK_ERROR', NETWORK_ERROR_MESSAGE, 0);
  }

  if (!response.ok) throw await errorFromResponse(response);

  if (response.status === 204) return undefined as T;
  let json: unknown;
  try {
    json = await response.json();
  } catch {
    throw new ApiError('INTERNAL', UNEXPECTED_ERROR_MESSAGE, response.status);
  }
  if (!schema) return json as T;
  const result = z.safeParse(schema, json);
  if (!result.success) throw new ApiError('INTERNAL', UNEXPECTED_ERROR_MESSAGE, response.status);
  return result.data;
}
