export interface ErrorLogger {
  error(details: object, message: string): void;
}

/**
 * An error log that writes at most once every `intervalMs`: while a store is down, the same
 * failure repeats on every request and every reconnect, and one line a minute says as much.
 * The next line written says how many were left out.
 */
export function errorLogAtMostEvery(logger: ErrorLogger, intervalMs: number): ErrorLogger['error'] {
  let lastWrittenAt = Number.NEGATIVE_INFINITY;
  let leftOut = 0;
  return (details, message) => {
    const now = Date.now();
    if (now - lastWrittenAt < intervalMs) {
      leftOut += 1;
      return;
    }
    lastWrittenAt = now;
    logger.error(leftOut === 0 ? details : { ...details, leftOut }, message);
    leftOut = 0;
  };
}
