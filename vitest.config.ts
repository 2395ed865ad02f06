import os from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: ['packages/contracts', 'apps/server', 'apps/web', 'apps/web/vitest.isolated.config.ts'],
    // Vitest's default is one worker fewer than the cores: a single worker on a 2-core machine.
    // Server tests wait on databases, ffmpeg and child processes, so one worker more than the
    // cores keeps them busy (measured on 2 cores: 240 s with 1 worker, 149 s with 3).
    maxWorkers: os.availableParallelism() + 1,
  },
});
