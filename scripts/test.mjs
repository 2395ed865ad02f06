// npm test: every check and every suite, in the order a failure is cheapest to find:
// lint + types, unit and integration tests on SQLite, the crash-safety rounds, the server tests
// again on a private PostgreSQL with S3 storage, then the browser journeys against the built
// app: on the embedded defaults, and again on PostgreSQL + S3 with two worker processes.
// Everything runs even after a failure so one run shows all problems; the exit code is
// non-zero if anything failed.
import fs from 'node:fs';
import path from 'node:path';
import { banner, root, run } from './lib.mjs';

const results = path.join(root, 'test-results');
fs.mkdirSync(results, { recursive: true });
const vitestJson = (name) => ['--reporter=default', '--reporter=json', `--outputFile.json=${path.join(results, name)}`];

const steps = [
  { name: 'check (lint, format, types)', command: 'npm', args: ['run', 'check', '--silent'] },
  {
    name: 'unit + integration (SQLite)',
    command: 'npx',
    args: ['vitest', 'run', ...vitestJson('vitest-sqlite.json')],
    report: 'vitest-sqlite.json',
  },
  // No JSON report: it counts as a failure only by its exit code.
  {
    name: 'crash safety (SQLite, 20 rounds)',
    command: process.execPath,
    args: ['scripts/crash-test.mjs', '--rounds', '20'],
  },
  {
    name: 'server integration (PostgreSQL + S3)',
    command: process.execPath,
    args: [
      'scripts/with-postgres.mjs',
      process.execPath,
      'scripts/with-s3.mjs',
      'npx',
      'vitest',
      'run',
      '--project',
      'server',
      ...vitestJson('vitest-postgres.json'),
    ],
    report: 'vitest-postgres.json',
  },
  {
    name: 'browser journeys (Playwright)',
    command: process.execPath,
    args: ['scripts/e2e.mjs'],
    report: 'e2e-report.json',
  },
  {
    // The same journeys in production shape: PostgreSQL, S3 and two worker processes.
    name: 'browser journeys (PG + S3, 2 workers)',
    command: process.execPath,
    args: [
      'scripts/with-postgres.mjs',
      process.execPath,
      'scripts/with-s3.mjs',
      process.execPath,
      'scripts/e2e.mjs',
      '--scaled',
    ],
    report: 'e2e-scaled-report.json',
  },
];

const outcomes = [];
for (const step of steps) {
  if (step.report) fs.rmSync(path.join(results, step.report), { force: true });
  banner(step.name);
  const started = Date.now();
  const code = await run(step.command, step.args);
  outcomes.push({
    ...step,
    code,
    seconds: (Date.now() - started) / 1000,
    counts: step.report ? readCounts(step.report) : null,
  });
}

banner('Summary');
const total = { passed: 0, failed: 0, skipped: 0 };
for (const outcome of outcomes) {
  const status = outcome.code === 0 ? 'ok  ' : 'FAIL';
  let detail = '';
  if (outcome.counts) {
    detail = `${outcome.counts.passed} passed, ${outcome.counts.failed} failed, ${outcome.counts.skipped} skipped`;
    for (const key of Object.keys(total)) total[key] += outcome.counts[key];
  } else if (outcome.code !== 0) {
    // A step that failed before reporting (lint, a cluster that would not start) is still a failure.
    detail = outcome.report ? 'failed before reporting' : 'failed';
    total.failed += 1;
  } else if (outcome.report) {
    detail = 'SKIPPED (see above)';
  }
  console.log(`${status} ${outcome.name.padEnd(40)} ${detail.padEnd(36)} ${outcome.seconds.toFixed(0)}s`);
}
const failedSteps = outcomes.filter((outcome) => outcome.code !== 0).length;
if (failedSteps > 0) console.error(`\n${failedSteps} step(s) failed.`);
// Keep this line last and in this form: CI reads it.
console.log(`\ntests: ${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped`);
process.exit(failedSteps > 0 ? 1 : 0);

function readCounts(file) {
  const full = path.join(results, file);
  if (!fs.existsSync(full)) return null;
  const report = JSON.parse(fs.readFileSync(full, 'utf8'));
  if (report.stats) {
    // Playwright: flaky tests passed on retry, but we run without retries.
    return {
      passed: report.stats.expected,
      failed: report.stats.unexpected + report.stats.flaky,
      skipped: report.stats.skipped,
    };
  }
  return {
    passed: report.numPassedTests,
    failed: report.numFailedTests,
    skipped: report.numPendingTests + report.numTodoTests,
  };
}
