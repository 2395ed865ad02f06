import { AppError } from '../../lib/app-error.js';
import { type AttemptLimiter, waitDescription } from '../../lib/attempt-limiter.js';

/**
 * Counts the attempt, or refuses it with `reason` and how long to wait. `onRefused` gives back
 * what an earlier limit counted for this same attempt, since the attempt never happens: also
 * when this count fails (the store went away between the two), so a person is not charged an
 * attempt for a 503.
 */
export async function countOrRefuse(
  limiter: AttemptLimiter,
  key: string,
  reason: string,
  onRefused: () => Promise<void> = () => Promise.resolve(),
): Promise<void> {
  const waitMs = await undoingOnFailure(limiter.record(key), onRefused);
  if (waitMs <= 0) return;
  await onRefused();
  throw rateLimited(reason, waitMs);
}

export function rateLimited(reason: string, waitMs: number): AppError {
  return new AppError('RATE_LIMITED', `${reason} Please try again ${waitDescription(waitMs)}.`);
}

/** `counting`'s result; when it fails, `undo` first gives back what the attempt counted before. */
export async function undoingOnFailure<T>(counting: Promise<T>, undo: () => Promise<void>): Promise<T> {
  try {
    return await counting;
  } catch (error) {
    // The store that just failed will most likely fail this too; that count then simply ends
    // with its window, and the person is told about the first failure, not this one.
    await undo().catch(() => undefined);
    throw error;
  }
}
