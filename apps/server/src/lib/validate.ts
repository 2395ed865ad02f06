import type { FieldErrors } from '@kholo/contracts';
import type { z } from 'zod';
import { AppError } from './app-error.js';

/**
 * Parses untrusted input with a contracts schema. Failures become one VALIDATION_FAILED
 * error carrying the first message for each field, which the web shows under that field.
 */
export function parseInput<Schema extends z.ZodType>(schema: Schema, input: unknown): z.output<Schema> {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;

  const fields: FieldErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path.length > 0 ? issue.path.map(String).join('.') : '_';
    fields[field] ??= issue.message;
  }
  const first = Object.values(fields)[0] ?? 'The request is not valid.';
  const message = fields['_'] === undefined ? 'Please check the highlighted fields.' : first;
  throw new AppError('VALIDATION_FAILED', message, { fields });
}
