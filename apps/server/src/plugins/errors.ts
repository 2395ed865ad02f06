import { addCatalogue, localizeMessage, translate, type ApiErrorBody, type ErrorCode } from '@kholo/contracts';
import { HINDI_CATALOGUE } from '@kholo/contracts/hindi';
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/app-error.js';
import { localeOfRequest } from '../lib/request-locale.js';

/** Messages for Fastify's own 4xx errors, so people never see framework wording. */
const FRAMEWORK_ERRORS: Record<number, { code: ErrorCode; message: string }> = {
  400: { code: 'BAD_REQUEST', message: 'The request could not be read. Send valid JSON.' },
  413: { code: 'PAYLOAD_TOO_LARGE', message: 'The request is too large.' },
  415: { code: 'UNSUPPORTED_MEDIA_TYPE', message: 'Send the request as JSON (Content-Type: application/json).' },
  429: { code: 'RATE_LIMITED', message: 'Too many requests. Please wait a little and try again.' },
};

const INTERNAL_MESSAGE = 'Something went wrong on our side. Please try again in a moment.';

// Error messages are said in the reader's language (ADR 030): the server holds the Hindi catalogue.
addCatalogue('hi', HINDI_CATALOGUE);

/**
 * Sends `{ error: { code, message, fields?, movedTo? } }`. The message and the field messages are
 * in the reader's language where the catalogue knows them (the code is what programs compare).
 */
export function sendError(reply: FastifyReply, error: AppError): FastifyReply {
  const locale = localeOfRequest(reply.request);
  const say = (message: string) => localizeMessage(locale, message);
  const message =
    error.localized !== undefined && locale !== 'en'
      ? translate(locale, error.localized.key, error.localized.params(locale))
      : say(error.message);
  const body: ApiErrorBody = { error: { code: error.code, message } };
  if (error.fields !== undefined) {
    body.error.fields = Object.fromEntries(
      Object.entries(error.fields).map(([field, message]) => [field, say(message)]),
    );
  }
  if (error.movedTo !== undefined) body.error.movedTo = error.movedTo;
  return reply.status(error.statusCode).send(body);
}

/** One shape for every failure: `{ error: { code, message, fields?, movedTo? } }`, and nothing internal in a 5xx. */
export const errorsPlugin = fp(
  (app: FastifyInstance) => {
    app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
      if (error instanceof AppError) {
        if (error.statusCode >= 500) request.log.error({ err: error }, 'request failed');
        return sendError(reply, error);
      }

      const status = error.statusCode ?? 500;
      const known = FRAMEWORK_ERRORS[status];
      if (known !== undefined) {
        request.log.info({ code: error.code, status }, known.message);
        return sendError(reply, new AppError(known.code, known.message));
      }
      if (status >= 400 && status < 500) {
        return sendError(reply, new AppError('BAD_REQUEST', 'The request is not valid.'));
      }

      request.log.error({ err: error }, 'unhandled error');
      return sendError(reply, new AppError('INTERNAL', INTERNAL_MESSAGE));
    });
  },
  { name: 'errors' },
);

/** Unknown API paths answer JSON; the static-web plugin replaces this for page paths. */
export function apiNotFound(method: string, url: string): AppError {
  const pathOnly = url.split('?')[0] ?? url;
  return new AppError('NOT_FOUND', `There is no API route ${method} ${pathOnly}.`);
}
