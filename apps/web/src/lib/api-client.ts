import {
  ERROR_STATUS,
  type ApiErrorBody,
  type CreatorMovedTo,
  type ErrorCode,
  type FieldErrors,
} from '@kholo/contracts';
// Types only: schemas are run through their Standard Schema `validate`, so this module (on every
// page's first load, since GET /api/me uses it) carries no zod code at all (ADR 007).
import type { $ZodType } from 'zod/v4/core';
import { ApiError, NETWORK_ERROR_MESSAGE, UNEXPECTED_ERROR_MESSAGE } from './api-error.ts';

export { ApiError, NETWORK_ERROR_MESSAGE, UNEXPECTED_ERROR_MESSAGE, type ApiErrorCode } from './api-error.ts';

// The contract's ApiErrorBody as checked at run time. `code` stays a string here so a code the
// server adds later still shows its message instead of being discarded.
interface ErrorBody {
  code: string;
  message: string;
  fields?: FieldErrors;
  movedTo?: CreatorMovedTo;
}

type Assert<T extends true> = T;
/** Compile-time guard: stops type-checking if the contract's ApiErrorBody no longer fits the check below. */
export type ApiErrorBodyFitsContract = Assert<ApiErrorBody['error'] extends ErrorBody ? true : false>;

/** A plain JSON object (not null, not an array): the first thing a hand check of an answer asks. */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A creator's new address as CREATOR_MOVED names it, or undefined when there is none that fits. */
function readMovedTo(value: unknown): CreatorMovedTo | undefined {
  if (!isRecord(value)) return undefined;
  const { handle, name } = value;
  if (typeof handle !== 'string' || handle.length === 0 || typeof name !== 'string') return undefined;
  return { handle, name };
}

/** The body's `error`, or undefined when the body is not an ApiErrorBody (a proxy's page, a stray shape). */
function readErrorBody(json: unknown): ErrorBody | undefined {
  if (!isRecord(json) || !isRecord(json.error)) return undefined;
  const { code, message, fields } = json.error;
  if (typeof code !== 'string' || typeof message !== 'string' || message.length === 0) return undefined;
  const movedTo = readMovedTo(json.error.movedTo);
  const body: ErrorBody = movedTo === undefined ? { code, message } : { code, message, movedTo };
  if (fields === undefined) return body;
  if (!isRecord(fields) || !Object.values(fields).every((value) => typeof value === 'string')) return undefined;
  return { ...body, fields: fields as FieldErrors };
}

function isErrorCode(code: string): code is ErrorCode {
  return Object.hasOwn(ERROR_STATUS, code);
}

/**
 * Codes that say more than their status, so only the server's body may name them:
 * VALIDATION_FAILED promises per-field messages, a bare 502 is any proxy's bad gateway,
 * not a word from the payment provider, and a bare 404 is no creator's old address.
 */
const NEVER_GUESSED: ReadonlySet<string> = new Set<ErrorCode>([
  'VALIDATION_FAILED',
  'PAYMENT_PROVIDER_UNAVAILABLE',
  'CREATOR_MOVED',
  'CREATOR_GONE',
]);

/** The code for a response whose body names none we know. */
function codeForStatus(status: number): ErrorCode {
  const match = Object.entries(ERROR_STATUS).find(([code, value]) => value === status && !NEVER_GUESSED.has(code));
  if (match) return match[0] as ErrorCode;
  return status >= 400 && status < 500 ? 'BAD_REQUEST' : 'INTERNAL';
}

/**
 * The ApiError for an error response's status and body text. Also used for requests made without
 * fetch (an XMLHttpRequest upload, for its progress events). `fallbackMessage` is shown when the
 * body is not an ApiErrorBody (a proxy's HTML page, an empty body): raw text is never shown.
 */
export function apiErrorFrom(status: number, text: string, fallbackMessage = UNEXPECTED_ERROR_MESSAGE): ApiError {
  let body: ErrorBody | undefined;
  try {
    body = readErrorBody(JSON.parse(text));
  } catch {
    body = undefined;
  }
  if (body) {
    const { code, message, fields, movedTo } = body;
    return new ApiError(
      isErrorCode(code) ? code : codeForStatus(status),
      message,
      status,
      fields ?? {},
      movedTo ?? null,
    );
  }
  return new ApiError(codeForStatus(status), fallbackMessage, status);
}

async function errorFromResponse(response: Response): Promise<ApiError> {
  const text = await response.text().catch(() => '');
  return apiErrorFrom(response.status, text);
}

export interface ApiRequestOptions<T> {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON, or as multipart/form-data when it is a FormData (the browser sets the boundary). */
  body?: unknown;
  /** When given (a zod or zod/mini schema), the response is checked against it and its output returned; otherwise it is trusted as T. */
  schema?: $ZodType<T>;
  signal?: AbortSignal;
  /** 'omit' asks as a visitor would, without the session's cookie (a creator's "view as a fan"). */
  credentials?: 'same-origin' | 'omit';
}

/**
 * Calls Kholo's JSON API on the same origin (cookies included). Resolves with the parsed body,
 * or throws ApiError for an error response or a network failure.
 */
export async function apiRequest<T>(path: string, options: ApiRequestOptions<T> = {}): Promise<T> {
  const { method = 'GET', body, schema, signal, credentials = 'same-origin' } = options;
  const headers: Record<string, string> = { accept: 'application/json' };
  const init: RequestInit = { method, headers, credentials };
  if (body instanceof FormData) {
    init.body = body;
  } else if (body !== undefined) {
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
  const result = await schema['~standard'].validate(json);
  if (result.issues) throw new ApiError('INTERNAL', UNEXPECTED_ERROR_MESSAGE, response.status);
  return result.value;
}
