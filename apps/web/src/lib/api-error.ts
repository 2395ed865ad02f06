import type { CreatorMovedTo, ErrorCode, FieldErrors } from '@kholo/contracts';

/*
 * The error class on its own, without zod, so code that only needs to recognise API errors
 * (the query client's retry rule, on every page) doesn't pull the request code in with it.
 */

/** Codes the browser can see: the server's, plus one for requests that never got an answer. */
export type ApiErrorCode = ErrorCode | 'NETWORK_ERROR';

/** The only error the API layer throws. Branch on `code`, show `message`. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly code: ApiErrorCode;
  /** HTTP status, or 0 when the request never reached the server. */
  readonly status: number;
  /** Per-field messages for VALIDATION_FAILED, keyed by the request's field names. */
  readonly fields: FieldErrors;
  /** Where the creator's page is now, for CREATOR_MOVED. */
  readonly movedTo: CreatorMovedTo | null;

  constructor(
    code: ApiErrorCode,
    message: string,
    status: number,
    fields: FieldErrors = {},
    movedTo: CreatorMovedTo | null = null,
  ) {
    super(message);
    this.code = code;
    this.status = status;
    this.fields = fields;
    this.movedTo = movedTo;
  }
}

export const NETWORK_ERROR_MESSAGE = 'Could not reach Kholo. Check your connection and try again.';
export const UNEXPECTED_ERROR_MESSAGE = 'Something went wrong on our side. Please try again.';
