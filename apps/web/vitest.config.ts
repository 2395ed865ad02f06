import { defineProject, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config.ts';

/** A test that replaces a module (vi.mock) is named so; it runs in vitest.isolated.config.ts. */
export const ISOLATED_TESTS = 'src/**/*.isolated.test.{ts,tsx}';

/** What every web test runs in, shared and isolated alike. */
export const WEB_TEST_BASE: { environment: 'jsdom'; setupFiles: string[]; testTimeout: number } = {
  environment: 'jsdom',
  setupFiles: ['./src/test-setup.ts'],
  // A form test types, uploads and waits on timers; beside the server suites, the type check
  // and the build (npm test runs them together on 2 cores) one took over the 5 s default.
  testTimeout: 15_000,
};

export default mergeConfig(
  viteConfig,
  defineProject({
    test: {
      ...WEB_TEST_BASE,
      name: 'web',
      include: ['src/**/*.test.{ts,tsx}'],
      // Never in this shared module graph: a component another file had loaded keeps the real
      // module, and the mock never reaches it (such tests failed only in company).
      exclude: [ISOLATED_TESTS],
      // One jsdom per worker instead of one per file (54 s → 25 s on 2 cores): test-setup.ts
      // unmounts, clears storage and restores fetch after every test, so files cannot see each
      // other's state; to rule that out when a test fails only in company, run it with --isolate.
      isolate: false,
    },
  }),
);
