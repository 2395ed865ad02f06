export interface WorkQueue {
  /**
   * Runs `task` once its turn comes: at most `concurrency` tasks at once, and together no more
   * than `budget` of weight unless one task alone is heavier (it then runs by itself). Tasks
   * start in the order they were queued, so a heavy one is never starved by light ones.
   */
  run<T>(weight: number, task: () => Promise<T>): Promise<T>;
  /** Tasks running and waiting, for logs and tests. */
  readonly running: number;
  readonly waiting: number;
}

/** A bound on work that is cheap to ask for and expensive to do (decoding images) in one process. */
export function createWorkQueue(limits: { concurrency: number; budget: number }): WorkQueue {
  let running = 0;
  let weightInFlight = 0;
  const queue: { weight: number; start: () => void }[] = [];

  const fits = (weight: number) =>
    running < limits.concurrency && (running === 0 || weightInFlight + weight <= limits.budget);

  function startWhatFits(): void {
    for (let next = queue[0]; next !== undefined && fits(next.weight); next = queue[0]) {
      queue.shift();
      running += 1;
      weightInFlight += next.weight;
      next.start();
    }
  }

  return {
    async run(weight, task) {
      await new Promise<void>((start) => {
        queue.push({ weight, start });
        startWhatFits();
      });
      try {
        return await task();
      } finally {
        running -= 1;
        weightInFlight -= weight;
        startWhatFits();
      }
    },
    get running() {
      return running;
    },
    get waiting() {
      return queue.length;
    },
  };
}
