import { type CreatorMovedTo, ERROR_STATUS, type ErrorCode, type FieldErrors } from '@kholo/contracts';

/**
 * The only error type services throw on purpose. `message` is shown to people as is,
 * so it must be written for them; `code` is what programs branch on.
 */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly fields: FieldErrors | undefined;
  /** Where the creator's page is now, with CREATOR_MOVED. */
  readonly movedTo: CreatorMovedTo | undefined;

  constructor(
    code: ErrorCode,
    message: string,
    options: { fields?: FieldErrors; movedTo?: CreatorMovedTo; cause?: unknown } = {},
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'AppError';
    this.code = code;
    this.fields = options.fields;
    this.movedTo = options.movedTo;
  }

  get statusCode(): number {
    return ERROR_STATUS[this.code];
  }
}
