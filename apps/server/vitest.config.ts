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
    // Files share a worker's module cache instead of importing Fastify, better-auth, the AWS SDK
    // and the app afresh for each of ~70 files (100 s → 68 s on 2 cores). Every file builds its
    // own app, database and clock, and no test mocks modules, so nothing leaks between files;
    // to rule that out when a test fails only in company, run it with --isolate.
    isolate: false,
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
});
