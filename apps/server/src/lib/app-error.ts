import {
  type CreatorMovedTo,
  ERROR_STATUS,
  type ErrorCode,
  type FieldErrors,
  type Locale,
  type MessageKey,
  type MessageParams,
} from '@kholo/contracts';

/**
 * How to say a message whose filled-in parts depend on the language (a date): its catalogue key
 * and its parameters written for the reader's locale. Found-by-its-words would keep the English date.
 */
export interface LocalizedMessage {
  key: MessageKey;
  params: (locale: Locale) => MessageParams;
}

/**
 * The only error type services throw on purpose. `message` is shown to people as is,
 * so it must be written for them; `code` is what programs branch on.
 */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly fields: FieldErrors | undefined;
  /** Where the creator's page is now, with CREATOR_MOVED. */
  readonly movedTo: CreatorMovedTo | undefined;
  readonly localized: LocalizedMessage | undefined;

  constructor(
    code: ErrorCode,
    message: string,
    options: { fields?: FieldErrors; movedTo?: CreatorMovedTo; localized?: LocalizedMessage; cause?: unknown } = {},
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'AppError';
    this.code = code;
    this.fields = options.fields;
    this.movedTo = options.movedTo;
    this.localized = options.localized;
  }

  get statusCode(): number {
    return ERROR_STATUS[this.code];
  }
}
