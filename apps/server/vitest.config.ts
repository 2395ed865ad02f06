import { defineProject } from 'vitest/config';

export default defineProject({
  resolve: { conditions: ['source'] },
  ssr: { resolve: { conditions: ['source'] } },
  test: {
    name: 'server',
    environment: 'node',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // Each file gets its own database, so files run in parallel; PostgreSQL runs get a schema each.
    pool: 'forks',
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
});
