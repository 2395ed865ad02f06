/**
 * Stable error codes shared by server and web. The web branches on `code`,
 * never on message text; the server maps each code to exactly one HTTP status.
 */
export const ERROR_STATUS = {
  VALIDATION_FAILED: 400,
  BAD_REQUEST: 400,
  RESET_LINK_INVALID: 400,
  /** A sign-in code that is wrong, used or expired (ADR 022). */
  CODE_INVALID: 400,
  UNAUTHENTICATED: 401,
  INVALID_CREDENTIALS: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  /** A creator's old address, within its cooling-off period: `movedTo` names her page now. */
  CREATOR_MOVED: 404,
  /** A creator's old address, within its cooling-off period, whose creator is suspended or gone. */
  CREATOR_GONE: 404,
  CONFLICT: 409,
  EMAIL_TAKEN: 409,
  HANDLE_TAKEN: 409,
  ALREADY_UNLOCKED: 409,
  /**
   * A visitor's checkout with an email that already has an account (ADR 022): a code was sent;
   * she signs in with it (POST /api/auth/sign-in/code) and orders again, signed in.
   */
  SIGN_IN_WITH_CODE: 409,
  PRICE_CHANGED: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  PAYMENT_PROVIDER_UNAVAILABLE: 502,
  SERVICE_UNAVAILABLE: 503,
} as const satisfies Record<string, number>;

export type ErrorCode = keyof typeof ERROR_STATUS;

/** Per-field messages for VALIDATION_FAILED, keyed by the field's name in the request. */
export type FieldErrors = Record<string, string>;

/** Where a creator's page is now, for CREATOR_MOVED: her current handle and her name. */
export interface CreatorMovedTo {
  handle: string;
  name: string;
}

export interface ApiErrorBody {
  error: {
    code: ErrorCode;
    message: string;
    fields?: FieldErrors;
    /** With CREATOR_MOVED only. */
    movedTo?: CreatorMovedTo;
  };
}
