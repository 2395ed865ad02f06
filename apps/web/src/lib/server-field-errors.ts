import type { FieldPath, FieldValues, UseFormSetError } from 'react-hook-form';
import { ApiError } from './api-error.ts';

/**
 * Puts the server's per-field messages (an ApiError's `fields`, sent with VALIDATION_FAILED) under
 * the form's own fields, and focuses the first of them. `fields` maps the server's name for each
 * field to the form's, in the form's order; names the form doesn't have are left to the caller's
 * form-level message. Returns whether any field took a message.
 */
export function setServerFieldErrors<Values extends FieldValues>(
  setError: UseFormSetError<Values>,
  error: unknown,
  fields: Readonly<Record<string, FieldPath<Values>>>,
): boolean {
  if (!(error instanceof ApiError)) return false;
  let first = true;
  for (const [serverName, name] of Object.entries(fields)) {
    const message = error.fields[serverName];
    if (message === undefined) continue;
    setError(name, { type: 'server', message }, { shouldFocus: first });
    first = false;
  }
  return !first;
}
