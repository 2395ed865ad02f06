import { defineProject, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config.ts';

export default mergeConfig(
  viteConfig,
  defineProject({
    test: {
      name: 'web',
      environment: 'jsdom',
      setupFiles: ['./src/test-setup.ts'],
      include: ['src/**/*.test.{ts,tsx}'],
      // One jsdom per worker instead of one per file (54 s → 25 s on 2 cores): test-setup.ts
      // unmounts, clears storage and restores fetch after every test, so files cannot see each
      // other's state; to rule that out when a test fails only in company, run it with --isolate.
      isolate: false,
      // A form test types, uploads and waits on timers; beside the server suites, the type check
      // and the build (npm test runs them together on 2 cores) one took over the 5 s default.
      testTimeout: 15_000,
    },
  }),
);
