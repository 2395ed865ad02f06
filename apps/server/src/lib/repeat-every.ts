/**
 * Runs `task` every `intervalMs` until stop(), never two runs at once: a tick that finds the
 * last run still going is skipped. A run that fails goes to `onFailure`, and the next tick runs
 * again. The timer keeps no process alive; stop() waits for a run still going.
 */
export function repeatEvery(
  intervalMs: number,
  task: () => Promise<unknown>,
  onFailure: (error: unknown) => void,
): { stop(): Promise<void> } {
  let running: Promise<void> | null = null;
  const timer = setInterval(() => {
    if (running !== null) return;
    running = Promise.resolve()
      .then(task)
      .then(() => undefined, onFailure)
      .finally(() => {
        running = null;
      });
  }, intervalMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
