import { defineProject, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config.ts';
import { ISOLATED_TESTS, WEB_TEST_BASE } from './vitest.config.ts';

/** The web tests that replace a module (vi.mock), each file in a module graph of its own. */
export default mergeConfig(
  viteConfig,
  defineProject({
    test: {
      ...WEB_TEST_BASE,
      name: 'web-isolated',
      include: [ISOLATED_TESTS],
      isolate: true,
    },
  }),
);
