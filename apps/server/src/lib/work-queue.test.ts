import { describe, expect, it } from 'vitest';
import { createWorkQueue } from './work-queue.js';

/** A task the test finishes by hand, recording when it started. */
function gate(log: string[], name: string) {
  let finish!: () => void;
  let fail!: (error: Error) => void;
  const done = new Promise<string>((resolve, reject) => {
    finish = () => {
      resolve(name);
    };
    fail = reject;
  });
  return {
    task: () => {
      log.push(name);
      return done;
    },
    finish,
    fail,
  };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('createWorkQueue', () => {
  it('runs at most `concurrency` tasks at once, the next starting as one ends, in order', async () => {
    const queue = createWorkQueue({ concurrency: 2, budget: 100 });
    const started: string[] = [];
    const [a, b, c, d] = ['a', 'b', 'c', 'd'].map((name) => gate(started, name)) as [
      ReturnType<typeof gate>,
      ReturnType<typeof gate>,
      ReturnType<typeof gate>,
      ReturnType<typeof gate>,
    ];
    const results = [a, b, c, d].map((g) => queue.run(1, g.task));
    await settle();
    expect(started).toEqual(['a', 'b']);
    expect([queue.running, queue.waiting]).toEqual([2, 2]);
    b.finish();
    await settle();
    expect(started).toEqual(['a', 'b', 'c']);
    a.finish();
    c.finish();
    d.finish();
    expect(await Promise.all(results)).toEqual(['a', 'b', 'c', 'd']);
    expect([queue.running, queue.waiting]).toEqual([0, 0]);
  });

  it('keeps the weight in flight within the budget, and runs a task heavier than the budget alone', async () => {
    const queue = createWorkQueue({ concurrency: 3, budget: 100 });
    const started: string[] = [];
    const heavy = gate(started, 'heavy');
    const light = gate(started, 'light');
    const huge = gate(started, 'huge');
    const small = gate(started, 'small');
    const runs = [
      queue.run(70, heavy.task),
      queue.run(40, light.task),
      queue.run(500, huge.task),
      queue.run(1, small.task),
    ];
    await settle();
    // 70 + 40 is over the budget: light waits although a slot is free.
    expect(started).toEqual(['heavy']);
    heavy.finish();
    await settle();
    // light (40) runs; huge (500) waits for the queue to empty, and small waits behind it (no overtaking).
    expect(started).toEqual(['heavy', 'light']);
    light.finish();
    await settle();
    expect(started).toEqual(['heavy', 'light', 'huge']);
    huge.finish();
    await settle();
    expect(started).toEqual(['heavy', 'light', 'huge', 'small']);
    small.finish();
    await Promise.all(runs);
  });

  it('frees the slot of a task that fails, and passes its error on', async () => {
    const queue = createWorkQueue({ concurrency: 1, budget: 10 });
    const started: string[] = [];
    const failing = gate(started, 'failing');
    const next = gate(started, 'next');
    const first = queue.run(5, failing.task);
    const second = queue.run(5, next.task);
    failing.fail(new Error('could not decode'));
    await expect(first).rejects.toThrow('could not decode');
    await settle();
    expect(started).toEqual(['failing', 'next']);
    next.finish();
    expect(await second).toBe('next');
    expect(queue.running).toBe(0);
  });

  it('lets weightless work (video, decoded by ffmpeg) through on the concurrency alone', async () => {
    const queue = createWorkQueue({ concurrency: 2, budget: 100 });
    const started: string[] = [];
    const image = gate(started, 'image');
    const video = gate(started, 'video');
    const runs = [queue.run(100, image.task), queue.run(0, video.task)];
    await settle();
    expect(started).toEqual(['image', 'video']);
    image.finish();
    video.finish();
    await Promise.all(runs);
  });
});
